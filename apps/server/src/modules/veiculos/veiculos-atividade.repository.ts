import { ATIVIDADE_LIMITE, type EventoAtividade, type FilaVeiculoModeracao } from '@intermedio/contracts';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { auditoria, usuarios, veiculoAlteracoes, veiculoIntegracoesHistorico, veiculoVendas } from '../../db/schema/index.ts';

type Canal = Extract<EventoAtividade, { tipo: 'canal' }>['canal'];
type Operacao = Extract<EventoAtividade, { tipo: 'canal' }>['operacao'];
/** A user's name; a user deleted since is still someone (null means automatic). */
const nomeDe = (id: string | null, nome: string | null) => (id ? (nome ?? 'Usuário excluído') : null);

/**
 * The vehicle's timeline (issue 25 item 5) from what the product keeps: the change log, the sale, the history of
 * each advert operation (veiculo_integracoes_historico) and the moderation validations (auditoria). Each source
 * read newest first and bounded; the merge keeps the newest ATIVIDADE_LIMITE.
 */
export async function atividadeDoVeiculo(
  db: Executor,
  v: { id: string; created_at: Date; created_id: string | null },
): Promise<EventoAtividade[]> {
  const [criador, alteracoes, venda, operacoes, validacoes] = await Promise.all([
    v.created_id ? db.select({ nome: usuarios.nome }).from(usuarios).where(eq(usuarios.id, v.created_id)) : Promise.resolve([]),
    db
      .select()
      .from(veiculoAlteracoes)
      .where(eq(veiculoAlteracoes.veiculo_id, v.id))
      .orderBy(desc(veiculoAlteracoes.vedataalteracao))
      .limit(ATIVIDADE_LIMITE),
    db
      .select({ quando: veiculoVendas.vendido_em, idQuem: veiculoVendas.usuario_id, quem: usuarios.nome })
      .from(veiculoVendas)
      .leftJoin(usuarios, eq(usuarios.id, veiculoVendas.usuario_id))
      .where(eq(veiculoVendas.veiculo_id, v.id)),
    db
      .select({ h: veiculoIntegracoesHistorico, quem: usuarios.nome })
      .from(veiculoIntegracoesHistorico)
      .leftJoin(usuarios, eq(usuarios.id, veiculoIntegracoesHistorico.usuario_id))
      .where(eq(veiculoIntegracoesHistorico.veiculo_id, v.id))
      .orderBy(desc(veiculoIntegracoesHistorico.iniciado_em))
      .limit(ATIVIDADE_LIMITE),
    db
      .select({ id: auditoria.id, quando: auditoria.created_at, dados: auditoria.dados, idQuem: auditoria.usuario_id, quem: usuarios.nome })
      .from(auditoria)
      .leftJoin(usuarios, eq(usuarios.id, auditoria.usuario_id))
      .where(and(eq(auditoria.entidade, 'veiculo'), eq(auditoria.entidade_id, v.id), eq(auditoria.acao, 'moderacao.validar')))
      .orderBy(desc(auditoria.created_at))
      .limit(ATIVIDADE_LIMITE),
  ]);
  const eventos: EventoAtividade[] = [
    { tipo: 'inclusao', id: `inclusao-${v.id}`, quando: v.created_at.toISOString(), quem: criador[0]?.nome ?? null },
    ...alteracoes.map(
      (a): EventoAtividade => ({
        tipo: 'alteracao',
        id: a.id,
        quando: a.vedataalteracao.toISOString(),
        quem: a.veusuarioalterou,
        campos: a.campos,
      }),
    ),
    ...venda.map(
      (s): EventoAtividade => ({ tipo: 'venda', id: `venda-${v.id}`, quando: s.quando.toISOString(), quem: nomeDe(s.idQuem, s.quem) }),
    ),
    ...operacoes.map(
      ({ h, quem }): EventoAtividade => ({
        tipo: 'canal',
        id: h.id,
        quando: h.iniciado_em.toISOString(),
        quem: nomeDe(h.usuario_id, quem),
        canal: h.canal as Canal,
        operacao: h.operacao as Operacao,
        estado: h.estado,
        motivo: h.motivo,
        id_anuncio: h.id_anuncio,
        respondido_em: h.respondido_em?.toISOString() ?? null,
      }),
    ),
    ...validacoes.map(
      (m): EventoAtividade => ({
        tipo: 'moderacao',
        id: String(m.id),
        quando: m.quando.toISOString(),
        quem: nomeDe(m.idQuem, m.quem),
        fila: ((m.dados as { fila?: string } | null)?.fila ?? 'incluidos') as FilaVeiculoModeracao,
      }),
    ),
  ];
  return eventos.sort((a, b) => Date.parse(b.quando) - Date.parse(a.quando)).slice(0, ATIVIDADE_LIMITE);
}

/**
 * Housekeeping: advert operations answered before `antesDe` are deleted (an operation still waiting for its answer
 * stays, whatever its age). The timeline reads only the newest ATIVIDADE_LIMITE, so this only bounds the table.
 */
export const removerHistoricoAntigo = (db: Executor, antesDe: Date) =>
  db.delete(veiculoIntegracoesHistorico).where(lt(veiculoIntegracoesHistorico.respondido_em, antesDe));
