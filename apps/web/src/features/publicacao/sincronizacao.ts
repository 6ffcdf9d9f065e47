import { type CanalId, corpoSincronizacao, type ModoSincronizacao } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { mensagemDoErro } from '@/ui/AlertaErro';

const seg = encodeURIComponent;
const chave = (idRevenda: string) => chaves.revenda.detalhe(idRevenda, 'integracoes', 'sincronizacao');

/** GET /api/revendas/:idRevenda/sincronizacao — "automático" or "perguntar" (issue 24 item 1). */
export function useSincronizacao(idRevenda: string) {
  return useQuery({
    queryKey: chave(idRevenda),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/revendas/${seg(idRevenda)}/sincronizacao`, { esquema: corpoSincronizacao, signal })).sincronizacao,
  });
}

/** PUT /api/revendas/:idRevenda/sincronizacao. */
export function useGravarSincronizacao(idRevenda: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (modo: ModoSincronizacao) =>
      api.put(`/api/revendas/${seg(idRevenda)}/sincronizacao`, { sincronizacao: modo }, { esquema: corpoSincronizacao }),
    onSuccess: (r) => {
      queryClient.setQueryData(chave(idRevenda), r.sincronizacao);
      notifications.show({ color: 'green', message: 'Configuração gravada.' });
    },
    onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
  });
}

/**
 * POST …/veiculos/:idVeiculo/atualizar-anuncios: "Atualizar em todos os canais" (no channel) or "Tentar de novo" (one
 * channel). The server answers at once; the progress shows through the live badges (Atualizando…).
 */
export function usePedirAtualizacao(idRevenda: string, idVeiculo: string) {
  return useMutation({
    mutationFn: (canal?: CanalId) =>
      api.post(`/api/revendas/${seg(idRevenda)}/veiculos/${seg(idVeiculo)}/atualizar-anuncios`, canal ? { canal } : {}, {
        esquema: z.object({ mensagem: z.string(), anuncios: z.number() }),
      }),
    onSuccess: (r) => notifications.show({ color: 'green', message: r.mensagem }),
    onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
  });
}

/**
 * POST …/veiculos/:idVeiculo/publicar-de-novo: a channel that cannot edit its advert (Instagram) publishes the stored
 * post again (removal, then a new send, durable on the server).
 */
export function usePublicarDeNovo(idRevenda: string, idVeiculo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (canal: CanalId) =>
      api.post(
        `/api/revendas/${seg(idRevenda)}/veiculos/${seg(idVeiculo)}/publicar-de-novo`,
        { canal },
        {
          esquema: z.looseObject({ mensagem: z.string() }),
        },
      ),
    onSuccess: (r) => notifications.show({ color: 'green', message: r.mensagem }),
    onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, 'veiculos') }),
  });
}
