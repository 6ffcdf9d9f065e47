import { MENSAGENS_OPCIONAL } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/cliente.ts';
import { opcionais } from '../../db/schema/index.ts';
import { rotasCatalogo } from './catalogo.routes.ts';
import { criarCatalogoService } from './catalogo.service.ts';

/** Optionals (spec 2 §2): /api/opcionais and /api/opcionais/:idOpcional. */
export async function opcionaisRoutes(app: FastifyInstance, op: { db: Db }) {
  await rotasCatalogo(app, {
    base: '/api/opcionais',
    parametro: 'idOpcional',
    tag: 'opcionais',
    singular: 'opcional',
    plural: 'Opcionais',
    service: criarCatalogoService(op.db, opcionais, MENSAGENS_OPCIONAL),
  });
}
