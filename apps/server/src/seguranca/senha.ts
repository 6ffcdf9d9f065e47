import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (senha: string, sal: Buffer, tamanho: number, op: object) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const TAMANHO = 64;

/** scrypt hash stored as `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later. */
export async function gerarHashSenha(senha: string): Promise<string> {
  const sal = randomBytes(16);
  const hash = await scrypt(senha, sal, TAMANHO, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, sal.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function conferirSenha(senha: string, armazenado: string): Promise<boolean> {
  const [alg, n, r, p, sal, hash] = armazenado.split('$');
  if (alg !== 'scrypt' || !sal || !hash) return false;
  const esperado = Buffer.from(hash, 'base64url');
  const obtido = await scrypt(senha, Buffer.from(sal, 'base64url'), esperado.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(esperado, obtido);
}

/** A hash of a random password, used to compare against when the e-mail is unknown (same timing). */
export const HASH_FICTICIO = `scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$${'A'.repeat(86)}`;
