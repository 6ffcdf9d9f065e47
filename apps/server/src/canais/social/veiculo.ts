import type { ReferenciaConsulta, SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { falha, ok, type Resultado } from '../tipos.ts';

/**
 * What Facebook's and Instagram's vehicle posts share: the page / account and token of the reseller's session, the
 * prefilled text and the images as the screens show them. At most 10 photos: Instagram's carousel limit, kept for
 * Facebook too so both posts show the same photos.
 */
export const MAX_FOTOS_SOCIAL = 10;

export function destinoSocial(sessao: SessaoCanal): Resultado<{ id: string; token: string }> {
  const id = String(sessao.dados.page_id ?? '');
  const token = sessao.segredos.page_token || sessao.segredos.user_token || '';
  if (!id || !token) return falha('auth', 'nenhuma página vinculada à integração');
  return ok({ id, token });
}

const reais = (n: number) => n.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

/** The prefilled post text: headline, year, km, price, notes and the reseller's contact. */
export function textoDoVeiculo(v: VeiculoParaCanal): string {
  const anos = [v.anoFabricacao, v.anoModelo].filter(Boolean).join('/');
  const linhas = [
    `${v.marca} ${v.modelo} ${v.versao}${anos ? ` ${anos}` : ''}`.trim(),
    [v.km > 0 ? `${v.km.toLocaleString('pt-BR')} km` : '0 km', v.cor, v.cambio === 'A' ? 'Automático' : 'Manual', reais(v.valor)]
      .filter(Boolean)
      .join(' · '),
    v.opcionais.length ? `Opcionais: ${v.opcionais.join(', ')}.` : '',
    v.observacao,
    [v.revenda.nomeFantasia, v.revenda.telefone, [v.revenda.cidade, v.revenda.uf].filter(Boolean).join('/')].filter(Boolean).join(' · '),
  ];
  return linhas.filter(Boolean).join('\n');
}

export const imagensDoRascunho = (v: VeiculoParaCanal) =>
  v.fotos.slice(0, MAX_FOTOS_SOCIAL).map((f, i) => ({ fileUrl: f.url, fileThumb: f.miniatura, fileName: `foto-${i + 1}.jpg` }));

/**
 * Spec 3 §2.1: a refused send shows the channel's answer stringified as JSON under the form (as Mercado Livre's
 * does). A passing outage keeps its Portuguese explanation: it asks to try again, not to change the post.
 */
export function comRespostaDoGraph<A extends unknown[], T>(canal: 'Facebook' | 'Instagram', enviar: (...a: A) => Promise<Resultado<T>>) {
  return async (...a: A): Promise<Resultado<T>> => {
    const r = await enviar(...a);
    if (r.ok || !r.erro.detalhe || r.erro.texto || r.erro.tipo === 'transient' || r.erro.tipo === 'rate_limit') return r;
    return { ok: false, erro: { ...r.erro, texto: `O ${canal} recusou a operação: ${r.erro.detalhe}` } };
  };
}

/** A minute before the attempt: the channel's clock and ours differ a little. */
export const desdeDaTentativa = (ref: ReferenciaConsulta) => Math.floor(((ref.desde?.getTime() ?? Date.now()) - 60_000) / 1000);
