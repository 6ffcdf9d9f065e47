import { APP_SANDBOX } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import { aleatorio, PUBLICO } from './comum.ts';
import { VENDEDOR_SANDBOX } from './mercadolivre-itens.ts';
import { bearerValido } from './oauth.ts';

/**
 * Leads on demand (issue 26, docs/leads.md), per process, for the channels' sandboxes. Test controls (`_…`) answer only
 * with SANDBOX_INSPECAO=1. `produto()`: the product's own address (its configuration: the callback registered with
 * the channel), where the webhook channels deliver.
 */
export type OpcoesLeads = { produto?: () => string };

const entregar = async (url: string, corpo: unknown, cabecalhos: Record<string, string> = {}) => {
  try {
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...cabecalhos },
      body: JSON.stringify(corpo),
    });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return 0;
  }
};

type LeadMl = {
  id: string;
  item_id: string;
  seller_id: number;
  created_at: string;
  buyer: { name: string; email: string; phone: { area_code: string; number: string } };
  message: string;
};
type PerguntaMl = {
  id: number;
  item_id: string;
  seller_id: number;
  text: string;
  status: 'UNANSWERED' | 'ANSWERED';
  date_created: string;
  from: { id: number };
  answer: { text: string; status: string; date_created: string } | null;
};

/**
 * Mercado Livre (channels.md §2): `GET /vis/leads/{id}` and `GET /questions/{id}` with the seller's token, and
 * `POST /answers {question_id, text}` (a question is answered once: a second answer is refused, 400).
 * Control: `POST /_lead {tipo: 'lead'|'pergunta', item_id, nome?, texto?, entregas?, user_id?}` creates one (of seller
 * `user_id`, default VENDEDOR_SANDBOX; a code `…vendedor-{id}…` connects that seller) and delivers the
 * notification `{resource, user_id, topic, application_id, attempts, sent}` to `{produto}/api/webhooks/mercadolivre`
 * `entregas` times (default 1); `GET /_respostas` lists the answers received.
 */
export function leadsMercadoLivre(app: FastifyInstance, op: OpcoesLeads) {
  const leads = new Map<string, LeadMl>();
  const perguntas = new Map<number, PerguntaMl>();
  const respostas: { question_id: number; text: string }[] = [];
  let proximaPergunta = 900_000;
  const autorizado = (a: string | undefined) => bearerValido(a, 'APP_USR');

  app.get<{ Params: { id: string } }>('/vis/leads/:id', PUBLICO, async (req, reply) => {
    if (!autorizado(req.headers.authorization)) return reply.code(401).send({ message: 'invalid_token', status: 401 });
    const l = leads.get(req.params.id);
    return l ?? reply.code(404).send({ message: 'Lead not found', error: 'not_found', status: 404 });
  });
  app.get<{ Params: { id: string } }>('/questions/:id', PUBLICO, async (req, reply) => {
    if (!autorizado(req.headers.authorization)) return reply.code(401).send({ message: 'invalid_token', status: 401 });
    const p = perguntas.get(Number(req.params.id));
    return p ?? reply.code(404).send({ message: 'Question not found', error: 'not_found', status: 404 });
  });
  app.post<{ Body: { question_id?: unknown; text?: unknown } | null }>('/answers', PUBLICO, async (req, reply) => {
    if (!autorizado(req.headers.authorization)) return reply.code(401).send({ message: 'invalid_token', status: 401 });
    const p = perguntas.get(Number(req.body?.question_id));
    const text = typeof req.body?.text === 'string' ? req.body.text.trim() : '';
    if (!p) return reply.code(404).send({ message: 'Question not found', error: 'not_found', status: 404 });
    if (!text || text.length > 2000) return reply.code(400).send({ message: 'Invalid answer text', error: 'bad_request', status: 400 });
    if (p.answer) return reply.code(400).send({ message: 'Question already answered', error: 'bad_request', status: 400 });
    p.answer = { text, status: 'ACTIVE', date_created: new Date().toISOString() };
    p.status = 'ANSWERED';
    respostas.push({ question_id: p.id, text });
    return { id: p.id, question_id: p.id, text, status: 'ACTIVE', date_created: p.answer.date_created };
  });

  app.post<{ Body: { tipo?: string; item_id?: string; nome?: string; texto?: string; entregas?: number; user_id?: number } | null }>(
    '/_lead',
    PUBLICO,
    async (req) => {
      const b = req.body ?? {};
      const item_id = b.item_id ?? 'MLB000000000';
      const vendedor = Number(b.user_id ?? VENDEDOR_SANDBOX);
      const agora = new Date().toISOString();
      let resource: string;
      let topic: string;
      if (b.tipo === 'pergunta') {
        const id = proximaPergunta++;
        perguntas.set(id, {
          id,
          item_id,
          seller_id: vendedor,
          text: b.texto ?? 'Ainda está disponível? Aceita troca?',
          status: 'UNANSWERED',
          date_created: agora,
          from: { id: 555_000 + id },
          answer: null,
        });
        resource = `/questions/${id}`;
        topic = 'questions';
      } else {
        const id = `VL-${aleatorio()}`;
        leads.set(id, {
          id,
          item_id,
          seller_id: vendedor,
          created_at: agora,
          buyer: { name: b.nome ?? 'Comprador Sandbox', email: 'comprador@ml.sandbox', phone: { area_code: '11', number: '987654321' } },
          message: b.texto ?? 'Olá, tenho interesse no veículo.',
        });
        resource = `/vis/leads/${id}`;
        topic = 'vis_leads';
      }
      const aviso = {
        resource,
        user_id: vendedor,
        topic,
        application_id: APP_SANDBOX.clientId,
        attempts: 1,
        sent: agora,
        received: agora,
      };
      const entregas: number[] = [];
      if (op.produto)
        for (let i = 0; i < Math.max(1, Number(b.entregas ?? 1)); i++)
          entregas.push(await entregar(`${op.produto()}/api/webhooks/mercadolivre`, aviso));
      return { resource, topic, aviso, entregas };
    },
  );
  app.get('/_respostas', PUBLICO, async () => ({ respostas }));
}

