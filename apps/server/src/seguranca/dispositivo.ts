import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const VALIDADE_DISPOSITIVO_DIAS = 180;

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account gets `v1.<user id>.<nonce>.<expiry, unix seconds>.<mac>`, an HMAC-SHA256 with a key derived from
 * SECRET_KEY. The MAC also covers the user's password hash, so a password change revokes every device cookie.
 */
export function criarSeloDispositivo(secretKey: string) {
  const chave = createHmac('sha256', secretKey).update('intermedio:dispositivo').digest();
  const assinar = (dados: string, senhaHash: string) =>
    createHmac('sha256', chave)
      .update(`${dados}|${createHash('sha256').update(senhaHash).digest('hex')}`)
      .digest();

  return {
    emitir(usuario: { id: string; senha_hash: string }, agora = Date.now()): string {
      const expira = Math.floor(agora / 1000) + VALIDADE_DISPOSITIVO_DIAS * 86_400;
      const dados = `v1.${usuario.id}.${randomBytes(16).toString('base64url')}.${expira}`;
      return `${dados}.${assinar(dados, usuario.senha_hash).toString('base64url')}`;
    },

    /** The device id (user id + nonce) of a cookie signed for this user and not expired; otherwise null. */
    conferir(valor: string | undefined, usuario: { id: string; senha_hash: string }, agora = Date.now()): string | null {
      const partes = valor?.split('.') ?? [];
      if (partes.length !== 5) return null;
      const [versao, id, nonce, expira, mac] = partes as [string, string, string, string, string];
      if (versao !== 'v1' || id !== usuario.id || !/^\d+$/.test(expira) || Number(expira) * 1000 <= agora) return null;
      const esperado = assinar(`${versao}.${id}.${nonce}.${expira}`, usuario.senha_hash);
      const obtido = Buffer.from(mac, 'base64url');
      if (obtido.length !== esperado.length || !timingSafeEqual(obtido, esperado)) return null;
      return `${id}.${nonce}`;
    },
  };
}
export type SeloDispositivo = ReturnType<typeof criarSeloDispositivo>;
