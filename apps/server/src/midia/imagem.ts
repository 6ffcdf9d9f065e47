import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ErroHttp } from '../lib/http.ts';

export const MENSAGENS_IMAGEM = {
  naoImagem: 'O arquivo enviado não é uma imagem (JPEG, PNG, WebP ou GIF).',
  corrompida: 'A imagem está corrompida ou incompleta. Envie o arquivo novamente.',
  grandeDemais: (mb: number) => `A imagem deve ter no máximo ${mb} MB.`,
  semArquivo: 'Nenhum arquivo enviado.',
} as const;

/** Spec 1 §7: logos (and frame images) uploaded while including a reseller (it has no id yet). */
export const PASTA_LOGOS_NOVOS = 'logos-novos-clientes';

const FORMATOS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** Checks by content (not by name or declared type) that the bytes are an image we accept. */
export async function conferirImagem(dados: Buffer) {
  try {
    const meta = await sharp(dados, { animated: false }).metadata();
    if (!meta.format || !FORMATOS.has(meta.format) || !meta.width || !meta.height) throw new Error('formato');
    return { formato: meta.format, largura: meta.width, altura: meta.height };
  } catch {
    throw new ErroHttp(400, MENSAGENS_IMAGEM.naoImagem);
  }
}

/** Reseller logo: shown up to 180x80, stored at twice that (sharp screens), PNG to keep transparency. */
export async function prepararLogotipo(dados: Buffer): Promise<Buffer> {
  await conferirImagem(dados);
  return sharp(dados, { failOn: 'error' })
    .rotate()
    .resize({ width: 360, height: 160, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(corrompida);
}

/** A file whose header reads as an image but whose data does not decode (truncated, damaged): the client's 400. */
const corrompida = (): never => {
  throw new ErroHttp(400, MENSAGENS_IMAGEM.corrompida);
};

/** Frame image (moldura): kept as PNG at its size, at most 4096 px wide. */
export async function prepararMoldura(dados: Buffer): Promise<{ dados: Buffer; largura: number; altura: number }> {
  await conferirImagem(dados);
  const { data, info } = await sharp(dados, { failOn: 'error' })
    .rotate()
    .resize({ width: 4096, withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true })
    .catch(corrompida);
  return { dados: data, largura: info.width, altura: info.height };
}

export const nomeUnico = (prefixo: string, extensao: string) =>
  `${prefixo}-${Date.now()}-${randomBytes(6).toString('hex')}.${extensao}`.toLowerCase().replace(/[^a-z0-9._-]/g, '-');
