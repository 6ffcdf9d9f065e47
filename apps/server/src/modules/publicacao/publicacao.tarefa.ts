import type { Tarefa } from '../../tarefas/tarefas.ts';
import type { PublicacaoVeiculoService } from './publicacao.service.ts';

export const TAREFA_RECONCILIAR = 'publicacao-reconciliar';

/**
 * Every minute across all instances, and once at start (app.ts): pending vehicle sends whose lease ran out (the
 * request died between the channel's answer and the database write, or the channel did not answer) are resolved
 * by asking the channel whether the advert exists. Changes (alterar) whose request died are marked unconfirmed
 * (desatualizado, with the reason) without calling the channel. Removals at the channel (Excluir, a sale's removal,
 * a deal the channel blocked) whose request died or had no answer are finished (a removal repeated is "already removed").
 */
export const tarefaReconciliar = (publicacao: PublicacaoVeiculoService, log: (m: string) => void): Tarefa => ({
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
  },
});
