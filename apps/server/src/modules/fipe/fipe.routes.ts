import {
  envelopeErro,
  envelopeSucesso,
  fipeAnosResposta,
  fipeOpcao,
  fipeOpcoesResposta,
  fipeSugestoesConsulta,
  fipeVersao,
  fipeVersoesResposta,
  type TipoFipe,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sucesso } from '../../lib/http.ts';
import type { FipeService } from './fipe.service.ts';

const tags = ['fipe'];
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 502: envelopeErro };
const codigo = z.string().regex(/^[\w-]{1,100}$/, 'Código inválido');
const tipo = z
  .enum(['0', '1', '2', '3'], 'Tipo inválido')
  .describe('1 carro, 2 moto, 3 caminhão, 0 outros (só a tabela FIPE manual)')
  .transform((t) => Number(t) as TipoFipe);
const doTipo = z.object({ tipo });
const daMarca = doTipo.extend({ marca: codigo });
const doModelo = daMarca.extend({ modelo: codigo });
const doAno = doModelo.extend({ ano: codigo });

/** Price lookup for the panel's forms (any signed-in user: the resellers' vehicle forms use it). */
export async function fipeRoutes(app: FastifyInstance, op: { fipe: FipeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { fipe } = op;
  const base = '/api/fipe/:tipo';

  r.get(
    `${base}/marcas`,
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags,
        summary: 'Marcas do tipo de veículo (FIPE e tabela manual)',
        params: doTipo,
        response: { 200: fipeOpcoesResposta, ...erros },
      },
    },
    async (req) => sucesso(await fipe.marcas(req.params.tipo)),
  );

  r.get(
    `${base}/marcas/:marca/modelos`,
    {
      config: { acesso: 'autenticado' },
      schema: { tags, summary: 'Modelos da marca', params: daMarca, response: { 200: fipeOpcoesResposta, ...erros } },
    },
    async (req) => sucesso(await fipe.modelos(req.params.tipo, req.params.marca)),
  );

  r.get(
    `${base}/marcas/:marca/modelos/:modelo/anos`,
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags,
        summary: 'Anos modelo do modelo (Zero KM primeiro, depois do mais novo)',
        params: doModelo,
        response: { 200: fipeAnosResposta, ...erros },
      },
    },
    async (req) => sucesso(await fipe.anos(req.params.tipo, req.params.marca, req.params.modelo)),
  );

  r.get(
    `${base}/marcas/:marca/modelos/:modelo/anos/:ano/versoes`,
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags,
        summary: 'Versões do modelo no ano modelo, com código FIPE e preço do mês de referência',
        params: doAno,
        response: { 200: fipeVersoesResposta, ...erros },
      },
    },
    async (req) => sucesso(await fipe.versoes(req.params.tipo, req.params.marca, req.params.modelo, req.params.ano)),
  );

  r.get(
    `${base}/sugestoes`,
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags,
        summary: 'Sugestões ao digitar: marca e modelo pelo início, versão por trecho (sem diferenciar maiúsculas nem acentos)',
        params: doTipo,
        querystring: fipeSugestoesConsulta,
        response: { 200: envelopeSucesso(z.array(z.union([fipeVersao, fipeOpcao]))), ...erros },
      },
    },
    async (req) => sucesso(await fipe.sugestoes(req.params.tipo, req.query)),
  );
}
