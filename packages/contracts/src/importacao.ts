import { z } from 'zod';
import { envelopeSucesso } from './comum.ts';

/**
 * Stock import (issue 27 item 1; docs/importacao.md): a CSV / XLSX upload or another system's XML / JSON feed URL →
 * column mapping → preview with the form's validation → confirm → a durable job that creates or updates vehicles.
 * Routes live under /api/revendas/:idRevenda/importacoes (gestor of the reseller and admin).
 */

/** The panel's fields a source column can fill; the template's columns in this order. */
export const CAMPOS_IMPORTACAO = [
  'tipo',
  'marca',
  'modelo',
  'versao',
  'codigo_fipe',
  'ano_fabricacao',
  'ano_modelo',
  'combustivel',
  'cambio',
  'cor',
  'portas',
  'carroceria',
  'placa',
  'km',
  'valor',
  'codigo_interno',
  'observacao',
  'novo',
  'ipva_pago',
  'blindado',
  'garantia_fabrica',
  'exibir_site',
  'opcionais',
  'fotos',
] as const;
export type CampoImportacao = (typeof CAMPOS_IMPORTACAO)[number];

/** Column titles of the template (and the mapping screen's labels). */
export const ROTULO_CAMPO_IMPORTACAO: Record<CampoImportacao, string> = {
  tipo: 'Tipo',
  marca: 'Marca',
  modelo: 'Modelo',
  versao: 'Versão',
  codigo_fipe: 'Código FIPE',
  ano_fabricacao: 'Ano de fabricação',
  ano_modelo: 'Ano do modelo',
  combustivel: 'Combustível',
  cambio: 'Câmbio',
  cor: 'Cor',
  portas: 'Portas',
  carroceria: 'Carroceria',
  placa: 'Placa',
  km: 'Km',
  valor: 'Valor',
  codigo_interno: 'Código interno',
  observacao: 'Observação',
  novo: 'Zero km',
  ipva_pago: 'IPVA pago',
  blindado: 'Blindado',
  garantia_fabrica: 'Garantia de fábrica',
  exibir_site: 'Exibir no site',
  opcionais: 'Opcionais',
  fotos: 'Fotos',
};

/** The vehicle form's field each import field feeds: a row's errors carry the form's messages for that field. */
export const CAMPO_VEICULO_IMPORTACAO: Record<CampoImportacao, string> = {
  tipo: 'vetipoveiculo',
  marca: 'vefipe_marca',
  modelo: 've_modelo',
  versao: 've_versao',
  codigo_fipe: 'vefipe_codigo',
  ano_fabricacao: 'veano_fabricacao',
  ano_modelo: 'vefipe_ano_modelo',
  combustivel: 'vefipe_combustivel',
  cambio: 'vecambio',
  cor: 'vecor',
  portas: 'veportas',
  carroceria: 'vecarroceria',
  placa: 'veiplaca',
  km: 'vequilometragem',
  valor: 'vevalor',
  codigo_interno: 'vecodigo_interno',
  observacao: 'veobservacao',
  novo: 'veveiculonovo',
  ipva_pago: 'veipva_pago',
  blindado: 'veblindado',
  garantia_fabrica: 'vegarantia_fabrica',
  exibir_site: 'veexibir_site',
  opcionais: 'opcionais',
  fotos: 'imagens',
};

export const ORIGENS_IMPORTACAO = ['csv', 'xlsx', 'xml', 'json'] as const;
export type OrigemImportacao = (typeof ORIGENS_IMPORTACAO)[number];

/** rascunho: uploaded, being mapped / previewed; importando: the job runs; concluida / falhou: ended. */
export const ESTADOS_IMPORTACAO = ['rascunho', 'importando', 'concluida', 'falhou'] as const;
export type EstadoImportacao = (typeof ESTADOS_IMPORTACAO)[number];
export const ROTULO_ESTADO_IMPORTACAO: Record<EstadoImportacao, string> = {
  rascunho: 'Aguardando confirmação',
  importando: 'Importando',
  concluida: 'Concluída',
  falhou: 'Falhou',
};

