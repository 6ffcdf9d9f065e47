import {
  type CanalAutorizacao,
  type CanalId,
  campoPadrao,
  integracao,
  type PadroesPublicacao,
  padroesPublicacao,
  socialConfig,
} from '@intermedio/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api } from '@/lib/api';
import { chaves, chavesIntegracaoSocial } from '@/lib/chaves';

const seg = encodeURIComponent;

const padroesDados = z.object({ padroes: padroesPublicacao, campos: z.array(campoPadrao) });

/** The two social networks, configured through the authorisation popup. */
export type CanalSocial = 'facebook' | 'instagram';

/** GET /api/revendas/:idRevenda/integracoes — the ten channels. Kept live by SSE on `revenda_integracoes`. */
export function useIntegracoes(idRevenda: string) {
  return useQuery({
    queryKey: chaves.revenda.lista(idRevenda, 'integracoes'),
    queryFn: ({ signal }) => api.get(`/api/revendas/${seg(idRevenda)}/integracoes`, { esquema: z.array(integracao), signal }),
  });
}

/**
 * GET /api/revendas/:idRevenda/integracoes/:canal — one channel's record (without secrets).
 * `sempreAtual`: asked again on every mount even if the cached copy is fresh (forms start from it).
 */
export function useIntegracao(idRevenda: string, canal: CanalId, { sempreAtual = false } = {}) {
  return useQuery({
    queryKey: chaves.revenda.detalhe(idRevenda, 'integracoes', canal),
    refetchOnMount: sempreAtual ? 'always' : true,
    queryFn: ({ signal }) => api.get(`/api/revendas/${seg(idRevenda)}/integracoes/${canal}`, { esquema: integracao, signal }),
  });
}

/** PUT /api/revendas/:idRevenda/integracoes/:canal — the record write (spec 1 §4). */
export function gravarRegistro(
  idRevenda: string,
  canal: CanalId,
  corpo: { status: boolean; versao?: string | null } & Record<string, unknown>,
) {
  return api.put(`/api/revendas/${seg(idRevenda)}/integracoes/${canal}`, corpo, { esquema: integracao });
}

/** The answer of a product-API call of spec 1 §7: success with its data, or the channel's refusal text. */
export type RespostaCanal = { ok: true; data: unknown } | { ok: false; mensagem: string; status: number };

/** True when the call never got an answer (network down, server unreachable): spec 1 §8 "only logged". */
export const semResposta = (r: RespostaCanal) => !r.ok && r.status === 0;

/**
 * POST /api/integracao/:canal/:acao (configurar, disallow, configurar-pagina). Never throws for an API answer:
 * a refusal becomes `{ ok: false, mensagem }` (the Portuguese `data` of the error envelope); `status` 0 = no answer.
 */
export async function chamarIntegracao(
  canal: CanalId,
  acao: 'configurar' | 'disallow' | 'configurar-pagina',
  corpo: unknown,
): Promise<RespostaCanal> {
  try {
    const data = await api.post(`/api/integracao/${canal}/${acao}`, corpo);
    return { ok: true, data };
  } catch (erro) {
    if (erro instanceof ApiError) {
      if (erro.status === 0) console.error(`POST /api/integracao/${canal}/${acao}: sem resposta`, erro);
      return { ok: false, mensagem: erro.message, status: erro.status };
    }
    console.error(`POST /api/integracao/${canal}/${acao}`, erro);
    return { ok: false, mensagem: String(erro), status: 0 };
  }
}

/** GET /api/integracao/social/config — where the social login popup and the Graph lookups go (sandbox by default). */
export function useSocialConfig() {
  return useQuery({
    queryKey: chavesIntegracaoSocial.config(),
    queryFn: ({ signal }) => api.get('/api/integracao/social/config', { esquema: socialConfig, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/revendas/:idRevenda/integracoes/:canal/autorizacao — the channel's consent page ("Autorizar na Olx" / "no Mercado Livre"). */
export function pedirAutorizacao(idRevenda: string, canal: CanalAutorizacao) {
  return api.get(`/api/revendas/${seg(idRevenda)}/integracoes/${canal}/autorizacao`, {
    esquema: z.object({ url: z.string(), redirect_uri: z.string() }),
  });
}

/** POST /api/integracao/:canal/retorno — what the consent page sent back; the server checks the state against the session. */
export function concluirAutorizacao(canal: CanalAutorizacao, retorno: { code?: string; state: string; error?: string }) {
  return api.post(`/api/integracao/${canal}/retorno`, retorno, {
    esquema: z.object({ id_revenda: z.string(), mensagem: z.string() }),
  });
}

/** GET /api/revendas/:idRevenda/integracoes/:canal/padroes — the "Padrões de publicação" and the fields the channel reads. */
export function usePadroes(idRevenda: string, canal: CanalId, habilitado: boolean) {
  return useQuery({
    queryKey: chaves.revenda.detalhe(idRevenda, 'integracoes', `${canal}/padroes`),
    enabled: habilitado,
    refetchOnMount: 'always',
    queryFn: ({ signal }) => api.get(`/api/revendas/${seg(idRevenda)}/integracoes/${canal}/padroes`, { esquema: padroesDados, signal }),
  });
}

/** PUT /api/revendas/:idRevenda/integracoes/:canal/padroes — saves them (empty = "ask in the review"). */
export function gravarPadroes(idRevenda: string, canal: CanalId, padroes: PadroesPublicacao) {
  return api.put(`/api/revendas/${seg(idRevenda)}/integracoes/${canal}/padroes`, padroes, { esquema: padroesDados });
}
