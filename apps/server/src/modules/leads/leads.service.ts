import { type EstadoLead, type FiltroLeads, type LeadDetalhe, MENSAGENS_LEAD } from '@intermedio/contracts';
import { and, eq } from 'drizzle-orm';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { veiculos } from '../../db/schema/index.ts';
import { naoEncontrado } from '../../lib/http.ts';
import { leadsRepository as repo } from './leads.repository.ts';

export type LeadsService = ReturnType<typeof criarLeadsService>;

/** The inbox's reads and changes (issue 26 item 4). Every call names the route's reseller: a lead of another is 404. */
export function criarLeadsService(dep: { db: Db }) {
  const { db } = dep;

  const doLead = async (idRevenda: string, idLead: string) => {
    const l = await repo.buscar(db, idRevenda, idLead);
    if (!l) throw naoEncontrado(MENSAGENS_LEAD.naoEncontrado);
    return l;
  };

  /** The lead and its conversation, one query; `idRevenda` checks the reseller in it (another's: 404). */
  const detalhe = async (idLead: string, idRevenda?: string): Promise<LeadDetalhe> => {
    const l = await repo.detalhe(db, idLead, idRevenda);
    if (!l) throw naoEncontrado(MENSAGENS_LEAD.naoEncontrado);
    return l;
  };

  return {
    listar: (idRevenda: string | undefined, f: FiltroLeads) => repo.listar(db, idRevenda, f),

    async doVeiculo(idRevenda: string, idVeiculo: string, f: FiltroLeads) {
      const [v] = await db
        .select({ id: veiculos.id })
        .from(veiculos)
        .where(and(eq(veiculos.id, idVeiculo), eq(veiculos.revenda_id, idRevenda)));
      if (!v) throw naoEncontrado('Veículo não encontrado.');
      return repo.listar(db, idRevenda, { ...f, veiculo: idVeiculo });
    },

    ler: (idRevenda: string, idLead: string) => detalhe(idLead, idRevenda),
    linhas: (idRevenda: string, ids: string[]) => repo.porIds(db, idRevenda, ids),

    detalhe,
    doLead,

    /** Records who set the state and when (the list shows "por {nome}"). */
    async mudarEstado(idRevenda: string, idLead: string, estado: EstadoLead, quem: UsuarioDaSessao) {
      await doLead(idRevenda, idLead);
      await repo.mudarEstado(db, idLead, estado, quem.id);
      return detalhe(idLead);
    },

    async rodizio(idRevenda: string) {
      const r = await repo.rodizio(db, idRevenda);
      if (r === undefined) throw naoEncontrado('Revenda não encontrada.');
      return { rodizio: r };
    },

    async definirRodizio(idRevenda: string, rodizio: boolean) {
      if (!(await repo.definirRodizio(db, idRevenda, rodizio))) throw naoEncontrado('Revenda não encontrada.');
      return { rodizio };
    },

    /** Deleted on request (LGPD): the row and its conversation are gone. */
    async excluir(idRevenda: string, idLead: string) {
      await doLead(idRevenda, idLead);
      await repo.excluir(db, idLead);
      return MENSAGENS_LEAD.excluido;
    },
  };
}