/** What the preview plans for a row, and what the job did. */
export const ACOES_LINHA_IMPORTACAO = ['criar', 'atualizar', 'ignorar'] as const;
export type AcaoLinhaImportacao = (typeof ACOES_LINHA_IMPORTACAO)[number];
export const RESULTADOS_LINHA_IMPORTACAO = ['aguardando', 'criado', 'atualizado', 'ignorado'] as const;
export type ResultadoLinhaImportacao = (typeof RESULTADOS_LINHA_IMPORTACAO)[number];
export const ROTULO_RESULTADO_LINHA: Record<ResultadoLinhaImportacao, string> = {
  aguardando: 'Aguardando',
  criado: 'Criado',
  atualizado: 'Atualizado',
  ignorado: 'Ignorado',
};

/** Limits of a source: upload size, rows, photos per row (the form's 40). */
export const IMPORTACAO_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORTACAO_MAX_LINHAS = 5000;

export const MENSAGENS_IMPORTACAO = {
  titulo: 'Importar estoque',
  baixarModeloCsv: 'Baixar modelo CSV',
  baixarModeloXlsx: 'Baixar modelo XLSX',
  arquivoInvalido: 'Arquivo inválido: envie uma planilha CSV ou XLSX.',
  arquivoGrande: 'Arquivo muito grande: no máximo 10 MB.',
  semLinhas: 'A planilha não tem nenhuma linha de veículo.',
  muitasLinhas: `No máximo ${IMPORTACAO_MAX_LINHAS} veículos por importação.`,
  urlInvalida: 'Endereço inválido: use um endereço http ou https.',
  urlBloqueada: 'Endereço não permitido: aponta para uma rede interna.',
  urlFalhou: (motivo: string) => `Não foi possível ler o endereço: ${motivo}`,
  feedInvalido: 'O endereço não devolveu um feed de estoque XML ou JSON reconhecido.',
  naoEncontrada: 'Importação não encontrada.',
  jaConfirmada: 'Esta importação já foi confirmada.',
  naoConfirmada: 'Esta importação ainda não foi confirmada.',
  semMapeamento: (campo: string) => `Escolha a coluna de "${campo}".`,
  colunaInexistente: (coluna: string) => `Coluna inexistente no arquivo: ${coluna}.`,
  escolhaVersao: 'Mais de uma versão FIPE corresponde: escolha uma.',
  versaoNaoEncontrada: 'Marca, modelo ou versão não encontrados na tabela FIPE.',
  duplicadoArquivo: (linha: number) => `Mesma placa ou código da linha ${linha} deste arquivo.`,
  semNada: 'Nenhuma linha válida para importar.',
  iniciada: 'Importação iniciada.',
  opcionalDesconhecido: (nome: string) => `Opcional não encontrado no catálogo: ${nome}.`,
  linhaDesistida: (n: number) =>
    `Não foi possível importar esta linha: falhou ${n} vezes. Tente de novo ou cadastre o veículo pelo formulário.`,
  fotoDesistida: (n: number) => `Não foi possível gravar a foto: falhou ${n} vezes.`,
} as const;

/** Source column (as in the file / feed) chosen for each panel field; null or absent: not imported. */
export const mapeamentoImportacao = z
  .partialRecord(z.enum(CAMPOS_IMPORTACAO), z.string().max(200).nullable())
  .describe('Campo do painel → coluna do arquivo (null: não importar)');
export type MapeamentoImportacao = z.infer<typeof mapeamentoImportacao>;

/** POST …/importacoes/url */
export const importacaoUrlEntrada = z.object({
  url: z
    .string({ error: MENSAGENS_IMPORTACAO.urlInvalida })
    .trim()
    .max(2000, MENSAGENS_IMPORTACAO.urlInvalida)
    .refine((u) => /^https?:\/\/[^\s]+$/i.test(u) && URL.canParse(u), MENSAGENS_IMPORTACAO.urlInvalida),
});

/** POST …/importacoes/:id/previa */
export const previaImportacaoEntrada = z.object({ mapeamento: mapeamentoImportacao });

/** POST …/importacoes/:id/confirmar: the mapping previewed, and the FIPE version chosen for ambiguous rows. */
export const confirmarImportacaoEntrada = z.object({
  mapeamento: mapeamentoImportacao,
  escolhas: z
    .record(z.string().regex(/^\d+$/), z.string().max(20))
    .default({})
    .describe('Número da linha → código FIPE escolhido entre as opções da prévia'),
});

