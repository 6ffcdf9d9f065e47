import { envelopeErro, loginBody, sessaoResposta, usuarioLogado } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { linkExterno, linkSolicitacoes } from '../lib/hash-diario.ts';
import { sucesso } from '../lib/http.ts';
import { VALIDADE_DISPOSITIVO_DIAS } from '../seguranca/dispositivo.ts';
import type { AuthService, SessaoAtiva } from './auth.service.ts';
import { COOKIE_DISPOSITIVO, COOKIE_SESSAO, exigirSessao } from './guardas.ts';

const tags = ['auth'];

export function paraSessaoPublica(s: SessaoAtiva, config: Config) {
  const u = s.usuario;
  return {
    usuario: usuarioLogado.parse({ id: u.id, role: u.role, revenda: u.revenda_id, nome: u.nome }),
    csrf: s.csrf,
    solicitacoesUrl: linkSolicitacoes(config.solicitacoesUrl, u.id),
    linksExternos: {
      locAnuncio: linkExterno(config.locAnuncioUrl, u.id, 'locais_anuncio'),
      atualizarDados: linkExterno(config.atualizarDadosUrl, u.id, 'atualizar_dados'),
    },
    planoBasico: u.role === 'admin' && u.empresa === 'ff',
  };
}

export async function authRoutes(app: FastifyInstance, op: { auth: AuthService; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieSeguro = op.config.publicUrl.startsWith('https://');

  r.post(
    '/api/auth/login',
    {
      config: { acesso: 'publico' },
      schema: {
        tags,
        summary: 'Entrar no painel (admin ou gestor)',
        body: loginBody,
        response: { 200: sessaoResposta, 401: envelopeErro, 429: envelopeErro },
      },
    },
    async (req, reply) => {
      const { token, sessao, dispositivo } = await op.auth.entrar(
        req.body.email,
        req.body.senha,
        req.ip,
        req.headers['user-agent'] ?? null,
        req.cookies[COOKIE_DISPOSITIVO],
      );
      reply.setCookie(COOKIE_SESSAO, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSeguro,
        path: '/',
        maxAge: op.config.sessionTtlHours * 3600,
      });
      // Only the sign-in reads the device cookie: nothing else receives it.
      reply.setCookie(COOKIE_DISPOSITIVO, dispositivo, {
        httpOnly: true,
        sameSite: 'strict',
        secure: cookieSeguro,
        path: '/api/auth/login',
        maxAge: VALIDADE_DISPOSITIVO_DIAS * 86_400,
      });
      return sucesso(paraSessaoPublica(sessao, op.config));
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags,
        summary: 'Sair (encerra a sessão)',
        response: { 200: z.object({ status: z.literal('success'), data: z.null() }), 401: envelopeErro, 403: envelopeErro },
      },
    },
    async (req, reply) => {
      await op.auth.sair(exigirSessao(req).id);
      reply.clearCookie(COOKIE_SESSAO, { path: '/' });
      return sucesso(null);
    },
  );

  r.get(
    '/api/auth/sessao',
    {
      config: { acesso: 'autenticado' },
      schema: { tags, summary: 'Sessão atual e token CSRF', response: { 200: sessaoResposta, 401: envelopeErro } },
    },
    async (req) => sucesso(paraSessaoPublica(exigirSessao(req), op.config)),
  );
}
