import {
  contadoresAdminResposta,
  contadoresRevendaResposta,
  envelopeErro,
  idParam,
  painelAdminResposta,
  painelRevendaResposta,
  veiculosAcimaFipeResposta,
  vendasComAnunciosResposta,
  vendasRecentesResposta,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/cliente.ts';
import { sucesso } from '../../lib/http.ts';
import { dashboardRepository } from './dashboard.repository.ts';

const tags = ['dashboard'];
const negado = { 401: envelopeErro, 403: envelopeErro };

export async function dashboardRoutes(app: FastifyInstance, op: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dashboard/contadores',
    {
      config: { acesso: 'admin' },
      schema: { tags, summary: 'Tamanhos das filas de moderação', response: { 200: contadoresAdminResposta, ...negado } },
    },
    async () => sucesso(await dashboardRepository.contadoresAdmin(op.db)),
  );

  r.get(
    '/api/dashboard/painel',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Painel do admin: revendas por plano, anúncios por canal, saúde dos canais em 24 h, fila mais antiga',
        response: { 200: painelAdminResposta, ...negado },
      },
    },
    async () => sucesso(await dashboardRepository.painelAdmin(op.db)),
  );

  r.get(
    '/api/revendas/:idRevenda/dashboard',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Contadores do painel da revenda',
        params: z.object({ idRevenda: idParam }),
        response: { 200: contadoresRevendaResposta, ...negado },
      },
    },
    async (req) => sucesso(await dashboardRepository.contadoresRevenda(op.db, req.params.idRevenda)),
  );

  r.get(
    '/api/revendas/:idRevenda/dashboard/painel',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Painel da revenda: à venda, vendidos em 30 dias, gráficos e "Precisa de atenção"',
        params: z.object({ idRevenda: idParam }),
        response: { 200: painelRevendaResposta, ...negado },
      },
    },
    async (req) => sucesso(await dashboardRepository.painelRevenda(op.db, req.params.idRevenda)),
  );

  r.get(
    '/api/revendas/:idRevenda/dashboard/acima-fipe',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Veículos à venda com preço mais de 10 % acima da FIPE em cache (o filtro da lista do item de atenção)',
        params: z.object({ idRevenda: idParam }),
        response: { 200: veiculosAcimaFipeResposta, ...negado },
      },
    },
    async (req) => sucesso(await dashboardRepository.acimaDaFipe(op.db, req.params.idRevenda)),
  );

  r.get(
    '/api/dashboard/vendidos-com-anuncios',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Veículos vendidos há mais de 1 hora com anúncios ainda no ar',
        response: { 200: vendasComAnunciosResposta, ...negado },
      },
    },
    async () => sucesso(await dashboardRepository.vendidosComAnuncios(op.db)),
  );

  r.get(
    '/api/revendas/:idRevenda/dashboard/vendas',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Vendas dos últimos 30 dias: tempo de "vendido" até o último canal removido',
        params: z.object({ idRevenda: idParam }),
        response: { 200: vendasRecentesResposta, ...negado },
      },
    },
    async (req) => sucesso(await dashboardRepository.vendasRecentes(op.db, req.params.idRevenda)),
  );
}
