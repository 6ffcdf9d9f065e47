import { z } from 'zod';
import { textoObrigatorio } from './campos.ts';
import { envelopeSucesso, idParam } from './comum.ts';
import { MENSAGENS } from './mensagens.ts';

/**
 * FIPE: the manual FIPE vehicle table (spec 2 §2, §3, §5, §7, §8) and the vehicle-price lookup
 * (brands, models, model years and versions by vehicle type, spec 2 §5 and §9).
 */

/** Type codes of the manual table: 1 car, 2 motorcycle, 3 truck, 0 others (spec 2 §9). */
export const TIPOS_FIPE = [1, 2, 3, 0] as const;
export type TipoFipe = (typeof TIPOS_FIPE)[number];
/** Type codes of the price lookup: carro 1, moto 2, caminhão 3 (0 = others: only the manual table answers). */
export const TIPOS_CONSULTA_FIPE = [1, 2, 3] as const;
export type TipoConsultaFipe = (typeof TIPOS_CONSULTA_FIPE)[number];

export const ROTULO_TIPO_FIPE: Record<TipoFipe, string> = { 1: 'Carro', 2: 'Moto', 3: 'Caminhão', 0: 'Outros' };
/** The names the vehicle form uses (vetipoveiculo) and their codes. */
export const CODIGO_TIPO_VEICULO = { carro: 1, moto: 2, caminhao: 3, outros: 0 } as const satisfies Record<string, TipoFipe>;

export const MENSAGENS_FIPE = {
  confirmarExclusao: (v: { marca_api: string; modelo_api: string; versao_api: string }) =>
    `Deseja excluir este veículo (${v.marca_api} ${v.modelo_api} ${v.versao_api}) permanentemente?`,
  excluido: 'Veículo excluído com sucesso!',
  erroExcluir: 'Erro ao excluir veículo!',
  incluido: 'Veículo incluído com sucesso!',
  erroIncluir: 'Erro ao incluir veículo!',
  naoEncontrado: 'Veículo não encontrado.',
  tipoInvalido: 'Tipo inválido',
  consultaIndisponivel: 'Tabela FIPE indisponível no momento.',
  consultaNaoEncontrada: 'Não encontrado na tabela FIPE.',
} as const;

/** Type of a manual vehicle: the code (0–3, number or text) or the form's name (carro, moto, caminhao, outros). */
export const tipoFipeCampo = z
  .union([z.number(), z.string()], MENSAGENS_FIPE.tipoInvalido)
  .nullish()
  .transform((v, ctx): TipoFipe => {
    const texto = v === null || v === undefined ? '' : String(v).trim().toLowerCase();
    if (texto === '') {
      ctx.addIssue({ code: 'custom', message: MENSAGENS.preenchimentoObrigatorio });
      return z.NEVER;
    }
    const porNome = (CODIGO_TIPO_VEICULO as Record<string, TipoFipe>)[texto === 'caminhão' ? 'caminhao' : texto];
    const codigo = porNome ?? (/^\d$/.test(texto) ? Number(texto) : Number.NaN);
    if (!(TIPOS_FIPE as readonly number[]).includes(codigo)) {
      ctx.addIssue({ code: 'custom', message: MENSAGENS_FIPE.tipoInvalido });
      return z.NEVER;
    }
    return codigo as TipoFipe;
  });

/** Include a manual FIPE vehicle: every value trimmed and required (spec 2 §5). */
export const fipeManualEntrada = z.object({
  tipo: tipoFipeCampo,
  marca_api: textoObrigatorio(120),
  modelo_api: textoObrigatorio(120),
  versao_api: textoObrigatorio(200),
  anomod: textoObrigatorio(20),
});
export type FipeManualEntrada = z.input<typeof fipeManualEntrada>;

/**
 * The spec's calls carry an api token in the body (`api_key`, or `token`); it is accepted for compatibility with
 * the reseller's app but authorises nothing: the session does.
 */