type LeadOlx = {
  leadId: string;
  adId: string;
  listId: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
};

/**
 * OLX (channels.md §1, developers.olx.com.br lead/how_to): `POST /autoservice/v1/lead {url}` with the dealer's
 * Bearer token (scope autoservice) registers the dealer's own lead endpoint (201 created, 200 updated, 401 token).
 * Control: `POST /_lead {adId, nome?, texto?, entregas?}` posts a lead to the dealer's registered URL (`token`: the
 * dealer's access token picks the registration, or `url`: one of the registered URLs, as a test that knows only its
 * reseller finds it in the list; default the last one), answering the lead, the URL and each delivery's HTTP status;
 * with `rajada: [{nome?, texto?}…]` instead, one lead per buyer, all delivered at the same moment (a burst, as OLX
 * sends several buyers' leads), answering `leads`. `GET /_webhooks` lists the registrations.
 */
export function leadsOlx(app: FastifyInstance) {
  const webhooks = new Map<string, string>();
  app.post<{ Body: { url?: unknown } | null }>('/autoservice/v1/lead', PUBLICO, async (req, reply) => {
    const auth = req.headers.authorization;
    if (!bearerValido(auth, 'olx')) return reply.code(401).send({ error: 'invalid_token' });
    const url = req.body?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return reply.code(400).send({ error: 'invalid_url' });
    const token = (auth ?? '').replace(/^Bearer\s+/i, '');
    const existia = webhooks.has(token);
    webhooks.set(token, url);
    return reply.code(existia ? 200 : 201).send({ url });
  });
  app.get('/_webhooks', PUBLICO, async () => ({ webhooks: [...webhooks.values()] }));
  type Comprador = { nome?: string; texto?: string };
  app.post<{
    Body: (Comprador & { adId?: string; entregas?: number; token?: string; url?: string; rajada?: Comprador[] }) | null;
  }>('/_lead', PUBLICO, async (req, reply) => {
    const b = req.body ?? {};
    const registradas = [...webhooks.values()];
    const url = b.token ? webhooks.get(b.token) : b.url ? registradas.find((u) => u === b.url) : registradas.at(-1);
    if (!url) return reply.code(409).send({ error: 'nenhum webhook de leads registrado' });
    const novo = (c: Comprador): LeadOlx => ({
      leadId: `OLX-${aleatorio()}`,
      adId: b.adId ?? '0',
      listId: String(1_000_000 + Math.floor(Math.random() * 1_000_000)),
      name: c.nome ?? 'Comprador OLX',
      email: 'comprador@olx.sandbox',
      phone: '11912345678',
      message: c.texto ?? 'Olá, o carro ainda está disponível?',
      createdAt: new Date().toISOString(),
    });
    if (Array.isArray(b.rajada)) {
      const leads = b.rajada.map(novo);
      return { leads, url, entregas: await Promise.all(leads.map((l) => entregar(url, l))) };
    }
    const lead = novo(b);
    const entregas: number[] = [];
    for (let i = 0; i < Math.max(1, Number(b.entregas ?? 1)); i++) entregas.push(await entregar(url, lead));
    return { lead, url, entregas };
  });
}

