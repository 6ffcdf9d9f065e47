import { CABECALHO_CSRF, MENSAGENS } from '@intermedio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acessoNegado, ErroHttp, naoAutenticado } from '../lib/http.ts';
import type { AuthService, SessaoAtiva } from './auth.service.ts';

/**
 * Each route declares who may call it (`config.acesso`); this is the only place that decides.
 * - publico: anyone. autenticado: any signed-in, active user.
 * - admin: admins only.
 * - revenda: an admin, or a user whose own reseller is `:idRevenda`.
 * - gestorRevenda: an admin, or the gestor of `:idRevenda`.
 * - equipe: an admin or any gestor (e.g. uploading a logo before the reseller exists).
 * Routes of the spec's calls carry the reseller in the body (`id_revenda`): `revendaNoCorpo` names that field,
 * and the check runs once the body is parsed (a dotted name such as `banner.revenda` reads a nested field).
 * Calls that name a record instead (`id_veiculo`) give `revendaDe`, which reads the record's reseller.
 */
export type Acesso = 'publico' | 'autenticado' | 'admin' | 'revenda' | 'gestorRevenda' | 'equipe';

declare module 'fastify' {
  interface FastifyContextConfig {
    acesso?: Acesso;
    revendaNoCorpo?: string;
    /**
     * The reseller a call acts on, read from what the body names (a vehicle's reseller, from the database) once the
     * body is parsed. `null`: the body is malformed and its validation answers 400; `undefined`: nothing of that id.
     */
    revendaDe?: (req: FastifyRequest) => Promise<string | null | undefined>;
  }
  interface FastifyRequest {
    sessao: SessaoAtiva | null;
  }
}

export const COOKIE_SESSAO = 'intermedio_sessao';
/** The device cookie of a browser that signed in before (seguranca/dispositivo.ts), sent only to the sign-in. */
export const COOKIE_DISPOSITIVO = 'intermedio_dispositivo';
const METODOS_SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const guardas = fp(async (app: FastifyInstance, op: { auth: AuthService }) => {
  app.decorateRequest('sessao', null);

  // A route without a declared rule is a programming error: refuse to start.
  app.addHook('onRoute', (rota) => {
    if (!rota.config?.acesso && rota.url.startsWith('/api/docs')) rota.config = { ...rota.config, acesso: 'publico' };
    if (!rota.config?.acesso && rota.url.startsWith('/api')) {
      throw new Error(`Rota ${rota.method} ${rota.url} sem regra de acesso (config.acesso)`);
    }
  });

  app.addHook('onRequest', async (req) => {
    const acesso = req.routeOptions.config?.acesso ?? 'publico';
    const token = req.cookies[COOKIE_SESSAO];
    req.sessao = token ? await op.auth.sessaoDoToken(token) : null;
    if (acesso === 'publico') return;
    const sessao = exigirSessao(req);
    if (!METODOS_SEGUROS.has(req.method) && req.headers[CABECALHO_CSRF] !== sessao.csrf) {
      throw new ErroHttp(403, MENSAGENS.csrfInvalido);
    }
    const { usuario } = sessao;
    if (usuario.role === 'admin' || acesso === 'autenticado') return;
    if (acesso === 'admin') throw acessoNegado();
    if (acesso === 'equipe') {
      if (usuario.role !== 'gestor') throw acessoNegado();
      return;
    }
    if (req.routeOptions.config.revendaNoCorpo || req.routeOptions.config.revendaDe) return; // checked in preValidation
    conferirRevenda(sessao, acesso, (req.params as Record<string, string | undefined>).idRevenda);
  });

  app.addHook('preValidation', async (req) => {
    const campo = req.routeOptions.config?.revendaNoCorpo;
    const acesso = req.routeOptions.config?.acesso;
    const revendaDe = req.routeOptions.config?.revendaDe;
    if (!req.sessao || req.sessao.usuario.role === 'admin' || (acesso !== 'revenda' && acesso !== 'gestorRevenda')) return;
    if (revendaDe) {
      const idRevenda = await revendaDe(req);
      if (idRevenda !== null) conferirRevenda(req.sessao, acesso, idRevenda);
      return;
    }
    if (!campo) return;
    // A dotted name reads a nested field (`banner.revenda`: the spec's calls send the whole item).
    const valor = campo
      .split('.')
      .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), req.body);
    conferirRevenda(req.sessao, acesso, typeof valor === 'string' ? valor : undefined);
  });
});

function conferirRevenda(sessao: SessaoAtiva, acesso: 'revenda' | 'gestorRevenda', idRevenda: string | undefined) {
  if (!idRevenda || sessao.usuario.revenda_id !== idRevenda) throw acessoNegado();
  if (acesso === 'gestorRevenda' && sessao.usuario.role !== 'gestor') throw acessoNegado();
}

export function exigirSessao(req: FastifyRequest): SessaoAtiva {
  if (!req.sessao) throw naoAutenticado();
  return req.sessao;
}
