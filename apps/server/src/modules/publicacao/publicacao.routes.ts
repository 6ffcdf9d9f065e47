import {
  anuncioEnviado,
  anuncioExcluido,
  type CanalId,
  consultarModeloEntrada,
  consultarVersaoEntrada,
  dadosIntermedio,
  ESQUEMAS_PUBLICACAO,
  envelopeErro,
  envelopeSucesso,
  excluirAnuncioEntrada,
  opcaoCanal,
  publicacaoAnuncioEntrada,
  publicacaoVeiculoEntrada,
  ROTULO_CANAL,
} from '@intermedio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { canal as adaptador } from '../../canais/registro.ts';
import { sucesso } from '../../lib/http.ts';
import type { PublicacaoVeiculoService, VeiculoCarregado } from './publicacao.service.ts';

const tags = ['publicacao'];
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 409: envelopeErro, 422: envelopeErro };
const errosCanal = { ...erros, 429: envelopeErro, 502: envelopeErro };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which of spec 3 §7's calls a channel offers: the ones its adapter implements. */
export function rotasDoCanal(canal: CanalId): string[] {
  const p = adaptador(canal).publicacao;
  if (!p || !ESQUEMAS_PUBLICACAO[canal]) return [];
  return [
    'incluir',
    ...(p.alterar ? ['alterar-get'] : []),
    ...(p.modelos ? ['consultar-modelo'] : []),
    ...(p.versoes ? ['consultar-versao'] : []),
    'enviar',
    ...(p.alterar ? ['alterar'] : []),
    'excluir',
  ];
}

/**
 * Per-vehicle publishing (spec 3 §7): `POST /api/integracao/{canal}/{chamada}` for every channel of
 * ESQUEMAS_PUBLICACAO whose adapter has `publicacao`. The body names the vehicle; who may act is decided from the
 * session against the vehicle's reseller (`revendaDe`), never from `usuario` or any id in the body.
 */
export async function publicacaoRoutes(app: FastifyInstance, op: { publicacao: PublicacaoVeiculoService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publicacao } = op;
  const idDoCorpo = (req: FastifyRequest) => {
    const id = (req.body as { id_veiculo?: unknown } | null)?.id_veiculo;
    // A malformed id is left to the body's validation (400); an unknown vehicle has no reseller (refused).
    return typeof id === 'string' && UUID.test(id) ? id : null;
  };
  const revendaDe = async (req: FastifyRequest) => {
    const id = idDoCorpo(req);
    return id && publicacao.revendaDoVeiculo(id);
  };
  const config = { acesso: 'revenda' as const, revendaDe };
  /**
   * Routes whose handler reads the vehicle anyway (the draft, the cascades): the access check reads it with the
   * channel's integration in one statement and hands it on (`lido`), so the request reads the vehicle once.
   */
  const lidos = new WeakMap<FastifyRequest, Promise<VeiculoCarregado | undefined>>();
  const lendoVeiculo = (canal: CanalId) => ({
    acesso: 'revenda' as const,
    revendaDe: async (req: FastifyRequest) => {
      const id = idDoCorpo(req);
      if (!id) return null;
      const lido = publicacao.lerVeiculo(canal, id);
      lidos.set(req, lido);
      return (await lido)?.v.revenda_id;
    },
  });

  for (const canal of Object.keys(ESQUEMAS_PUBLICACAO) as CanalId[]) {
    const esquemas = ESQUEMAS_PUBLICACAO[canal];
    const chamadas = rotasDoCanal(canal);
    if (!esquemas || chamadas.length === 0) continue;
    const nome = ROTULO_CANAL[canal];
    const base = `/api/integracao/${canal}`;
    const rascunho = envelopeSucesso(z.object({ veiculo: dadosIntermedio }).and(esquemas.rascunho));
    const post = z.object({ veiculo_post: esquemas.post });

    r.post(
      `${base}/incluir`,
      {
        config: lendoVeiculo(canal),
        schema: {
          tags,
          summary: `${nome}: rascunho do anúncio do veículo`,
          body: publicacaoVeiculoEntrada,
          response: { 200: rascunho, ...errosCanal },
        },
      },
      async (req) => sucesso(await publicacao.rascunho(canal, req.body.id_veiculo, undefined, lidos.get(req))),
    );
    if (chamadas.includes('alterar-get'))
      r.post(
        `${base}/alterar-get`,
        {
          config: lendoVeiculo(canal),
          schema: {
            tags,
            summary: `${nome}: dados do anúncio publicado, para alterar`,
            body: publicacaoAnuncioEntrada,
            response: { 200: rascunho, ...errosCanal },
          },
        },
        async (req) => sucesso(await publicacao.rascunho(canal, req.body.id_veiculo, req.body.id_anuncio, lidos.get(req))),
      );
    if (chamadas.includes('consultar-modelo'))
      r.post(
        `${base}/consultar-modelo`,
        {
          config,
          schema: {
            tags,
            summary: `${nome}: modelos de uma marca`,
            body: consultarModeloEntrada,
            response: { 200: envelopeSucesso(z.array(opcaoCanal)), ...errosCanal },
          },
        },
        async (req) => sucesso(await publicacao.modelos(canal, req.body.id_veiculo, req.body.marca)),
      );
    if (chamadas.includes('consultar-versao'))
      r.post(
        `${base}/consultar-versao`,
        {
          config,
          schema: {
            tags,
            summary: `${nome}: versões de um modelo`,
            body: consultarVersaoEntrada,
            response: { 200: envelopeSucesso(z.array(opcaoCanal)), ...errosCanal },
          },
        },
        async (req) => sucesso(await publicacao.versoes(canal, req.body.id_veiculo, req.body.marca, req.body.modelo)),
      );
    r.post(
      `${base}/enviar`,
      {
        config,
        schema: {
          tags,
          summary: `${nome}: publicar o veículo (envio durável: pendente antes de chamar o canal; um segundo envio em andamento recebe 409)`,
          body: publicacaoVeiculoEntrada.extend(post.shape),
          response: { 200: envelopeSucesso(anuncioEnviado), ...errosCanal },
        },
      },
      async (req) =>
        sucesso(
          await publicacao.enviar(
            canal,
            req.body.id_veiculo,
            req.body.veiculo_post as Record<string, unknown>,
            exigirSessao(req).usuario.id,
          ),
        ),
    );
    if (chamadas.includes('alterar'))
      r.post(
        `${base}/alterar`,
        {
          config,
          schema: {
            tags,
            summary: `${nome}: alterar o anúncio publicado`,
            body: publicacaoAnuncioEntrada.extend(post.shape),
            response: { 200: envelopeSucesso(anuncioEnviado), ...errosCanal },
          },
        },
        async (req) =>
          sucesso(
            await publicacao.alterar(
              canal,
              req.body.id_veiculo,
              req.body.id_anuncio,
              req.body.veiculo_post as Record<string, unknown>,
              exigirSessao(req).usuario.id,
            ),
          ),
      );
    r.post(
      `${base}/excluir`,
      {
        config,
        schema: {
          tags,
          summary: `${nome}: excluir o anúncio do veículo`,
          body: excluirAnuncioEntrada,
          response: { 200: envelopeSucesso(anuncioExcluido), ...errosCanal },
        },
      },
      async (req) => sucesso(await publicacao.excluir(canal, req.body.id_veiculo, req.body.id_anuncio, exigirSessao(req).usuario.id)),
    );
  }
}
