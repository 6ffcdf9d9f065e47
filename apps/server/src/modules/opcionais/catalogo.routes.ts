import {
  envelopeErro,
  idParam,
  itemCatalogoAlteracao,
  itemCatalogoEntrada,
  itemCatalogoListaResposta,
  itemCatalogoResposta,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import { type CatalogoService, paraItemCatalogo } from './catalogo.service.ts';

const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 409: envelopeErro, 500: envelopeErro };
const removido = z.object({ status: z.literal('success'), data: z.null() });

export type OpcoesRotasCatalogo<P extends string> = {
  /** e.g. /api/opcionais */
  base: string;
  /** Name of the id parameter in the path (idOpcional, idLocalAnuncio). */
  parametro: P;
  tag: string;
  /** Singular and plural nouns for the OpenAPI summaries. */
  singular: string;
  plural: string;
  service: CatalogoService;
};

/**
 * Resource routes of one shared catalogue: GET/POST {base}, GET/PUT/DELETE {base}/:{parametro}.
 * Reading is open to any signed-in user (the resellers' vehicle forms list them); writing is for admins.
 */
export async function rotasCatalogo<P extends string>(app: FastifyInstance, op: OpcoesRotasCatalogo<P>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service, base, parametro, singular, plural } = op;
  const tags = [op.tag];
  const params = z.object({ [parametro]: idParam } as Record<P, typeof idParam>);
  const doItem = `${base}/:${parametro}`;
  // The parameter's name is generic, so its type is not inferred: validated by `params` before the handler runs.
  const id = (p: unknown) => (p as Record<string, string>)[parametro] as string;

  r.get(
    base,
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags,
        summary: `${plural} (ordenação decrescente, depois descrição)`,
        response: { 200: itemCatalogoListaResposta, ...erros },
      },
    },
    async () => sucesso((await service.listar()).map(paraItemCatalogo)),
  );

  r.post(
    base,
    {
      config: { acesso: 'admin' },
      schema: { tags, summary: `Incluir ${singular}`, body: itemCatalogoEntrada, response: { 200: itemCatalogoResposta, ...erros } },
    },
    async (req) => sucesso(paraItemCatalogo(await service.criar(req.body, exigirSessao(req).usuario))),
  );

  r.get(
    doItem,
    {
      config: { acesso: 'autenticado' },
      schema: { tags, summary: `Um ${singular}`, params, response: { 200: itemCatalogoResposta, ...erros } },
    },
    async (req) => sucesso(paraItemCatalogo(await service.buscar(id(req.params)))),
  );

  r.put(
    doItem,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: `Alterar ${singular} (descrição e ordenação, com a versão lida: 409 se outra pessoa alterou antes)`,
        params,
        body: itemCatalogoAlteracao,
        response: { 200: itemCatalogoResposta, ...erros },
      },
    },
    async (req) => sucesso(paraItemCatalogo(await service.alterar(id(req.params), req.body, exigirSessao(req).usuario))),
  );

  r.delete(
    doItem,
    {
      config: { acesso: 'admin' },
      schema: { tags, summary: `Remover ${singular}`, params, response: { 200: removido, ...erros } },
    },
    async (req) => {
      await service.remover(id(req.params));
      return sucesso(null);
    },
  );
}
