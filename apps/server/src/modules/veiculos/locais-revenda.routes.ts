import { envelopeErro, idParam, locaisDaRevendaResposta } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/cliente.ts';
import { sucesso } from '../../lib/http.ts';
import { veiculosRepository } from './veiculos.repository.ts';

/**
 * GET /api/revendas/:idRevenda/locais-anuncio: the reseller's ad locations (spec 2 §3 locais_anuncio_revenda), which the
 * vehicle form offers. They are assigned outside the panel (the "Loc. anúncio" link), so this is read-only.
 */
export async function locaisDaRevendaRoutes(app: FastifyInstance, op: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/revendas/:idRevenda/locais-anuncio',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags: ['veiculos'],
        summary: 'Locais de anúncio da revenda, por ordenação decrescente e descrição',
        params: z.object({ idRevenda: idParam }),
        response: { 200: locaisDaRevendaResposta, 400: envelopeErro, 401: envelopeErro, 403: envelopeErro },
      },
    },
    async (req) => sucesso(await veiculosRepository.locaisDaRevenda(op.db, req.params.idRevenda)),
  );
}
