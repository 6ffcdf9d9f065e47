import { z } from 'zod';
import { textoObrigatorio } from './campos.ts';
import { envelopeSucesso, idParam } from './comum.ts';
import { MENSAGENS } from './mensagens.ts';

/**
 * Banners and sold items (spec 2 §2, §3; spec 3 §2.6, §3.12, §4, §7, §8.2). Both have the same fields and rules;
 * only the text field (peblocotextobanners / peblocotextovendidos) and the messages differ.
 */

/** One uploaded file of a banner or sold item (an image, or a video with its JPEG thumbnail). */
export const midiaPublicacao = z.object({
  fileUrl: z.string(MENSAGENS.preenchimentoObrigatorio).trim().min(1, MENSAGENS.preenchimentoObrigatorio).max(2000),
  fileThumb: z.string().max(2000).nullish(),
  fileName: z.string().max(300).default(''),
  fileOriginal: z.string().max(2000).nullish(),
  video: z.boolean().optional(),
  public_id: z.string().max(500).nullish(),
  asset_id: z.string().max(500).nullish(),
});
export type MidiaPublicacao = z.infer<typeof midiaPublicacao>;

/** The three social targets of a banner or sold item. */
export const ALVOS_SOCIAIS = ['ig_stories', 'ig_feed', 'fb_feed'] as const;
export type AlvoSocial = (typeof ALVOS_SOCIAIS)[number];
export const ROTULO_ALVO: Record<AlvoSocial, string> = {
  ig_stories: 'Instagram Stories',
  ig_feed: 'Instagram Feed',
  fb_feed: 'Facebook Feed',
};
/** The published flag of each target (spec 3 §4). */
export const VALIDACAO_DO_ALVO = { ig_stories: 'valida_stories', ig_feed: 'valida_feed', fb_feed: 'fb_valida_feed' } as const;
export const REDE_DO_ALVO = { ig_stories: 'instagram', ig_feed: 'instagram', fb_feed: 'facebook' } as const;

export type TipoPublicacao = 'banner' | 'vendido';
export const CAMPO_TEXTO = { banner: 'peblocotextobanners', vendido: 'peblocotextovendidos' } as const;

const imagemObrigatoria = z
  .array(midiaPublicacao, MENSAGENS.preenchimentoObrigatorio)
  .min(1, MENSAGENS.preenchimentoObrigatorio)
  // Spec: only the first chosen file is uploaded; a sold item has a single image.
  .max(1, 'Envie um único arquivo');

const flagsPedidas = {
  ig_stories: z.boolean().default(true),
  ig_feed: z.boolean().default(true),
  fb_feed: z.boolean().default(true),
};

/** Include form / body of a banner (spec 2 §5: text non-empty after trimming, an image with non-empty fileUrl). */
export const bannerEntrada = z.object({ imagem: imagemObrigatoria, peblocotextobanners: textoObrigatorio(5000), ...flagsPedidas });
export type BannerEntrada = z.input<typeof bannerEntrada>;
export const vendidoEntrada = z.object({ imagem: imagemObrigatoria, peblocotextovendidos: textoObrigatorio(5000), ...flagsPedidas });
export type VendidoEntrada = z.input<typeof vendidoEntrada>;

/** What a successful publication merges into the item (spec 3 §4). */
export const resultadoPublicacao = z.object({
  valida_stories: z.boolean().optional(),
  id_stories: z.string().nullable().optional(),
  url_stories: z.string().nullable().optional(),
  valida_feed: z.boolean().optional(),
  id_feed: z.string().nullable().optional(),
  url_feed: z.string().nullable().optional(),
  fb_valida_feed: z.boolean().optional(),
  fb_id_feed: z.string().nullable().optional(),
  fb_url_feed: z.string().nullable().optional(),
});
export type ResultadoPublicacao = z.infer<typeof resultadoPublicacao>;

const publicacaoBase = z.object({
  id: z.string(),
  revenda: z.string(),
  nome_revenda: z.string().nullable(),
  imagem: z.array(midiaPublicacao),
  ig_stories: z.boolean(),
  ig_feed: z.boolean(),
  fb_feed: z.boolean(),
  valida_stories: z.boolean(),
  valida_feed: z.boolean(),
  fb_valida_feed: z.boolean(),
  id_stories: z.string().nullable(),
  url_stories: z.string().nullable(),
  id_feed: z.string().nullable(),
  url_feed: z.string().nullable(),
  fb_id_feed: z.string().nullable(),
  fb_url_feed: z.string().nullable(),
  created_id: z.string().nullable(),
  created_at: z.string(),
});
export const banner = publicacaoBase.extend({ peblocotextobanners: z.string() });
export type Banner = z.infer<typeof banner>;
export const vendido = publicacaoBase.extend({ peblocotextovendidos: z.string() });
export type Vendido = z.infer<typeof vendido>;
export const bannerResposta = envelopeSucesso(banner);
export const bannerListaResposta = envelopeSucesso(z.array(banner));
export const vendidoResposta = envelopeSucesso(vendido);
export const vendidoListaResposta = envelopeSucesso(z.array(vendido));

/**
 * Body of `/api/integracao/{instagram|facebook}/incluir-banner` and `incluir-vendido` (spec 3 §7): the whole item.
 * Only its id, reseller and requested flags are read; everything else comes from the stored item.
 * Instagram: ig_stories true with ig_feed false publishes to stories, the reverse to the feed.
 */
const itemPublicar = z.looseObject({
  id: idParam,
  revenda: idParam,
  ig_stories: z.boolean().optional(),
  ig_feed: z.boolean().optional(),
  fb_feed: z.boolean().optional(),
});
export const incluirBannerEntrada = z.object({ api_key: z.string().optional(), banner: itemPublicar });
export const incluirVendidoEntrada = z.object({ api_key: z.string().optional(), vendido: itemPublicar });
export const publicacaoResposta = envelopeSucesso(resultadoPublicacao.extend({ mensagem: z.string() }));

/** The channel wording of spec 3 §8.2. */
export const DESTINO_ALVO: Record<AlvoSocial, string> = {
  ig_stories: 'stories do instagram',
  ig_feed: 'feed do instagram',
  fb_feed: 'feed do facebook',
};
const NOME_TIPO: Record<TipoPublicacao, string> = { banner: 'Banner', vendido: 'Vendido' };
export const MENSAGENS_PUBLICACAO = {
  publicado: (tipo: TipoPublicacao, alvo: AlvoSocial) => `${NOME_TIPO[tipo]} publicado no ${DESTINO_ALVO[alvo]}.`,
  erro: (tipo: TipoPublicacao, alvo: AlvoSocial) => `Erro ao publicar ${tipo} no ${DESTINO_ALVO[alvo]}.`,
  incluido: (tipo: TipoPublicacao) => `${NOME_TIPO[tipo]} incluído com sucesso!`,
  falhaIncluir: (tipo: TipoPublicacao) => `Falha ao incluir ${tipo}!`,
  naoEncontrado: (tipo: TipoPublicacao) => (tipo === 'banner' ? 'Banner não encontrado.' : 'Vendido não encontrado.'),
  emAndamento: 'Esta publicação já está em andamento. Aguarde alguns instantes.',
  integracaoInativa: (rede: string) => `A integração com o ${rede} não está ativa para esta revenda.`,
  alvoIndefinido: 'Indique stories (ig_stories) ou feed (ig_feed) do Instagram.',
  naoPedido: 'Publicação no feed do Facebook não solicitada (fb_feed).',
  arquivoAlheio: 'O arquivo informado não foi enviado por este painel.',
} as const;
