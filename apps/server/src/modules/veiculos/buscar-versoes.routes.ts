import { buscarVersoesEntrada, buscarVersoesResposta, envelopeErro } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sucesso } from '../../lib/http.ts';
import type { BuscarVersoesService } from './buscar-versoes.service.ts';

/** Spec 2 §7: POST /api/locais-anuncio/buscar-versoes (the reseller in the body is checked against the session). */
export async function buscarVersoesRoutes(app: FastifyInstance, op: { buscarVersoes: BuscarVersoesService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/locais-anuncio/buscar-versoes',
    {
      config: { acesso: 'revenda', revendaNoCorpo: 'revenda' },
      schema: {
        tags: ['veiculos'],
        summary: 'Versões do veículo oferecidas por cada local de anúncio escolhido da revenda',
        body: buscarVersoesEntrada,
        response: { 200: buscarVersoesResposta, 400: envelopeErro, 401: envelopeErro, 403: envelopeErro },
      },
    },
    async (req) => sucesso(await op.buscarVersoes.buscar(req.body)),
  );
}
