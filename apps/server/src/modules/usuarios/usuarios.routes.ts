import {
  envelopeErro,
  esqueciSenhaEntrada,
  idParam,
  novaSenhaEntrada,
  usuarioAlteracao,
  usuarioListaResposta,
  usuarioNovo,
  usuarioResposta,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { enviarJson, sucesso } from '../../lib/http.ts';
import { paraUsuario, type UsuariosService } from './usuarios.service.ts';

const tags = ['usuarios'];
const daRevenda = z.object({ idRevenda: idParam });
const doUsuario = z.object({ idRevenda: idParam, idUsuario: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 409: envelopeErro, 500: envelopeErro };
const mensagem = z.object({ status: z.literal('success'), data: z.object({ mensagem: z.string() }) });

export async function usuariosRoutes(app: FastifyInstance, op: { usuarios: UsuariosService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { usuarios } = op;
  const base = '/api/revendas/:idRevenda/usuarios';

  r.get(
    base,
    {
      config: { acesso: 'gestorRevenda' },
      schema: { tags, summary: 'Usuários da revenda', params: daRevenda, response: { 200: usuarioListaResposta, ...erros } },
    },
    // Built by the database in the answer's shape (issue 18), sent without a serializer pass, like the other lists.
    async (req, reply) => enviarJson(reply, await usuarios.listar(req.params.idRevenda)),
  );

  r.get(
    `${base}/lista/:idUsuario`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Uma linha da lista de usuários (mesmo formato da lista); 404 quando o usuário não está na lista da revenda',
        params: doUsuario,
        response: { 200: usuarioResposta, ...erros },
      },
    },
    async (req) => sucesso(paraUsuario(await usuarios.buscar(req.params.idRevenda, req.params.idUsuario))),
  );

  r.post(
    base,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Incluir usuário na revenda',
        params: daRevenda,
        body: usuarioNovo,
        response: { 200: usuarioResposta, ...erros },
      },
    },
    async (req) => sucesso(paraUsuario(await usuarios.criar(req.params.idRevenda, req.body, exigirSessao(req).usuario))),
  );

  r.get(
    `${base}/:idUsuario`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: { tags, summary: 'Um usuário da revenda', params: doUsuario, response: { 200: usuarioResposta, ...erros } },
    },
    async (req) => sucesso(paraUsuario(await usuarios.buscar(req.params.idRevenda, req.params.idUsuario))),
  );

  r.put(
    `${base}/:idUsuario`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Alterar usuário (o e-mail não muda)',
        params: doUsuario,
        body: usuarioAlteracao,
        response: { 200: usuarioResposta, ...erros },
      },
    },
    async (req) =>
      sucesso(paraUsuario(await usuarios.alterar(req.params.idRevenda, req.params.idUsuario, req.body, exigirSessao(req).usuario))),
  );

  r.delete(
    `${base}/:idUsuario`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Remover usuário',
        params: doUsuario,
        response: { 200: z.object({ status: z.literal('success'), data: z.null() }), ...erros },
      },
    },
    async (req) => {
      await usuarios.remover(req.params.idRevenda, req.params.idUsuario, exigirSessao(req).usuario);
      return sucesso(null);
    },
  );

  r.post(
    `${base}/:idUsuario/redefinir-senha`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Enviar ao e-mail do usuário um link para alteração de senha',
        params: doUsuario,
        response: { 200: mensagem, ...erros, 502: envelopeErro },
      },
    },
    async (req) => {
      const r = await usuarios.enviarLinkSenha(req.params.idRevenda, req.params.idUsuario);
      return sucesso({ mensagem: r.mensagem });
    },
  );

  r.post(
    '/api/senha/esqueci',
    {
      config: { acesso: 'publico' },
      schema: {
        tags,
        summary: 'Esqueci minha senha: envia o link de alteração ao e-mail, se for de um usuário ativo do painel',
        body: esqueciSenhaEntrada,
        response: { 200: mensagem, 400: envelopeErro, 429: envelopeErro },
      },
    },
    async (req) => sucesso(await usuarios.esqueciSenha(req.body.email, req.ip)),
  );

  r.get(
    '/api/senha/redefinicao/:token',
    {
      config: { acesso: 'publico' },
      schema: {
        tags,
        summary: 'Confere um link de alteração de senha',
        params: z.object({ token: z.string().min(10).max(200) }),
        response: { 200: z.object({ status: z.literal('success'), data: z.object({ email: z.string() }) }), 400: envelopeErro },
      },
    },
    async (req) => sucesso(await usuarios.conferirLink(req.params.token)),
  );

  r.post(
    '/api/senha/redefinir',
    {
      config: { acesso: 'publico' },
      schema: {
        tags,
        summary: 'Escolher a nova senha com o link recebido',
        body: novaSenhaEntrada,
        response: { 200: mensagem, 400: envelopeErro },
      },
    },
    async (req) => sucesso(await usuarios.redefinirSenha(req.body.token, req.body.senha)),
  );
}
