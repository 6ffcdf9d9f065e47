import { z } from 'zod';
import { envelopeSucesso } from './comum.ts';

export const contadoresAdmin = z.object({
  incluidos: z.number().int(),
  vendidos: z.number().int(),
  alterados: z.number().int(),
  removidos: z.number().int(),
  banners: z.number().int(),
});
export type ContadoresAdmin = z.infer<typeof contadoresAdmin>;

export const contadoresRevenda = z.object({
  veiculos: z.number().int(),
  vendidos: z.number().int(),
  usuarios: z.number().int(),
  historico: z.number().int(),
  banners: z.number().int(),
});
export type ContadoresRevenda = z.infer<typeof contadoresRevenda>;

export const contadoresAdminResposta = envelopeSucesso(contadoresAdmin);
export const contadoresRevendaResposta = envelopeSucesso(contadoresRevenda);

/** Dealer dashboard widgets (issue 25 item 1): figures, three charts and the "Precisa de atenção" list. */
export const FAIXAS_IDADE = ['0–30', '31–60', '61–90', '90+'] as const;
export const ESTADOS_PAINEL = ['publicado', 'desatualizado', 'falhou', 'pendente'] as const;
export const TIPOS_ATENCAO = [
  'anuncios_falhos',
  'anuncios_desatualizados',
  'sem_fotos',
  'sem_canal',
  'estoque_90_dias',
  /** Price more than 10 % above the FIPE price cached for the version and model year (none cached: not counted). */
  'preco_acima_fipe',
  'token_vencendo',
] as const;

export const painelRevenda = z.object({
  /** Not removed, not sold. */
  a_venda: z.number().int(),
  /** Cars marked sold in the last 30 days (veiculo_vendas), not sold posts. */
  vendidos_30_dias: z.number().int(),
  /** Leads in state 'novo' (issue 26): nobody has taken them yet. */
  leads_novos: z.number().int(),
  idade_estoque: z.array(z.object({ faixa: z.enum(FAIXAS_IDADE), quantidade: z.number().int() })),
  anuncios_por_canal: z.array(
    z.object({
      canal: z.string(),
      publicado: z.number().int(),
      desatualizado: z.number().int(),
      falhou: z.number().int(),
      pendente: z.number().int(),
    }),
  ),
  /** Last 12 weeks (Monday, São Paulo date), oldest first. */
  vendas_por_semana: z.array(z.object({ semana: z.string(), quantidade: z.number().int() })),
  atencao: z.array(
    z.object({
      tipo: z.enum(TIPOS_ATENCAO),
      quantidade: z.number().int(),
      canal: z.string().nullable(),
      /** The in-app address of the screen that fixes it. */
      link: z.string(),
    }),
  ),
});
export type PainelRevenda = z.infer<typeof painelRevenda>;
export const painelRevendaResposta = envelopeSucesso(painelRevenda);
/** Ids of the stock priced more than 10 % above its cached FIPE price (the attention item's list filter). */
export const veiculosAcimaFipeResposta = envelopeSucesso(z.array(z.string()));

/** Admin dashboard additions (issue 25 item 2): the provider's picture and the channels' health. */
export const painelAdmin = z.object({
  revendas_por_plano: z.array(z.object({ plano: z.string(), quantidade: z.number().int() })),
  anuncios_por_canal: painelRevenda.shape.anuncios_por_canal,
  /** Per channel, the last 24 h: sends tried, failed, and how many resellers failed (many = an outage). */
  saude_canais: z.array(
    z.object({
      canal: z.string(),
      tentativas: z.number().int(),
      falhas: z.number().int(),
      revendas_com_falha: z.number().int(),
    }),
  ),
  /** Age in seconds of the oldest entry of each moderation queue (null: empty queue). */
  filas_mais_antigas: z.array(z.object({ fila: z.string(), segundos: z.number().int().nullable() })),
});
export type PainelAdmin = z.infer<typeof painelAdmin>;
export const painelAdminResposta = envelopeSucesso(painelAdmin);
