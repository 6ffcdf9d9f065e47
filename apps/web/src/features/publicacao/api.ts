import {
  type AnuncioEnviado,
  anuncioEnviado,
  type CanalId,
  dadosIntermedio,
  ESQUEMAS_PUBLICACAO,
  type OpcaoCanalApi,
  opcaoCanal,
} from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { chavesVeiculos } from '@/features/veiculos/api';
import { api } from '@/lib/api';
import { rotas } from '@/lib/rotas';

/** The calls of spec 3 §7 for one channel: `/api/integracao/{canal}/{chamada}`. */
const url = (canal: CanalId, chamada: string) => `/api/integracao/${canal}/${chamada}`;
const chave = (canal: CanalId, ...resto: string[]) => ['publicacao', canal, ...resto] as const;

/** "Dados Intermédio": the vehicle as every screen shows it in the read-only column. */
export type DadosIntermedio = z.infer<typeof dadosIntermedio>;

/**
 * The draft of `incluir` (or `alterar-get` with `idAnuncio`), checked against the channel's contract schema: the
 * vehicle (`veiculo`) plus the channel's prefilled data and lists.
 */
export function useRascunho<R>(canal: CanalId, idVeiculo: string, idAnuncio?: string) {
  const esquema = ESQUEMAS_PUBLICACAO[canal]?.rascunho ?? z.object({});
  return useQuery({
    queryKey: chave(canal, idVeiculo, idAnuncio ?? 'incluir'),
    queryFn: ({ signal }) =>
      api.post(
        url(canal, idAnuncio ? 'alterar-get' : 'incluir'),
        { id_veiculo: idVeiculo, ...(idAnuncio ? { id_anuncio: idAnuncio } : {}) },
        { esquema: z.object({ veiculo: dadosIntermedio }).and(esquema) as unknown as z.ZodType<R & { veiculo: DadosIntermedio }>, signal },
      ),
    // The draft is a snapshot to edit: never refetched under the user's typing, and dropped when the screen closes,
    // so coming back (after changing the vehicle's price, say) loads the vehicle as it is now.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Cascades (`consultar-modelo` / `consultar-versao`): enabled once the parent choice exists. */
export function useModelos(canal: CanalId, idVeiculo: string, marca: string | null) {
  return useQuery({
    queryKey: chave(canal, idVeiculo, 'modelos', marca ?? ''),
    queryFn: ({ signal }) =>
      api.post<OpcaoCanalApi[]>(url(canal, 'consultar-modelo'), { id_veiculo: idVeiculo, marca }, { esquema: z.array(opcaoCanal), signal }),
    enabled: Boolean(marca),
    staleTime: 5 * 60_000,
  });
}
export function useVersoes(canal: CanalId, idVeiculo: string, marca: string | null, modelo: string | null) {
  return useQuery({
    queryKey: chave(canal, idVeiculo, 'versoes', marca ?? '', modelo ?? ''),
    queryFn: ({ signal }) =>
      api.post<OpcaoCanalApi[]>(
        url(canal, 'consultar-versao'),
        { id_veiculo: idVeiculo, marca, modelo },
        { esquema: z.array(opcaoCanal), signal },
      ),
    enabled: Boolean(marca && modelo),
    staleTime: 5 * 60_000,
  });
}

/**
 * `enviar` (or `alterar` with `idAnuncio`): on success the vehicle is fetched again and the screen goes to the
 * vehicle view (spec 3 §2.1); errors stay on the mutation for the red alert under the form.
 */
export function useEnviarPublicacao<P>(canal: CanalId, idRevenda: string, idVeiculo: string, idAnuncio?: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (post: P) =>
      api.post<AnuncioEnviado>(
        url(canal, idAnuncio ? 'alterar' : 'enviar'),
        { id_veiculo: idVeiculo, veiculo_post: post, ...(idAnuncio ? { id_anuncio: idAnuncio } : {}) },
        { esquema: anuncioEnviado },
      ),
    onSuccess: async (r) => {
      notifications.show({ color: r.estado === 'publicado' ? 'green' : 'yellow', message: r.mensagem });
      await queryClient.invalidateQueries({ queryKey: chavesVeiculos.detalhe(idRevenda, idVeiculo) });
      navigate(rotas.revenda.veiculos.visualizar(idRevenda, idVeiculo));
    },
  });
}
