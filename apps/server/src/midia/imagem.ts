import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ErroHttp } from '../lib/http.ts';
import { conferirPixels, LIMITE_PIXELS, naFilaDeImagens } from './pipeline.ts';

export const MENSAGENS_IMAGEM = {
  naoImagem: 'O arquivo enviado não é uma imagem (JPEG, PNG, WebP ou GIF).',
  corrompida: 'A imagem está corrompida ou incompleta. Envie o arquivo novamente.',
  grandeDemais: (mb: number) => `A imagem deve ter no máximo ${mb} MB.`,
  semArquivo: 'Nenhum arquivo enviado.',
} as const;

/** Spec 1 §7: logos (and frame images) uploaded while including a reseller (it has no id yet). */
export const PASTA_LOGOS_NOVOS = 'logos-novos-clientes';

const FORMATOS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Checks by content (not by name or declared type) that the bytes are an image we accept, of at most 50 megapixels
 * by its header (413, as every other image), before anything is decoded.
 */
export async function conferirImagem(dados: Buffer) {
  const meta = await sharp(dados, { animated: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !FORMATOS.has(meta.format) || !meta.width || !meta.height) throw new ErroHttp(400, MENSAGENS_IMAGEM.naoImagem);
  conferirPixels(meta.width, meta.height);
  return { formato: meta.format, largura: meta.width, altura: meta.height };
}

/** Decoding options of a logo or frame: the pixel limit enforced by libvips too, truncated files refused. */
const LEITURA = { failOn: 'error', limitInputPixels: LIMITE_PIXELS } as const;

/**
 * Reseller logo: shown up to 180x80, stored at twice that (sharp screens), PNG to keep transparency. Checked and
 * decoded in the image queue shared with photos (pipeline.ts).
 */
export function prepararLogotipo(dados: Buffer): Promise<Buffer> {
  return naFilaDeImagens(async () => {
    await conferirImagem(dados);
    return sharp(dados, LEITURA)
      .rotate()
      .resize({ width: 360, height: 160, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer()
      .catch(corrompida);
  });
}

/** A file whose header reads as an image but whose data does not decode (truncated, damaged): the client's 400. */
const corrompida = (): never => {
  throw new ErroHttp(400, MENSAGENS_IMAGEM.corrompida);
};

/** Frame image (moldura): kept as PNG at its size, at most 4096 px wide; in the shared image queue too. */
export function prepararMoldura(dados: Buffer): Promise<{ dados: Buffer; largura: number; altura: number }> {
  return naFilaDeImagens(async () => {
    await conferirImagem(dados);
    const { data, info } = await sharp(dados, LEITURA)
      .rotate()
      .resize({ width: 4096, withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true })
      .catch(corrompida);
    return { dados: data, largura: info.width, altura: info.height };
  });
}

export const nomeUnico = (prefixo: string, extensao: string) =>
  `${prefixo}-${Date.now()}-${randomBytes(6).toString('hex')}.${extensao}`.toLowerCase().replace(/[^a-z0-9._-]/g, '-');
