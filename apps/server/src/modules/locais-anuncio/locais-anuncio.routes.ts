import { MENSAGENS_LOCAL_ANUNCIO } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/cliente.ts';
import { locaisAnuncio } from '../../db/schema/index.ts';
import { rotasCatalogo } from '../opcionais/catalogo.routes.ts';
import { criarCatalogoService } from '../opcionais/catalogo.service.ts';

/**
 * Ad locations (spec 2 §2): /api/locais-anuncio and /api/locais-anuncio/:idLocalAnuncio. Same rules as the
 * optionals, so both use the shared catalogue slice in modules/opcionais/catalogo.*.
 */
export async function locaisAnuncioRoutes(app: FastifyInstance, op: { db: Db }) {
  await rotasCatalogo(app, {
    base: '/api/locais-anuncio',
    parametro: 'idLocalAnuncio',
    tag: 'locais-anuncio',
    singular: 'local de anúncio',
    plural: 'Locais de anúncio',
    service: criarCatalogoService(op.db, locaisAnuncio, MENSAGENS_LOCAL_ANUNCIO),
  });
}
