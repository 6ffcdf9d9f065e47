import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of channel passwords, codes and tokens (AES-256-GCM, key derived from SECRET_KEY).
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export class Cofre {
  readonly #chave: Buffer;

  constructor(secretKey: string) {
    this.#chave = createHash('sha256').update(`intermedio:cofre:${secretKey}`).digest();
  }

  cifrar(valor: unknown): string {
    const iv = randomBytes(12);
    const cifra = createCipheriv('aes-256-gcm', this.#chave, iv);
    const dados = Buffer.concat([cifra.update(JSON.stringify(valor), 'utf8'), cifra.final()]);
    return ['v1', iv.toString('base64url'), cifra.getAuthTag().toString('base64url'), dados.toString('base64url')].join('.');
  }

  decifrar<T = unknown>(texto: string): T {
    const [versao, iv, tag, dados] = texto.split('.');
    if (versao !== 'v1' || !iv || !tag || dados === undefined) throw new Error('Formato cifrado desconhecido');
    const decifra = createDecipheriv('aes-256-gcm', this.#chave, Buffer.from(iv, 'base64url'));
    decifra.setAuthTag(Buffer.from(tag, 'base64url'));
    const claro = Buffer.concat([decifra.update(Buffer.from(dados, 'base64url')), decifra.final()]);
    return JSON.parse(claro.toString('utf8')) as T;
  }
}
