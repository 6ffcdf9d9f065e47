import {
  autorizacaoResposta,
  CANAIS,
  CANAIS_AUTORIZACAO,
  type CanalId,
  camposIntegracao,
  ESCOPOS_SOCIAIS,
  envelopeErro,
  idParam,
  integracaoListaResposta,
  integracaoResposta,
  ROTULO_CANAL,
  retornoAutorizacao,
  socialConfigResposta,
  soDigitos,
} from '@intermedio/contracts';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { type ConfigCanais, caminhoSandbox } from '../../canais/config.ts';
import { canal as adaptador } from '../../canais/registro.ts';
import { VERSAO_GRAPH } from '../../canais/social/graph.ts';
import { sucesso } from '../../lib/http.ts';
import type { IntegracoesService } from './integracoes.service.ts';

const tags = ['integracoes'];
const erros = {
  400: envelopeErro,
  401: envelopeErro,
  403: envelopeErro,
  404: envelopeErro,
  409: envelopeErro,
  422: envelopeErro,
  429: envelopeErro,
  502: envelopeErro,
};
const textoResposta = z.object({ status: z.literal('success'), data: z.string() });
const doCanal = z.object({ idRevenda: idParam, canal: z.enum(CANAIS, 'Canal desconhecido') });

/** Fields every spec 1 §7 call carries; `api_key` is accepted for compatibility and authorises nothing. */
const corpoBase = {
  api_key: z.string().optional(),
  id_revenda: z.string().uuid('Identificador inválido'),
  usuario: z.string().optional().describe('Se vier, deve ser o usuário da sessão'),
};
const texto = z.union([z.string(), z.number()]).transform(String).optional();
/** A CNPJ sent punctuated (00.000.000/0000-00) reaches the channel as digits. */
const digitos = z
  .union([z.string(), z.number()])
  .transform((v) => soDigitos(String(v)))
  .optional();

/** The body of `/api/integracao/{canal}/configurar` per portal: the channel's fields (Webmotors names its CNPJ cnpj_revenda). */
function corpoConfigurar(canal: CanalId) {
  const campos = Object.keys(camposIntegracao[canal].shape).map((c) => (canal === 'webmotors' && c === 'cnpj' ? 'cnpj_revenda' : c));
  return z.object({ ...corpoBase, ...Object.fromEntries(campos.map((c) => [c, c === 'cnpj_revenda' ? digitos : texto])) });
}

