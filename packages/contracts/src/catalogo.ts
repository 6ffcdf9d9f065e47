import { z } from 'zod';
import { textoObrigatorio } from './campos.ts';
import { envelopeSucesso, versaoEntrada } from './comum.ts';
import { MENSAGENS } from './mensagens.ts';

/**
 * Shared catalogues (spec 2 §2, §3, §5, §8): optionals (opcionais) and ad locations (locais de anúncio).
 * Both have the same fields and rules; only their names and messages differ.
 */

/** Largest value a PostgreSQL `integer` holds. */
const MAIOR_INTEIRO = 2_147_483_647;

/**
 * Display order: required ("Preenchimento obrigatório") and a whole number ("Número inválido"); stored as integer.
 * Accepts a number or the text typed in the form ("10", " -3 ").
 */
export const ordenacaoCampo = z
  .union([z.number(), z.string()], MENSAGENS.numeroInvalido)
  .nullish()
  .transform((v, ctx) => {
    const texto = v === null || v === undefined ? '' : String(v).trim();
    if (texto === '') {
      ctx.addIssue({ code: 'custom', message: MENSAGENS.preenchimentoObrigatorio });
      return z.NEVER;
    }
    const n = Number(texto);
    if (!/^[-+]?\d+$/.test(texto) || !Number.isSafeInteger(n) || Math.abs(n) > MAIOR_INTEIRO) {
      ctx.addIssue({ code: 'custom', message: MENSAGENS.numeroInvalido });
      return z.NEVER;
    }
    return n;
  });

/** Include / change an optional or an ad location. */
export const itemCatalogoEntrada = z.object({
  descricao: textoObrigatorio(120),
  ordenacao: ordenacaoCampo,
});
export type ItemCatalogoEntrada = z.input<typeof itemCatalogoEntrada>;
/** Change a catalogue item: plus the version read (optimistic lock). */
export const itemCatalogoAlteracao = itemCatalogoEntrada.extend({ versao: versaoEntrada });

export const itemCatalogo = z.object({
  id: z.string(),
  descricao: z.string(),
  ordenacao: z.number().int(),
  created_id: z.string().nullable(),
  updated_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ItemCatalogo = z.infer<typeof itemCatalogo>;
export const itemCatalogoResposta = envelopeSucesso(itemCatalogo);
export const itemCatalogoListaResposta = envelopeSucesso(z.array(itemCatalogo));

const colador = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Spec order of both catalogues: ordenacao descending, then descricao ascending (pt-BR, ignoring case and accents). */
export const compararItensCatalogo = (a: Pick<ItemCatalogo, 'ordenacao' | 'descricao'>, b: Pick<ItemCatalogo, 'ordenacao' | 'descricao'>) =>
  b.ordenacao - a.ordenacao || colador.compare(a.descricao, b.descricao);

export type MensagensCatalogo = {
  incluido: string;
  falhaIncluir: string;
  alterado: string;
  falhaAlterar: string;
  removido: string;
  falhaRemover: string;
  confirmarRemocao: string;
  naoEncontrado: string;
};

/** Spec 2 §8. The spec gives no texts for including: these follow the wording of the others. */
export const MENSAGENS_OPCIONAL: MensagensCatalogo = {
  incluido: 'Opcional incluído com sucesso!',
  falhaIncluir: 'Falha ao incluir opcional!',
  alterado: 'Opcional alterado com sucesso!',
  falhaAlterar: 'Falha ao alterar opcional!',
  removido: 'Opcional removido com sucesso!',
  falhaRemover: 'Falha ao remover opcional!',
  confirmarRemocao: 'Deseja remover este opcional?',
  naoEncontrado: 'Opcional não encontrado.',
};

/**
 * Spec 2 §8 says ad-location deletion "reuses the optional wording" (Opcional removido com sucesso!), which reads
 * as a slip of the original screen: here an ad location's deletion names what was removed.
 */
export const MENSAGENS_LOCAL_ANUNCIO: MensagensCatalogo = {
  incluido: 'Local de anúncio incluído com sucesso!',
  falhaIncluir: 'Falha ao incluir local de anúncio!',
  alterado: 'Local de anúncio alterado com sucesso!',
  falhaAlterar: 'Falha ao alterar local de anúncio!',
  removido: 'Local de anúncio removido com sucesso!',
  falhaRemover: 'Falha ao remover local de anúncio!',
  confirmarRemocao: 'Deseja remover este local de anúncio?',
  naoEncontrado: 'Local de anúncio não encontrado.',
};