export const progressoImportacao = z.object({
  total: z.number().int().describe('Linhas a importar (criar + atualizar da prévia confirmada)'),
  feitas: z.number().int(),
  criados: z.number().int(),
  atualizados: z.number().int(),
  ignorados: z.number().int(),
  fotos_falhas: z.number().int().describe('Fotos por endereço que não puderam ser baixadas'),
});
export type ProgressoImportacao = z.infer<typeof progressoImportacao>;

export const importacao = z.object({
  id: z.string(),
  origem: z.enum(ORIGENS_IMPORTACAO),
  nome: z.string().describe('Nome do arquivo ou endereço do feed'),
  estado: z.enum(ESTADOS_IMPORTACAO),
  colunas: z.array(z.string()).describe('Colunas da origem, na ordem'),
  amostra: z.array(z.record(z.string(), z.string())).describe('Primeiras linhas (até 5), coluna → valor'),
  total_linhas: z.number().int(),
  mapeamento: mapeamentoImportacao.describe('O último confirmado ou prévio; senão o adivinhado pelos títulos'),
  progresso: progressoImportacao,
  motivo: z.string().nullable().describe('Por que a importação falhou'),
  created_at: z.string(),
  concluida_em: z.string().nullable(),
});
export type Importacao = z.infer<typeof importacao>;
export const importacaoResposta = envelopeSucesso(importacao);
export const importacoesResposta = envelopeSucesso(z.array(importacao.omit({ amostra: true })));

export const opcaoFipe = z.object({ codigo: z.string(), marca: z.string(), modelo: z.string(), versao: z.string() });
export type OpcaoFipe = z.infer<typeof opcaoFipe>;

export const linhaPrevia = z.object({
  numero: z.number().int().describe('Linha na origem (1 = primeira linha de dados)'),
  acao: z.enum(ACOES_LINHA_IMPORTACAO),
  veiculo: z.string().describe('Marca, modelo, versão e ano, como lidos'),
  placa: z.string(),
  codigo_interno: z.string(),
  valor: z.string().nullable(),
  erros: z.array(z.object({ campo: z.enum(CAMPOS_IMPORTACAO), mensagem: z.string() })).describe('As mensagens do formulário'),
  avisos: z.array(z.string()).describe('O que não impede a importação (opcional desconhecido…)'),
  fipe: z.object({
    estado: z.enum(['encontrado', 'ambiguo', 'nao_encontrado']),
    escolhido: opcaoFipe.nullable(),
    opcoes: z.array(opcaoFipe).describe('Ambíguo: as versões possíveis'),
  }),
  duplicado: z.object({ id: z.string(), nome: z.string() }).nullable().describe('Veículo da revenda com a mesma placa ou código'),
  fotos: z.number().int(),
});
export type LinhaPrevia = z.infer<typeof linhaPrevia>;

export const previaImportacao = z.object({
  linhas: z.array(linhaPrevia),
  resumo: z.object({ criar: z.number().int(), atualizar: z.number().int(), ignorar: z.number().int(), ambiguas: z.number().int() }),
});
export type PreviaImportacao = z.infer<typeof previaImportacao>;
export const previaImportacaoResposta = envelopeSucesso(previaImportacao);

/** GET …/importacoes/:id/linhas: what the job did per row (the report's rows). */
export const resultadoLinhaImportacao = z.object({
  numero: z.number().int(),
  veiculo: z.string(),
  resultado: z.enum(RESULTADOS_LINHA_IMPORTACAO),
  veiculo_id: z.string().nullable(),
  motivo: z.string().nullable(),
  fotos_falhas: z.array(z.object({ url: z.string(), motivo: z.string() })),
});
export type LinhaResultadoImportacao = z.infer<typeof resultadoLinhaImportacao>;
export const resultadosImportacaoResposta = envelopeSucesso(z.array(resultadoLinhaImportacao));

/** GET …/importacoes/modelo?formato=csv|xlsx, GET …/importacoes/:id/relatorio (CSV). */
export const modeloImportacaoConsulta = z.object({
  formato: z.enum(['csv', 'xlsx'], { error: 'Formato inválido: use csv ou xlsx.' }),
});