export async function integracoesRoutes(app: FastifyInstance, op: { integracoes: IntegracoesService; canais: ConfigCanais }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { integracoes } = op;

  r.get(
    '/api/revendas/:idRevenda/integracoes',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Os dez canais e a configuração da revenda em cada um (sem segredos)',
        params: z.object({ idRevenda: idParam }),
        response: { 200: integracaoListaResposta, ...erros },
      },
    },
    async (req) => sucesso(await integracoes.listar(req.params.idRevenda)),
  );

  r.get(
    '/api/revendas/:idRevenda/integracoes/:canal',
    {
      config: { acesso: 'revenda' },
      schema: { tags, summary: 'A configuração de um canal', params: doCanal, response: { 200: integracaoResposta, ...erros } },
    },
    async (req) => sucesso(await integracoes.buscar(req.params.idRevenda, req.params.canal, exigirSessao(req).usuario)),
  );

  r.put(
    '/api/revendas/:idRevenda/integracoes/:canal',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Gravar o registro de configuração (status e campos do canal; senha vazia mantém a guardada)',
        params: doCanal,
        body: z.object({ status: z.boolean('Preenchimento obrigatório') }).catchall(z.unknown()),
        response: { 200: integracaoResposta, ...erros },
      },
    },
    async (req) => sucesso(await integracoes.gravar(req.params.idRevenda, req.params.canal, req.body, exigirSessao(req).usuario)),
  );

  r.get(
    '/api/integracao/social/config',
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags,
        summary: 'Endereços do diálogo de autorização e da Graph API para o navegador',
        response: { 200: socialConfigResposta, 401: envelopeErro },
      },
    },
    async () => {
      const real = op.canais.social.real;
      // The same Graph address the server's calls use (configured, or this server's sandbox): one backend per flow.
      const graph = op.canais.porCanal.facebook.url ?? caminhoSandbox('facebook');
      return sucesso({
        appId: op.canais.social.appId,
        dialogUrl: real ? `https://www.facebook.com/${VERSAO_GRAPH}/dialog/oauth` : `${graph}/dialog/oauth`,
        graphUrl: `${graph}/${VERSAO_GRAPH}`,
        escopos: { facebook: [...ESCOPOS_SOCIAIS.facebook], instagram: [...ESCOPOS_SOCIAIS.instagram] },
        sandbox: !real,
      });
    },
  );

  const naRevenda: FastifyContextConfig = { acesso: 'revenda', revendaNoCorpo: 'id_revenda' };
  const soAdmin: FastifyContextConfig = { acesso: 'admin' };

  for (const canal of CANAIS_AUTORIZACAO) {
    const rotulo = ROTULO_CANAL[canal];
    r.get(
      `/api/revendas/:idRevenda/integracoes/${canal}/autorizacao`,
      {
        config: adaptador(canal).meta.soAdmin ? soAdmin : { acesso: 'revenda' },
        schema: {
          tags,
          summary: `Autorizar no ${rotulo}: endereço da página de consentimento do canal (state ligado à sessão)`,
          params: z.object({ idRevenda: idParam }),
          response: { 200: autorizacaoResposta, ...erros },
        },
      },
      async (req) => sucesso(await integracoes.autorizar(canal, req.params.idRevenda, exigirSessao(req))),
    );
    r.post(
      `/api/integracao/${canal}/retorno`,
      {
        // The reseller comes from the sealed state, which must belong to this session (checked in the service).
        config: { acesso: 'autenticado' },
        schema: {
          tags,
          summary: `Retorno do ${rotulo}: confere o state com a sessão e conclui a configuração com o código`,
          body: retornoAutorizacao,
          response: {
            200: z.object({ status: z.literal('success'), data: z.object({ id_revenda: z.string(), mensagem: z.string() }) }),
            ...erros,
          },
        },
      },
      async (req) => sucesso(await integracoes.concluirAutorizacao(canal, req.body, exigirSessao(req))),
    );
  }
  for (const canal of CANAIS) {
    const rotulo = ROTULO_CANAL[canal];
    if (adaptador(canal).meta.tipo === 'portal') {
      r.post(
        `/api/integracao/${canal}/configurar`,
        {
          // Autoscar and Olx: admin only (spec 1 §6); the others: admin or a user of the reseller in the body.
          config: adaptador(canal).meta.soAdmin ? soAdmin : naRevenda,
          schema: {
            tags,
            summary: `Configurar ${rotulo}: confere as credenciais no canal (spec 1 §7)`,
            body: corpoConfigurar(canal),
            response: { 200: textoResposta, ...erros },
          },
        },
        async (req) => {
          const { api_key: _k, id_revenda, usuario, ...campos } = req.body as Record<string, string | undefined>;
          const credenciais = Object.fromEntries(Object.entries(campos).map(([c, v]) => [c === 'cnpj_revenda' ? 'cnpj' : c, v ?? '']));
          return sucesso(await integracoes.configurarPortal(canal, id_revenda ?? '', credenciais, usuario, exigirSessao(req).usuario));
        },
      );
      continue;
    }
    const social = canal as 'facebook' | 'instagram';
    r.post(
      `/api/integracao/${canal}/configurar`,
      {
        config: naRevenda,
        schema: {
          tags,
          summary: `Autorizar ${rotulo}: troca o token do usuário por um de longa duração`,
          body: z.object({
            ...corpoBase,
            access_token: z.string().min(1, 'Preenchimento obrigatório').max(2000),
            long_lived_token: z.string().max(2000).optional(),
          }),
          response: {
            200: z.object({ status: z.literal('success'), data: z.object({ user_id: z.string(), nome: z.string() }) }),
            ...erros,
          },
        },
      },
      async (req) =>
        sucesso(await integracoes.configurarSocial(social, req.body.id_revenda, req.body, req.body.usuario, exigirSessao(req).usuario)),
    );
    r.post(
      `/api/integracao/${canal}/configurar-pagina`,
      {
        config: naRevenda,
        schema: {
          tags,
          summary: `Vincular a página / conta do ${rotulo} à revenda`,
          body: z.object({
            ...corpoBase,
            page_id: z.string().regex(/^\d{1,30}$/, 'Identificador inválido'),
            page_name: z.string().max(300).default(''),
            page_access_token: z.string().max(2000).optional(),
          }),
          response: { 200: textoResposta, ...erros },
        },
      },
      async (req) =>
        sucesso(await integracoes.configurarPagina(social, req.body.id_revenda, req.body, req.body.usuario, exigirSessao(req).usuario)),
    );
    r.post(
      `/api/integracao/${canal}/disallow`,
      {
        config: naRevenda,
        schema: { tags, summary: `Cancelar o acesso ao ${rotulo}`, body: z.object(corpoBase), response: { 200: textoResposta, ...erros } },
      },
      async (req) => sucesso(await integracoes.cancelar(social, req.body.id_revenda, req.body.usuario, exigirSessao(req).usuario)),
    );
  }
}
