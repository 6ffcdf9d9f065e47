import { createHash, randomBytes } from 'node:crypto';

export const gerarToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