export const corpoLegadoFipe = z.object({
  api_key: z.string().max(500).optional().describe('Aceito por compatibilidade; não autoriza nada (vale a sessão)'),
  token: z.string().max(500).optional().describe('Aceito por compatibilidade; não autoriza nada (vale a sessão)'),
});
export const fipeManualIncluirCorpo = fipeManualEntrada.extend(corpoLegadoFipe.shape);
export const fipeManualDeletarCorpo = corpoLegadoFipe.extend({ veiculo_id: idParam });

export const fipeManualVeiculo = z.object({
  id: z.string(),
  tipo: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  marca_api: z.string(),
  modelo_api: z.string(),
  versao_api: z.string(),
  anomod: z.string(),
  created_at: z.string(),
});
export type FipeManualVeiculo = z.infer<typeof fipeManualVeiculo>;
export const fipeManualListaResposta = envelopeSucesso(z.array(fipeManualVeiculo));
export const fipeManualResposta = envelopeSucesso(fipeManualVeiculo);

/* ---------- Price lookup ---------- */

/** One option of a lookup list. `manual`: it comes only from the manual FIPE table. */
export const fipeOpcao = z.object({
  codigo: z.string().describe('Código a usar no próximo nível da consulta'),
  nome: z.string(),
  manual: z.boolean(),
});
export type FipeOpcao = z.infer<typeof fipeOpcao>;
export const fipeAnoModelo = fipeOpcao.extend({ ano: z.number().int().nullable().describe('Ano modelo; null para Zero KM') });
export type FipeAnoModelo = z.infer<typeof fipeAnoModelo>;

export const fipeVersao = z.object({
  codigo: z.string(),
  nome: z.string().describe('Versão (o nome FIPE sem o modelo)'),
  nome_fipe: z.string().describe('Nome completo na tabela FIPE (modelo e versão)'),
  codigo_fipe: z.string().nullable().describe('Código FIPE, formato 001234-5; null nas entradas manuais'),
  preco: z.string().nullable().describe('Preço médio em reais, decimal com 2 casas ("85990.00"); null nas entradas manuais'),
  combustivel: z.string().nullable(),
  sigla_combustivel: z.string().nullable(),
  ano_modelo: z.number().int().nullable(),
  mes_referencia: z.string().nullable().describe('Mês de referência da tabela FIPE ("novembro de 2026")'),
  manual: z.boolean(),
});
export type FipeVersao = z.infer<typeof fipeVersao>;

export const fipeOpcoesResposta = envelopeSucesso(z.array(fipeOpcao));
export const fipeAnosResposta = envelopeSucesso(z.array(fipeAnoModelo));
export const fipeVersoesResposta = envelopeSucesso(z.array(fipeVersao));

/** Text compared by the suggestions: lower case, without accents, single spaces. */
export function normalizarBusca(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Suggestions (spec 2 §5): brand and model match by prefix, version by substring, ignoring case and accents;
 * nothing for empty input. A FIPE brand name such as "GM - Chevrolet" also matches by the part after " - ".
 */
export function filtrarSugestoes<T extends { nome: string }>(
  itens: readonly T[],
  termo: string,
  modo: 'prefixo' | 'contem',
  limite = 50,
): T[] {
  const t = normalizarBusca(termo);
  if (!t) return [];
  const casa = (nome: string) => {
    const n = normalizarBusca(nome);
    if (modo === 'contem') return n.includes(t);
    return n.startsWith(t) || n.split(' - ').some((parte) => parte.startsWith(t));
  };
  return itens.filter((i) => casa(i.nome)).slice(0, limite);
}

export const CAMPOS_SUGESTAO_FIPE = ['marca', 'modelo', 'versao'] as const;
export const fipeSugestoesConsulta = z.object({
  campo: z.enum(CAMPOS_SUGESTAO_FIPE).describe('marca e modelo por prefixo; versão por trecho'),
  q: z.string().max(100).default('').describe('Texto digitado; vazio não sugere nada'),
  marca: z.string().max(100).optional().describe('Código da marca (modelo e versão)'),
  modelo: z.string().max(100).optional().describe('Código do modelo (versão)'),
  ano: z.string().max(40).optional().describe('Código do ano modelo (versão)'),
});
