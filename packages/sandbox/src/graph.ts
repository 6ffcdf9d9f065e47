import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_SANDBOX, aleatorio, PUBLICO } from './comum.ts';
import { publicacoesGraph } from './graph-publicacao.ts';

/** The Graph API version the adapters call (canais/social/graph.ts). */
export const VERSAO_GRAPH = 'v20.0';

/**
 * Facebook's side, for Facebook and Instagram: the authorisation dialog (implicit token flow) and the
 * Graph API calls the product makes (spec 1 §7). Demo accounts:
 * - demo: two pages, each with a linked Instagram business account;
 * - sempaginas: no page (Instagram falls back to the manual ID);
 * - seminstagram: one page without Instagram.
 */
type Pagina = { id: string; name: string; ig?: string };
export const CONTAS: Record<string, { id: string; name: string; paginas: Pagina[] }> = {
  demo: {
    id: '900000000000001',
    name: 'Usuário Demo',
    paginas: [
      { id: '100000000000001', name: 'Auto Demo Veículos', ig: '17841400000000001' },
      { id: '100000000000002', name: 'Auto Demo Seminovos', ig: '17841400000000002' },
    ],
  },
  sempaginas: { id: '900000000000002', name: 'Usuário Sem Páginas', paginas: [] },
  seminstagram: {
    id: '900000000000003',
    name: 'Usuário Página Sem Instagram',
    paginas: [{ id: '100000000000003', name: 'Loja Sem Instagram' }],
  },
};
export const CONTAS_IG: Record<string, string> = { '17841400000000001': 'autodemoveiculos', '17841400000000002': 'autodemoseminovos' };
const ROTULO_CONTA: Record<string, string> = {
  demo: 'Loja Demo (2 páginas com Instagram)',
  sempaginas: 'Sem páginas',
  seminstagram: 'Página sem Instagram',
};

export const erroGraph = (reply: FastifyReply, status: number, message: string, code: number) =>
  reply.code(status).send({ error: { message, type: 'OAuthException', code, fbtrace_id: aleatorio() } });

/** The account behind a sandbox token: `sbx.<conta>.<x>`, `sbxlong.<conta>.<x>` or a page token `sbxpage.<pagina>`. */
export function quem(req: FastifyRequest): { conta?: string; pagina?: string } | null {
  const q = req.query as Record<string, string | undefined>;
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? q.access_token ?? '';
  const [tipo, valor] = token.split('.');
  if ((tipo === 'sbx' || tipo === 'sbxlong') && valor && CONTAS[valor]) return { conta: valor };
  if (tipo === 'sbxpage' && valor) return { pagina: valor };
  return null;
}

const escapar = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sandboxGraph(app: FastifyInstance) {
  // The dialog: a plain form (no script: the panel's CSP allows none inline).
  app.get('/dialog/oauth', PUBLICO, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const ocultos = ['redirect_uri', 'state', 'scope', 'client_id']
      .map((k) => `<input type="hidden" name="${k}" value="${escapar(q[k] ?? '')}">`)
      .join('');
    const opcoes = Object.entries(ROTULO_CONTA)
      .map(([v, r]) => `<option value="${v}">${escapar(r)}</option>`)
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Facebook (sandbox)</title></head>
<body style="font-family:sans-serif;margin:1.5rem"><h1 style="font-size:1.2rem">Facebook (sandbox do Intermédio)</h1>
<p>O painel pede acesso a: ${escapar(q.scope ?? '')}</p>
<form method="get" action="decidir">${ocultos}<label>Conta <select name="conta">${opcoes}</select></label>
<p><button type="submit" name="decisao" value="autorizar">Autorizar</button> <button type="submit" name="decisao" value="cancelar">Cancelar</button></p></form></body></html>`;
  });

  app.get('/dialog/decidir', PUBLICO, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const destino = q.redirect_uri ?? '';
    const origem = `${req.protocol}://${req.headers.host}`;
    if (!destino.startsWith(`${origem}/`)) return reply.code(400).type('text/plain; charset=utf-8').send('redirect_uri não permitido');
    const estado = encodeURIComponent(q.state ?? '');
    if (q.decisao !== 'autorizar' || q.client_id !== APP_SANDBOX.clientId) {
      return reply.redirect(`${destino}#error=access_denied&error_reason=user_denied&state=${estado}`);
    }
    const conta = CONTAS[q.conta ?? ''] ? q.conta : 'demo';
    return reply.redirect(`${destino}#access_token=sbx.${conta}.${aleatorio()}&token_type=bearer&expires_in=5183944&state=${estado}`);
  });

  const v = `/${VERSAO_GRAPH}`;
  const publicacoes = publicacoesGraph(app, v);
  app.get(`${v}/oauth/access_token`, PUBLICO, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.client_id !== APP_SANDBOX.clientId || q.client_secret !== APP_SANDBOX.clientSecret)
      return erroGraph(reply, 400, 'Invalid client_id', 101);
    const [tipo, conta] = (q.fb_exchange_token ?? '').split('.');
    if (tipo !== 'sbx' || !conta || !CONTAS[conta]) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    return { access_token: `sbxlong.${conta}.${aleatorio()}`, token_type: 'bearer', expires_in: 5183944 };
  });

  app.delete(`${v}/me/permissions`, PUBLICO, async (req, reply) => {
    if (!quem(req)?.conta) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    return { success: true };
  });

  app.get<{ Params: { id: string } }>(`${v}/:id/accounts`, PUBLICO, async (req, reply) => {
    const q = quem(req);
    const conta = q?.conta ? CONTAS[q.conta] : undefined;
    if (!conta || (req.params.id !== 'me' && req.params.id !== conta.id)) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    return { data: conta.paginas.map((p) => ({ id: p.id, name: p.name, access_token: `sbxpage.${p.id}`, tasks: ['CREATE_CONTENT'] })) };
  });

  app.get<{ Params: { id: string } }>(`${v}/:id`, PUBLICO, async (req, reply) => {
    const q = quem(req);
    if (!q) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    const campos = String((req.query as Record<string, string>).fields ?? 'id,name');
    const { id } = req.params;
    const conta = q.conta ? CONTAS[q.conta] : undefined;
    if (id === 'me' && conta) return { id: conta.id, name: conta.name };
    const pagina = Object.values(CONTAS)
      .flatMap((c) => c.paginas)
      .find((p) => p.id === id && (q.pagina === id || conta?.paginas.includes(p)));
    if (pagina) {
      if (campos.includes('instagram_business_account'))
        return { id: pagina.id, ...(pagina.ig ? { instagram_business_account: { id: pagina.ig } } : {}) };
      return { id: pagina.id, name: pagina.name };
    }
    const ig = CONTAS_IG[id];
    if (ig) return { id, name: ig };
    const publicado = publicacoes.ler(id);
    if (publicado) return publicado;
    return erroGraph(
      reply,
      400,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      100,
    );
  });
}
