import { type CanalId, vendaComAnuncios, vendaRecente, vendaVeiculo } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { chavesVeiculos } from '@/features/veiculos/api';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas, invalidarForaDasListasAoVivo } from '@/lib/lista-ao-vivo';
import { mensagemDoErro } from '@/ui/AlertaErro';

const seg = encodeURIComponent;
const doVeiculo = (idRevenda: string, idVeiculo: string) => `/api/revendas/${seg(idRevenda)}/veiculos/${seg(idVeiculo)}`;

export const urlVendas = {
  vender: (idRevenda: string, idVeiculo: string) => `${doVeiculo(idRevenda, idVeiculo)}/vender`,
  desfazer: (idRevenda: string, idVeiculo: string) => `${doVeiculo(idRevenda, idVeiculo)}/desfazer-venda`,
  tentar: (idRevenda: string, idVeiculo: string, canal: CanalId) => `${doVeiculo(idRevenda, idVeiculo)}/remocoes/${seg(canal)}/tentar`,
  recentes: (idRevenda: string) => `/api/revendas/${seg(idRevenda)}/dashboard/vendas`,
  comAnuncios: () => '/api/dashboard/vendidos-com-anuncios',
};

export const chavesVendas = {
  recentes: (idRevenda: string) => [...chaves.revenda.dashboard(idRevenda), 'vendas'] as const,
  comAnuncios: () => [...chaves.dashboard.admin(), 'vendidos-com-anuncios'] as const,
};

const comVenda = z.object({ mensagem: z.string(), venda: vendaVeiculo });
const soMensagem = z.object({ mensagem: z.string() });

/** After a sale action: the list row moves at once, the vehicle and the dashboards are read again. */
function useAtualizar(idRevenda: string) {
  const queryClient = useQueryClient();
  return (idVeiculo: string) => {
    entregarAsListas({ tabela: 'veiculos', revenda: idRevenda, id: idVeiculo, op: 'UPDATE' });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: chavesVeiculos.detalhe(idRevenda, idVeiculo) }),
      invalidarForaDasListasAoVivo(queryClient, chaves.revenda.sub(idRevenda, 'dashboard')),
    ]);
  };
}

/** "Marcar como vendido" (gestor and admin): the adverts are taken down by the server in the background. */
export function useVender(idRevenda: string) {
  const atualizar = useAtualizar(idRevenda);
  return useMutation({
    mutationFn: (p: { idVeiculo: string; publicarVendido: boolean }) =>
      api.post(urlVendas.vender(idRevenda, p.idVeiculo), { publicar_vendido: p.publicarVendido }, { esquema: comVenda }),
    onSettled: (_r, _e, p) => atualizar(p.idVeiculo),
  });
}

/** "Desfazer venda" (same day only): the answer says the adverts are not republished. */
/**
 * "Desfazer venda". Its answer is told here, in the mutation itself: the sale's live event can refetch the vehicle
 * first and unmount the sale box (no sale any more), and a callback given to `mutate` never runs once its component
 * is gone — the dealer would not see what the undo did not redo.
 */
export function useDesfazerVenda(idRevenda: string) {
  const atualizar = useAtualizar(idRevenda);
  return useMutation({
    mutationFn: (idVeiculo: string) => api.post(urlVendas.desfazer(idRevenda, idVeiculo), undefined, { esquema: soMensagem }),
    onSuccess: (x) => notifications.show({ color: 'green', message: x.mensagem, autoClose: 10_000 }),
    onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
    onSettled: (_r, _e, idVeiculo) => atualizar(idVeiculo),
  });
}

/** "Tentar de novo" on a channel whose removal failed. */
export function useTentarRemocao(idRevenda: string, idVeiculo: string) {
  const atualizar = useAtualizar(idRevenda);
  return useMutation({
    mutationFn: (canal: CanalId) => api.post(urlVendas.tentar(idRevenda, idVeiculo, canal), undefined, { esquema: comVenda }),
    onSettled: () => atualizar(idVeiculo),
  });
}

/** Dealer dashboard: sales of the last 30 days and how long their adverts took to come down (live: sale events). */
export function useVendasRecentes(idRevenda: string) {
  return useQuery({
    queryKey: chavesVendas.recentes(idRevenda),
    queryFn: ({ signal }) => api.get(urlVendas.recentes(idRevenda), { esquema: z.array(vendaRecente), signal }),
  });
}

/** Admin home: sold more than an hour ago, adverts still online. The hour passes without any event: read each minute. */
export function useVendidosComAnuncios() {
  return useQuery({
    queryKey: chavesVendas.comAnuncios(),
    queryFn: ({ signal }) => api.get(urlVendas.comAnuncios(), { esquema: z.array(vendaComAnuncios), signal }),
    refetchInterval: 60_000,
  });
}
