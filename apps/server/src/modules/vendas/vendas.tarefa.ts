import type { Tarefa } from '../../tarefas/tarefas.ts';
import { TAREFA_RETIRAR, TAREFA_VENDIDO, type VendasService } from './vendas.service.ts';

/**
 * After a sale or a "Tentar de novo", and every minute across all instances: the removals waiting are taken to the
 * channels (a removal whose worker died is taken again once its lease runs out: the crash recovery).
 */
export const tarefaRetirarAnuncios = (vendas: VendasService, log: (m: string) => void): Tarefa => ({
  nome: TAREFA_RETIRAR,
  agenda: '* * * * *',
  unica: true,
  limiteMinutos: 10,
  async executar() {
    const r = await vendas.retirarAnuncios();
    if (r.falhou || r.removendo)
      log(`retirada de anúncios vendidos: ${r.removido} removidos, ${r.falhou} falharam, ${r.removendo} ainda removendo`);
  },
});

/** "Publicar vendido" of one sale (idempotent: the sold item is made once, each network published once). */
export const tarefaPublicarVendido = (vendas: VendasService): Tarefa<{ idVeiculo: string }> => ({
  nome: TAREFA_VENDIDO,
  tentativas: 2,
  async executar({ idVeiculo }) {
    await vendas.publicarVendido(idVeiculo);
  },
});
