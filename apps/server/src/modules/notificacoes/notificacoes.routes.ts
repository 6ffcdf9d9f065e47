import {
  envelopeErro,
  idParam,
  MENSAGENS_NOTIFICACAO,
  notificacaoEntrada,
  notificacaoListaResposta,
  notificacaoResposta,
  pushTokenEntrada,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import { type NotificacoesService, paraNotificacao } from './notificacoes.service.ts';

const tags = ['notificacoes'];
const params = z.object({ idRevenda: idParam });
const paramsItem = params.extend({ idNotificacao: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };
const mensagemResposta = z.object({ status: z.literal('success'), data: z.object({ mensagem: z.string() }) });

export async function notificacoesRoutes(app: FastifyInstance, op: { notificacoes: NotificacoesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/revendas/:idRevenda/notificacoes';
  const s = op.notificacoes;

  r.get(
    base,
    {
      config: { acesso: 'admin' },
      schema: { tags, summary: 'Notificações da revenda', params, response: { 200: notificacaoListaResposta, ...erros } },
    },
    async (req) => sucesso((await s.listar(req.params.idRevenda)).map(paraNotificacao)),
  );

  r.get(
    `${base}/lista/:idNotificacao`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Uma linha da lista de notificações (mesmo formato), para atualizar a lista ao vivo; 404 se não existe mais',
        params: paramsItem,
        response: { 200: notificacaoResposta, ...erros },
      },
    },
    async (req) => sucesso(paraNotificacao(await s.linha(req.params.idRevenda, req.params.idNotificacao))),
  );

  r.post(
    base,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Incluir notificação (titulo, link, acesso todos | gestor)',
        params,
        body: notificacaoEntrada,
        response: { 200: notificacaoResposta, ...erros },
      },
    },
    async (req) => sucesso(paraNotificacao(await s.incluir(req.params.idRevenda, req.body, exigirSessao(req).usuario))),
  );

  r.delete(
    `${base}/:idNotificacao`,
    {
      config: { acesso: 'admin' },
      schema: { tags, summary: 'Excluir notificação', params: paramsItem, response: { 200: mensagemResposta, ...erros } },
    },
    async (req) => {
      await s.remover(req.params.idRevenda, req.params.idNotificacao);
      return sucesso({ mensagem: MENSAGENS_NOTIFICACAO.removida });
    },
  );

  r.post(
    `${base}/:idNotificacao/lembrete`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Enviar lembrete aos aparelhos dos usuários (push FCM em segundo plano)',
        description:
          'Enfileira o envio e responde na hora com lembrete_estado "enviando"; o resultado (sucesso ou erro, com a mensagem) ' +
          'chega na própria notificação (lista ao vivo). 422 quando nenhum usuário tem aparelho registrado.',
        params: paramsItem,
        response: { 200: notificacaoResposta, ...erros, 422: envelopeErro },
      },
    },
    async (req) => sucesso(await s.pedirLembrete(req.params.idRevenda, req.params.idNotificacao)),
  );

  r.post(
    '/api/usuarios/eu/push-token',
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags,
        summary: 'Registrar o aparelho do usuário para notificações (app móvel)',
        description:
          'O app envia o token FCM do aparelho depois do login (e quando o Firebase o renovar). Um token vazio apaga o registrado. ' +
          'Um token pertence a um só usuário: registrá-lo tira-o de quem o tinha. Tokens que o FCM informa como não registrados são apagados no envio.',
        body: pushTokenEntrada,
        response: { 200: mensagemResposta, 400: envelopeErro, 401: envelopeErro, 403: envelopeErro },
      },
    },
    async (req) => sucesso({ mensagem: await s.registrarToken(exigirSessao(req).usuario, req.body) }),
  );
}
