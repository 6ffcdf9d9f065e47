import { z } from 'zod';
import { envelopeSucesso } from './comum.ts';

/** What an uploaded image is for: it picks the reseller's frame (veiculo, vendido) or none (banner). */
export const TIPOS_IMAGEM = ['veiculo', 'vendido', 'banner'] as const;
export const tipoImagem = z.enum(TIPOS_IMAGEM, 'Tipo de imagem inválido: use veiculo, vendido ou banner.');
export type TipoImagem = z.infer<typeof tipoImagem>;

/** Upload limits of the image pipeline (issue 8): by content, size and pixel count. */
export const LIMITES_IMAGEM = { megabytes: 15, megapixels: 50 } as const;

/**
 * The entry an image upload answers (`POST /api/revendas/:idRevenda/imagens`), stored as is in a vehicle's,
 * banner's or sold item's image list. Every address is a file of the product's storage under
 * `revendas/{idRevenda}/{tipo}/`.
 */
export const imagemEnviada = z.object({
  imagem: z.string().describe('Identificador do envio: o prefixo das chaves dos seus arquivos (revendas/{idRevenda}/{tipo}/{id})'),
  fileName: z.string().describe('Nome original do arquivo, higienizado'),
  fileUrl: z.string().describe('Imagem para exibição (até 1600 px; com a moldura da revenda quando houver)'),
  fileThumb: z.string().describe('Miniatura (até 200×160, exibida em até 100×80)'),
  fileOriginal: z.string().describe('Arquivo original, pixels intactos e metadados removidos'),
});
export type ImagemEnviada = z.infer<typeof imagemEnviada>;
export const respostaImagemEnviada = envelopeSucesso(imagemEnviada);

export const MENSAGENS_MIDIA = {
  semArquivo: 'Nenhum arquivo enviado: escolha uma imagem.',
  naoImagem: 'O arquivo enviado não é uma imagem JPEG, PNG ou WebP.',
  corrompida: 'A imagem está corrompida ou incompleta. Envie o arquivo novamente.',
  grandeDemais: `A imagem deve ter no máximo ${LIMITES_IMAGEM.megabytes} MB.`,
  pixelsDemais: `A imagem deve ter no máximo ${LIMITES_IMAGEM.megapixels} megapixels.`,
} as const;
