import {
  bannerEntrada,
  bannerListaResposta,
  bannerResposta,
  envelopeErro,
  idParam,
  incluirBannerEntrada,
  incluirVendidoEntrada,
  publicacaoResposta,
  type TipoPublicacao,
  vendidoEntrada,
  vendidoListaResposta,
  vendidoResposta,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import { type BannersService, paraItem } from './banners.service.ts';
import type { PublicacaoService } from './publicar.service.ts';

const params = z.object({ idRevenda: idParam });
const doItem = z.object({ idRevenda: idParam, idItem: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };
const errosPublicar = { ...erros, 409: envelopeErro, 422: envelopeErro, 429: envelopeErro, 502: envelopeErro };

const DEFINICAO = {
  banner: {
    caminho: 'banners',
    nome: 'banner',
    entrada: bannerEntrada,
    item: bannerResposta,
    lista: bannerListaResposta,
    publicar: incluirBannerEntrada,
    campoTexto: 'peblocotextobanners',
  },
  vendido: {
    caminho: 'vendidos',
    nome: 'vendido',
    entrada: vendidoEntrada,
    item: vendidoResposta,
    lista: vendidoListaResposta,
    publicar: incluirVendidoEntrada,
    campoTexto: 'peblocotextovendidos',
  },
} as const;

/**
 * Routes of banners or sold items (the same for both): the reseller's list and include, and the spec's publish calls
 * `POST /api/integracao/{instagram|facebook}/incluir-{banner|vendido}` (reseller checked from `{banner|vendido}.revenda`).
 */
export function rotasPublicacaoSocial(tipo: TipoPublicacao) {
  const d = DEFINICAO[tipo];
  const tags = [d.caminho];
  return async (app: FastifyInstance, op: { banners: BannersService; publicacao: PublicacaoService }) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `/api/revendas/:idRevenda/${d.caminho}`,
      {
        config: { acesso: 'revenda' },
        schema: { tags, summary: `Lista de ${d.caminho} da revenda (mais novos primeiro)`, params, response: { 200: d.lista, ...erros } },
      },
      async (req) => sucesso((await op.banners.listar(tipo, req.params.idRevenda)).map((i) => paraItem(tipo, i))) as never,
    );

    r.get(
      `/api/revendas/:idRevenda/${d.caminho}/lista/:idItem`,
      {
        config: { acesso: 'revenda' },
        schema: {
          tags,
          summary: `Uma linha da lista de ${d.caminho} (mesmo formato), para atualizar a lista ao vivo; 404 se não está na lista`,
          params: doItem,
          response: { 200: d.item, ...erros },
        },
      },
      async (req) => sucesso(paraItem(tipo, await op.banners.buscar(tipo, req.params.idRevenda, req.params.idItem))) as never,
    );

    r.post(
      `/api/revendas/:idRevenda/${d.caminho}`,
      {
        config: { acesso: 'revenda' },
        schema: {
          tags,
          summary: `Incluir ${d.nome} (entra na fila de moderação na mesma transação)`,
          params,
          body: d.entrada,
          response: { 200: d.item, ...erros },
        },
      },
      async (req) => {
        const corpo = req.body as z.infer<typeof bannerEntrada> & Record<string, string>;
        const texto = String(corpo[d.campoTexto] ?? '');
        const salvo = await op.banners.incluir(tipo, req.params.idRevenda, { ...corpo, texto }, exigirSessao(req).usuario);
        return sucesso(paraItem(tipo, salvo)) as never;
      },
    );

    for (const rede of ['instagram', 'facebook'] as const) {
      r.post(
        `/api/integracao/${rede}/incluir-${d.nome}`,
        {
          config: { acesso: 'revenda', revendaNoCorpo: `${d.nome}.revenda` },
          schema: {
            tags,
            summary: `Publicar um ${d.nome} no ${rede === 'instagram' ? 'Instagram (stories ou feed)' : 'feed do Facebook'} (spec 3 §7)`,
            description:
              rede === 'instagram'
                ? 'ig_stories true e ig_feed false publicam no stories; o inverso, no feed. Repetir a chamada não cria outra postagem.'
                : 'Publica a imagem ou o vídeo na página com o token da página. Repetir a chamada não cria outra postagem.',
            body: d.publicar,
            response: { 200: publicacaoResposta, ...errosPublicar },
          },
        },
        async (req) => {
          const corpo = req.body as Record<string, unknown>;
          const pedido = corpo[d.nome] as { id: string; revenda: string };
          return sucesso(await op.publicacao.publicar(tipo, rede, pedido));
        },
      );
    }
  };
}

export const bannersRoutes = rotasPublicacaoSocial('banner');
