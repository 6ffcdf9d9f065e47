import { z } from 'zod';
import { medida } from '../../canais/medicao.ts';
import { apiJson, sessaoKeycloak } from '../../canais/portais.ts';
import type { SessaoCanal } from '../../canais/publicacao.ts';
import type { ContextoCanal } from '../../canais/tipos.ts';
import { falha, ok, type Resultado } from '../../canais/tipos.ts';
import type { LeadRecebido } from './leads.repository.ts';

/**
 * The channels' lead contracts (channels.md; docs/leads.md says which parts are documented and which are designed):
 * what is fetched back from a channel and how it maps onto a stored lead. Only what the inbox shows is kept; the
 * rest of the payload is dropped (LGPD: minimal raw data).
 */
export type Acesso = { ctx: ContextoCanal; sessao: SessaoCanal };
type SemRevenda = Omit<LeadRecebido, 'idRevenda'>;

const texto = z.string().trim().max(5000).nullish();
const digitos = (s: string | null | undefined) => (s ? s.replace(/\D/g, '').slice(-13) || null : null);
const data = (s: string | null | undefined) => {
  const d = s ? new Date(s) : new Date();
  return Number.isNaN(d.getTime()) ? new Date() : d;
};

// Mercado Livre ---------------------------------------------------------------------------------------------------

/** A notification as Mercado Livre posts it to the app's callback. */
export const avisoMercadoLivre = z.object({
  resource: z.string().regex(/^\/(vis\/leads|questions)\/[A-Za-z0-9_-]{1,64}$/, 'recurso inválido'),
  user_id: z.union([z.number().int(), z.string().regex(/^\d{1,20}$/)]),
  topic: z.string().max(40),
  application_id: z.union([z.number(), z.string()]).optional(),
  attempts: z.number().optional(),
  sent: z.string().optional(),
  received: z.string().optional(),
});
export type AvisoMercadoLivre = z.infer<typeof avisoMercadoLivre>;
export const TOPICOS_LEAD_ML = ['vis_leads', 'questions'] as const;

const leadMl = z.object({
  id: z.union([z.string(), z.number()]),
  item_id: z.string().nullish(),
  created_at: z.string().nullish(),
  buyer: z
    .object({
      name: texto,
      email: texto,
      phone: z.object({ area_code: z.string().nullish(), number: z.string().nullish() }).nullish(),
    })
    .nullish(),
  message: texto,
});
const perguntaMl = z.object({
  id: z.union([z.string(), z.number()]),
  item_id: z.string().nullish(),
  text: z.string(),
  status: z.string().nullish(),
  date_created: z.string().nullish(),
  from: z.object({ id: z.union([z.string(), z.number()]) }).nullish(),
  answer: z.object({ text: z.string(), date_created: z.string().nullish() }).nullish(),
});
export type PerguntaMl = z.infer<typeof perguntaMl>;

const apiMl = (a: Acesso): Resultado<ReturnType<typeof apiJson>> => {
  const token = a.sessao.segredos.access_token;
  return token ? ok(apiJson(a.ctx.base, token, a.ctx.timeoutMs)) : falha('auth', 'integração com o Mercado Livre sem token');
};

