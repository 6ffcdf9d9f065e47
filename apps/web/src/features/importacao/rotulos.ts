import {
  type EstadoImportacao,
  IMPORTACAO_MAX_BYTES,
  type LinhaPrevia,
  MENSAGENS_IMPORTACAO,
  type ProgressoImportacao,
} from '@intermedio/contracts';
import { formatarNumero } from '@/lib/formato';

/** Badge colour of an import's state. */
export const COR_ESTADO: Record<EstadoImportacao, string> = {
  rascunho: 'gray',
  importando: 'blue',
  concluida: 'green',
  falhou: 'red',
};

const plural = (n: number, um: string, varios: string) => `${formatarNumero(n)} ${n === 1 ? um : varios}`;

/** "3 criados · 1 atualizado · 2 ignorados". */
export const contagens = (p: Pick<ProgressoImportacao, 'criados' | 'atualizados' | 'ignorados'>) =>
  [
    plural(p.criados, 'criado', 'criados'),
    plural(p.atualizados, 'atualizado', 'atualizados'),
    plural(p.ignorados, 'ignorado', 'ignorados'),
  ].join(' · ');

export const nDeN = (p: Pick<ProgressoImportacao, 'feitas' | 'total'>) => `${formatarNumero(p.feitas)} de ${formatarNumero(p.total)}`;

/** A chosen file the server would refuse, said before uploading it. null: it may go. */
export function recusaDeArquivo(arquivo: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(arquivo.name)) return MENSAGENS_IMPORTACAO.arquivoInvalido;
  if (arquivo.size > IMPORTACAO_MAX_BYTES) return MENSAGENS_IMPORTACAO.arquivoGrande;
  return null;
}

/**
 * An ambiguous FIPE match that waits for the dealer's choice: the row has no error but "escolha uma versão" (a row
 * with other errors is skipped anyway, and needs no choice).
 */
export const precisaEscolha = (l: LinhaPrevia) =>
  l.fipe.estado === 'ambiguo' && l.fipe.opcoes.length > 0 && l.erros.every((e) => e.mensagem === MENSAGENS_IMPORTACAO.escolhaVersao);

/** A row's errors, without the pending FIPE choice's when its Select shows it (`semEscolha`). */
export const errosDaLinha = (l: LinhaPrevia, semEscolha: boolean) =>
  semEscolha ? l.erros.filter((e) => e.mensagem !== MENSAGENS_IMPORTACAO.escolhaVersao) : l.erros;

/** A row the job will skip: one with errors other than the pending FIPE choice, or planned as ignorar. */
export const seraIgnorada = (l: LinhaPrevia) => !precisaEscolha(l) && (l.acao === 'ignorar' || l.erros.length > 0);
