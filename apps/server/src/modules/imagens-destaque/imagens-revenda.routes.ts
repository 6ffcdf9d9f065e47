import {
  envelopeErro,
  idParam,
  imagemRevendaListaResposta,
  imagemRevendaResposta,
  LIMITES_IMAGEM,
  MENSAGENS_IMAGEM_REVENDA,
  type TipoImagemRevenda,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import { ERROS_DE_ENVIO } from '../../midia/envios-em-curso.ts';
import { lerArquivoEnviado } from '../arquivos/imagens.routes.ts';
import { type ImagensRevendaService, paraImagemRevenda } from './imagens-revenda.service.ts';

const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 413: envelopeErro };
const NOMES = {
  'imagem-destaque': { caminho: 'imagens-destaque', rotulo: 'imagens destaque', um: 'imagem destaque' },
  'banner-site': { caminho: 'banners-site', rotulo: 'banners do site', um: 'banner do site' },
} as const;

/** Admin-only routes of highlight images or site banners: list, include (multipart `file`) and delete. */
export function rotasImagensRevenda(tipo: TipoImagemRevenda) {
  const n = NOMES[tipo];
  const tags = [n.caminho];
  const base = `/api/revendas/:idRevenda/${n.caminho}`;
  return async (app: FastifyInstance, op: { imagens: ImagensRevendaService }) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ idRevenda: idParam });

    r.get(
      base,
      {
        config: { acesso: 'admin' },
        schema: { tags, summary: `Lista de ${n.rotulo} da revenda`, params, response: { 200: imagemRevendaListaResposta, ...erros } },
      },
      async (req) => sucesso((await op.imagens.listar(tipo, req.params.idRevenda)).map(paraImagemRevenda)),
    );

    r.get(
      `${base}/lista/:idImagem`,
      {
        config: { acesso: 'admin' },
        schema: {
          tags,
          summary: `Uma linha da lista de ${n.rotulo} (mesmo formato), para atualizar a lista ao vivo; 404 se não existe mais`,
          params: params.extend({ idImagem: idParam }),
          response: { 200: imagemRevendaResposta, ...erros },
        },
      },
      async (req) => sucesso(paraImagemRevenda(await op.imagens.linha(tipo, req.params.idRevenda, req.params.idImagem))),
    );

    r.post(
      base,
      {
        config: { acesso: 'admin', envio: true },
        schema: {
          tags,
          summary: `Incluir ${n.um} (multipart, campo file; JPEG, PNG ou WebP de até ${LIMITES_IMAGEM.megabytes} MB)`,
          consumes: ['multipart/form-data'],
          params,
          body: z.object({ file: z.unknown().describe('O arquivo de imagem (binário)') }).nullish(),
          response: { 200: imagemRevendaResposta, ...erros, ...ERROS_DE_ENVIO },
        },
      },
      async (req) => {
        const { dados } = await lerArquivoEnviado(req);
        return sucesso(paraImagemRevenda(await op.imagens.incluir(tipo, req.params.idRevenda, dados, exigirSessao(req).usuario)));
      },
    );

    r.delete(
      `${base}/:idImagem`,
      {
        config: { acesso: 'admin' },
        schema: {
          tags,
          summary: `Excluir ${n.um} (o arquivo também é apagado)`,
          params: params.extend({ idImagem: idParam }),
          response: { 200: z.object({ status: z.literal('success'), data: z.object({ mensagem: z.string() }) }), ...erros },
        },
      },
      async (req) => {
        await op.imagens.remover(tipo, req.params.idRevenda, req.params.idImagem);
        return sucesso({ mensagem: MENSAGENS_IMAGEM_REVENDA.removida });
      },
    );
  };
}

export const imagensDestaqueRoutes = rotasImagensRevenda('imagem-destaque');