type LeadIcarros = {
  id: number;
  dealId: number;
  dealerId: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  date: string;
};

/**
 * iCarros (channels.md §4): `GET /dealers/{id}/leads?startDate&endDate` (ISO dates, inclusive) under the core API,
 * with the dealer's token (`api`); control at the sandbox root (`raiz`): `POST /_lead {dealerId?, dealId, nome?,
 * texto?, data?}` adds one to the dealer's list.
 */
export function leadsIcarros(raiz: FastifyInstance, dealerPadrao: number) {
  const leads: LeadIcarros[] = [];
  let proximo = 70_000;
  raiz.post<{ Body: { dealerId?: number; dealId?: number; nome?: string; texto?: string; data?: string } | null }>(
    '/_lead',
    PUBLICO,
    async (req) => {
      const b = req.body ?? {};
      const lead: LeadIcarros = {
        id: proximo++,
        dealId: Number(b.dealId ?? 0),
        dealerId: Number(b.dealerId ?? dealerPadrao),
        name: b.nome ?? 'Comprador iCarros',
        email: 'comprador@icarros.sandbox',
        phone: '(11) 95555-1234',
        message: b.texto ?? 'Gostaria de agendar uma visita.',
        date: b.data ?? new Date().toISOString(),
      };
      leads.push(lead);
      return { lead };
    },
  );
  return (api: FastifyInstance) =>
    api.get<{ Params: { id: string }; Querystring: { startDate?: string; endDate?: string } }>(
      '/dealers/:id/leads',
      PUBLICO,
      async (req, reply) => {
        const de = Date.parse(req.query.startDate ?? '');
        const ate = Date.parse(req.query.endDate ?? '');
        if (Number.isNaN(de) || Number.isNaN(ate))
          return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'startDate e endDate são obrigatórios' });
        return leads.filter((l) => l.dealerId === Number(req.params.id) && Date.parse(l.date) >= de && Date.parse(l.date) <= ate);
      },
    );
}

type PropostaMobiauto = {
  id: number;
  dealId: number;
  dealerId: number;
  customer: { name: string; email: string; phone: string };
  message: string;
  createdAt: string;
};

/**
 * Mobiauto (channels.md §5): the only lead call known is `POST /api/proposal/v1.0/{dealerId}`; its contract is not
 * public, so this side is DESIGNED (docs/leads.md): a search, body `{startDate, endDate}` (ISO), answering the dealer's
 * proposals of the period `[{id, dealId, customer: {name, email, phone}, message, createdAt}]`. Control at the sandbox
 * root: `POST /_proposta {dealId, nome?, texto?, data?}`.
 */
export function leadsMobiauto(raiz: FastifyInstance, dealerPadrao: number) {
  const propostas: PropostaMobiauto[] = [];
  let proximo = 40_000;
  raiz.post<{ Body: { dealerId?: number; dealId?: number; nome?: string; texto?: string; data?: string } | null }>(
    '/_proposta',
    PUBLICO,
    async (req) => {
      const b = req.body ?? {};
      const p: PropostaMobiauto = {
        id: proximo++,
        dealId: Number(b.dealId ?? 0),
        dealerId: Number(b.dealerId ?? dealerPadrao),
        customer: { name: b.nome ?? 'Comprador Mobiauto', email: 'comprador@mobiauto.sandbox', phone: '+55 11 94444-3333' },
        message: b.texto ?? 'Tenho interesse. Aceita financiamento?',
        createdAt: b.data ?? new Date().toISOString(),
      };
      propostas.push(p);
      return { proposta: p };
    },
  );
  return (api: FastifyInstance) =>
    api.post<{ Params: { dealerId: string }; Body: { startDate?: string; endDate?: string } | null }>(
      '/proposal/v1.0/:dealerId',
      PUBLICO,
      async (req, reply) => {
        const de = Date.parse(req.body?.startDate ?? '');
        const ate = Date.parse(req.body?.endDate ?? '');
        if (Number.isNaN(de) || Number.isNaN(ate))
          return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'startDate e endDate são obrigatórios' });
        return propostas.filter(
          (p) => p.dealerId === Number(req.params.dealerId) && Date.parse(p.createdAt) >= de && Date.parse(p.createdAt) <= ate,
        );
      },
    );
}
