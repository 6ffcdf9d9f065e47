import { z } from 'zod';
import { envelopeSucesso } from './comum.ts';

/** Public site feed of a reseller (issue 27 item 2; docs/feed.md). */
export const MENSAGENS_FEED = {
  titulo: 'Feed do site',
  ativar: 'Publicar o feed do site',
  descricao:
    'Endereços públicos com os veículos marcados para exibir no site, para o site da revenda ler. Vendidos ficam 30 dias marcados como vendidos.',
  gerarNovo: 'Gerar novo endereço',
  confirmarNovo: 'Gerar um novo endereço? O endereço atual deixa de funcionar e o site precisará usar o novo.',
  novoGerado: 'Novo endereço gerado. O anterior não funciona mais.',
  salvo: 'Feed do site atualizado.',
  copiar: 'Copiar',
  copiado: 'Copiado',
  desativado: 'Ative o feed para ver os endereços.',
  naoEncontrado: 'Feed não encontrado.',
  limite: 'Muitas requisições a este feed. Tente de novo em instantes.',
} as const;

/** Days a sold vehicle stays in the feed, flagged vendido with its date. */
export const FEED_DIAS_VENDIDO = 30;

export const feedFoto = z.object({
  url: z.string().describe('Endereço público da imagem de exibição'),
  miniatura: z.string().nullable().describe('Endereço público da miniatura'),
});

export const feedVeiculo = z.object({
  id: z.string().uuid(),
  tipo: z.enum(['carro', 'moto', 'caminhao', 'outros']),
  marca: z.string(),
  modelo: z.string(),
  versao: z.string(),
  titulo: z.string().describe('Marca, modelo e versão'),
  ano_fabricacao: z.number().int(),
  ano_modelo: z.number().int(),
  combustivel: z.string(),
  cambio: z.string().nullable(),
  cor: z.string().nullable(),
  portas: z.number().int().nullable(),
  carroceria: z.string().nullable(),
  quilometragem: z.number().int(),
  preco: z.number().describe('Preço em reais'),
  codigo: z.string().nullable().describe('Código interno da revenda'),
  observacao: z.string().nullable(),
  novo: z.boolean(),
  ipva_pago: z.boolean(),
  blindado: z.boolean(),
  garantia_fabrica: z.boolean(),
  destaque: z.boolean(),
  opcionais: z.array(z.string()),
  fotos: z.array(feedFoto).describe('Na ordem da revenda; só versões públicas, nunca o original'),
  vendido: z.boolean(),
  vendido_em: z.string().nullable().describe('Data e hora da venda (ISO 8601), só para vendidos'),
  atualizado_em: z.string(),
  json_ld: z.record(z.string(), z.unknown()).describe('schema.org/Car do veículo, para o site incluir como JSON-LD'),
});
export type FeedVeiculo = z.infer<typeof feedVeiculo>;

export const feedRevenda = z.object({
  nome: z.string(),
  email: z.string(),
  site: z.string().nullable(),
  telefones: z.array(z.string()),
  endereco: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  logotipo: z.string().nullable(),
  texto_veiculos: z.string().nullable().describe('Bloco de texto dos anúncios'),
  texto_vendidos: z.string().nullable().describe('Bloco de texto dos vendidos'),
  texto_sobre_nos: z.string().nullable(),
  horario_seg_sex: z.string().nullable(),
  horario_sab: z.string().nullable(),
  mapa: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
});

export const feedDocumento = z.object({
  versao: z.literal(1),
  gerado_em: z.string(),
  revenda: feedRevenda,
  veiculos: z.array(feedVeiculo),
});
export type FeedDocumento = z.infer<typeof feedDocumento>;

/** The feed's setting, as the reseller's data form shows it. */
export const feedConfiguracao = z.object({
  ativo: z.boolean(),
  json: z.string().nullable().describe('Endereço do feed em JSON (null enquanto desativado)'),
  xml: z.string().nullable(),
});
export type FeedConfiguracao = z.infer<typeof feedConfiguracao>;
export const respostaFeedConfiguracao = envelopeSucesso(feedConfiguracao);
export const feedAtivarEntrada = z.object({ ativo: z.boolean({ error: 'Informe se o feed fica ativo.' }) });
