import type { Tarefa } from '../../tarefas/tarefas.ts';
import type { PublicacaoVeiculoService } from './publicacao.service.ts';
import { type SincronizacaoService, TAREFA_SINCRONIZAR } from './sincronizacao.service.ts';

export const TAREFA_RECONCILIAR = 'publicacao-reconciliar';

/**
 * Every minute across all instances, and once at start (app.ts): pending vehicle sends whose lease ran out (the
 * request died between the channel's answer and the database write, or the channel did not answer) are resolved
 * by asking the channel whether the advert exists. Changes (alterar) whose request died are marked unconfirmed
 * (desatualizado, with the reason) without calling the channel. Removals at the channel (Excluir, a sale's removal,
 * a deal the channel blocked) whose request died or had no answer are finished (a removal repeated is "already removed").
 */
export const tarefaReconciliar = (
  publicacao: PublicacaoVeiculoService,
  log: (m: string) => void,
  /** After each round: queues the sync job, which also takes the adverts whose update was lost (issue 24 item 1). */
  depois?: () => Promise<unknown>,
): Tarefa => ({
  nome: TAREFA_RECONCILIAR,
  agenda: '* * * * *',
  unica: true,
  limiteMinutos: 10,
  async executar() {
    const r = await publicacao.reconciliar();
    if (r.publicado || r.falhou || r.pendente || r.alteracoes || r.exclusoes)
      log(
        `reconciliação de anúncios: ${r.publicado} publicados, ${r.falhou} sem anúncio no canal, ${r.pendente} ainda pendentes, ${r.alteracoes} alterações interrompidas, ${r.exclusoes} exclusões concluídas`,
      );
    await depois?.();
  },
});

/**
 * Sync of published adverts (issue 24 item 1): queued after a vehicle save ("automático"), by "Atualizar em todos os
 * canais" / "Tentar de novo", and after every reconciliation round; one run takes every advert waiting.
 */
export const tarefaSincronizar = (sincronizacao: SincronizacaoService, log: (m: string) => void): Tarefa => ({
  nome: TAREFA_SINCRONIZAR,
  unica: true,
  limiteMinutos: 10,
  async executar() {
    const r = await sincronizacao.executar();
    if (r.recusado || r.incerto || r.erro)
      log(
        `atualização de anúncios: ${r.atualizado ?? 0} atualizados, ${r.recusado ?? 0} recusados, ${r.incerto ?? 0} sem resposta, ${r.erro ?? 0} com erro`,
      );
  },
});