/** The lead or question a notification names, read back with the seller's token (the notification is not trusted). */
async function buscarMercadoLivreNoCanal(a: Acesso, recurso: string): Promise<Resultado<SemRevenda & { pergunta?: PerguntaMl }>> {
  const api = apiMl(a);
  if (!api.ok) return api;
  const r = await api.valor.get<unknown>(recurso);
  if (!r.ok) return r;
  if (recurso.startsWith('/questions/')) {
    const p = perguntaMl.safeParse(r.valor);
    if (!p.success) return falha('validation', 'pergunta do Mercado Livre em formato inesperado');
    const q = p.data;
    return ok({
      canal: 'mercadolivre',
      idExterno: `q-${q.id}`,
      tipo: 'pergunta',
      idAnuncio: q.item_id ?? null,
      nome: null,
      email: null,
      telefone: null,
      mensagem: q.text,
      recebidoEm: data(q.date_created),
      bruto: { comprador_ml: q.from?.id ?? null },
      pergunta: q,
    });
  }
  const l = leadMl.safeParse(r.valor);
  if (!l.success) return falha('validation', 'lead do Mercado Livre em formato inesperado');
  const v = l.data;
  const fone = v.buyer?.phone;
  return ok({
    canal: 'mercadolivre',
    idExterno: `l-${v.id}`,
    idAnuncio: v.item_id ?? null,
    nome: v.buyer?.name ?? null,
    email: v.buyer?.email ?? null,
    telefone: digitos(`${fone?.area_code ?? ''}${fone?.number ?? ''}`),
    mensagem: v.message ?? null,
    recebidoEm: data(v.created_at),
  });
}

/** `POST /answers {question_id, text}`: the answer to a question. */
async function responderMercadoLivreNoCanal(a: Acesso, idPergunta: string, texto: string) {
  const api = apiMl(a);
  if (!api.ok) return api;
  const r = await api.valor.enviar('POST', '/answers', { question_id: Number(idPergunta), text: texto });
  if (!r.ok) return r;
  if (r.valor.status === 200 || r.valor.status === 201) return ok(true as const);
  const corpo = r.valor.json() as { message?: string } | null;
  const mensagem = corpo?.message ?? `HTTP ${r.valor.status}`;
  if (r.valor.status === 429 || r.valor.status >= 500) return falha('transient', mensagem);
  return falha(r.valor.status === 401 || r.valor.status === 403 ? 'auth' : 'rejected', mensagem);
}

// OLX ---------------------------------------------------------------------------------------------------------------

/** A lead as OLX posts it to the dealer's endpoint (designed from lead/how_to; fields beyond it unverified). */
export const leadOlx = z.object({
  leadId: z.union([z.string().min(1).max(100), z.number()]),
  adId: z.union([z.string().max(100), z.number()]).nullish(),
  listId: z.union([z.string().max(100), z.number()]).nullish(),
  name: texto,
  email: texto,
  phone: z.union([z.string().max(40), z.number()]).nullish(),
  message: texto,
  createdAt: z.string().max(40).nullish(),
});
export type LeadOlx = z.infer<typeof leadOlx>;

export const doOlx = (l: LeadOlx): SemRevenda => ({
  canal: 'olx',
  idExterno: String(l.leadId),
  idAnuncio: l.adId != null ? String(l.adId) : null,
  nome: l.name ?? null,
  email: l.email ?? null,
  telefone: digitos(l.phone != null ? String(l.phone) : null),
  mensagem: l.message ?? null,
  recebidoEm: data(l.createdAt),
  bruto: l.listId != null ? { list_id: String(l.listId) } : undefined,
});

/** Registers the dealer's lead endpoint at OLX (`POST /autoservice/v1/lead {url}`, scope autoservice). */
async function registrarWebhookOlxNoCanal(a: Acesso, url: string): Promise<Resultado<true>> {
  const token = a.sessao.segredos.access_token;
  if (!token) return falha('auth', 'integração com a Olx sem token');
  const r = await apiJson(a.ctx.base, token, a.ctx.timeoutMs).enviar('POST', '/autoservice/v1/lead', { url });
  if (!r.ok) return r;
  if (r.valor.status === 200 || r.valor.status === 201) return ok(true);
  return falha(r.valor.status === 401 ? 'auth' : 'rejected', `OLX recusou o registro do webhook de leads (HTTP ${r.valor.status})`);
}

// iCarros -----------------------------------------------------------------------------------------------------------

const leadIcarros = z.object({
  id: z.union([z.string(), z.number()]),
  dealId: z.union([z.string(), z.number()]).nullish(),
  name: texto,
  email: texto,
  phone: z.string().max(40).nullish(),
  message: texto,
  date: z.string().nullish(),
});

