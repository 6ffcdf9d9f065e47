import { z } from 'zod';
import { envelopeSucesso } from './comum.ts';

/** Highlight images and site banners of a reseller (spec 2 §2, §3; admin only): one uploaded file each. */
export const imagemRevenda = z.object({
  id: z.string(),
  revenda: z.string(),
  imagem_url: z.string(),
  imagem_name: z.string(),
  created_id: z.string().nullable(),
  created_at: z.string(),
});
export type ImagemRevenda = z.infer<typeof imagemRevenda>;
export const imagemRevendaResposta = envelopeSucesso(imagemRevenda);
export const imagemRevendaListaResposta = envelopeSucesso(z.array(imagemRevenda));

export const TIPOS_IMAGEM_REVENDA = ['imagem-destaque', 'banner-site'] as const;
export type TipoImagemRevenda = (typeof TIPOS_IMAGEM_REVENDA)[number];
/** Spec 2 §9: recommended size of a site banner. */
export const TAMANHO_BANNER_SITE = { largura: 4032, altura: 1435 } as const;

export const MENSAGENS_IMAGEM_REVENDA = {
  confirmarExclusao: 'Deseja excluir esta imagem permanentemente?',
  incluida: 'Imagem incluída com sucesso!',
  removida: 'Imagem removida com sucesso!',
  falhaRemover: 'Falha ao remover imagem!',
  naoEncontrada: 'Imagem não encontrada.',
} as const;