/** `GET /dealers/{id}/leads?startDate&endDate` (channels.md §4, generation 2), the dealer's leads of the period. */
async function coletarIcarrosNoCanal(a: Acesso, de: Date, ate: Date): Promise<Resultado<SemRevenda[]>> {
  const s = sessaoKeycloak(a.sessao);
  if (!s.ok) return s;
  const api = apiJson(`${a.ctx.base}/pj/v1/core`, s.valor.token, a.ctx.timeoutMs);
  const q = `startDate=${encodeURIComponent(de.toISOString())}&endDate=${encodeURIComponent(ate.toISOString())}`;
  const r = await api.get<unknown>(`/dealers/${encodeURIComponent(s.valor.dealer)}/leads?${q}`);
  if (!r.ok) return r;
  const lista = z.array(leadIcarros).safeParse(r.valor);
  if (!lista.success) return falha('validation', 'leads do iCarros em formato inesperado');
  return ok(
    lista.data.map((l) => ({
      canal: 'icarros' as const,
      idExterno: String(l.id),
      idAnuncio: l.dealId != null ? String(l.dealId) : null,
      nome: l.name ?? null,
      email: l.email ?? null,
      telefone: digitos(l.phone),
      mensagem: l.message ?? null,
      recebidoEm: data(l.date),
    })),
  );
}

// Mobiauto (designed: docs/leads.md) ---------------------------------------------------------------------------------

const propostaMobiauto = z.object({
  id: z.union([z.string(), z.number()]),
  dealId: z.union([z.string(), z.number()]).nullish(),
  customer: z.object({ name: texto, email: texto, phone: z.string().max(40).nullish() }).nullish(),
  message: texto,
  createdAt: z.string().nullish(),
});

/** `POST /api/proposal/v1.0/{dealerId}` `{startDate, endDate}`: the dealer's proposals of the period (designed). */
async function coletarMobiautoNoCanal(a: Acesso, de: Date, ate: Date): Promise<Resultado<SemRevenda[]>> {
  const s = sessaoKeycloak(a.sessao);
  if (!s.ok) return s;
  const api = apiJson(`${a.ctx.base}/api`, s.valor.token, a.ctx.timeoutMs);
  const r = await api.enviar('POST', `/proposal/v1.0/${encodeURIComponent(s.valor.dealer)}`, {
    startDate: de.toISOString(),
    endDate: ate.toISOString(),
  });
  if (!r.ok) return r;
  if (r.valor.status === 204) return ok([]);
  if (r.valor.status !== 200) return falha(r.valor.status === 401 ? 'auth' : 'rejected', `Mobiauto: HTTP ${r.valor.status}`);
  const lista = z.array(propostaMobiauto).safeParse(r.valor.json());
  if (!lista.success) return falha('validation', 'propostas da Mobiauto em formato inesperado');
  return ok(
    lista.data.map((p) => ({
      canal: 'mobiauto' as const,
      idExterno: String(p.id),
      tipo: 'proposta' as const,
      idAnuncio: p.dealId != null ? String(p.dealId) : null,
      nome: p.customer?.name ?? null,
      email: p.customer?.email ?? null,
      telefone: digitos(p.customer?.phone),
      mensagem: p.message ?? null,
      recebidoEm: data(p.createdAt),
    })),
  );
}

// Measured as the adapters' calls are (canais/medicao.ts): leads reach the channels without the adapter registry.
export const buscarMercadoLivre = medida('mercadolivre', 'buscarLead', buscarMercadoLivreNoCanal);
export const responderMercadoLivre = medida('mercadolivre', 'responderLead', responderMercadoLivreNoCanal);
export const registrarWebhookOlx = medida('olx', 'registrarWebhook', registrarWebhookOlxNoCanal);
export const coletarIcarros = medida('icarros', 'coletarLeads', coletarIcarrosNoCanal);
export const coletarMobiauto = medida('mobiauto', 'coletarLeads', coletarMobiautoNoCanal);
