import { envelopeErro, envelopeSucesso } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EntradaLeads } from './entrada.service.ts';

const tags = ['leads'];
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };
const recebido = envelopeSucesso(z.object({ recebido: z.boolean() }));

/**
 * The channels' lead webhooks (issue 26; docs/leads.md). Public: the channel is the caller, checked as it documents.
 * They answer as soon as the delivery is checked and queued; the lead is stored by the job `leads-receber`.
 * The body is read as it comes (each channel's own shape), validated by the intake.
 */
export async function webhooksLeadsRoutes(app: FastifyInstance, op: { entrada: EntradaLeads }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { entrada } = op;

  r.post(
    '/api/webhooks/mercadolivre',
    {
      config: { acesso: 'publico' },
      schema: {
        tags,
        summary: 'Notificações do Mercado Livre (tópicos vis_leads e questions): o lead é lido de volta com o token do vendedor',
        body: z.unknown(),
        response: { 200: recebido, ...erros },
      },
    },
    async (req) => {
      const { ignorado } = await entrada.avisoMercadoLivre(req.body);
      return { status: 'success' as const, data: { recebido: !ignorado } };
    },
  );

  r.post(
    '/api/webhooks/olx/leads/:token',
    {
      config: { acesso: 'publico' },
      schema: {
        tags,
        summary: 'Leads da OLX: o endereço próprio de cada revenda, registrado na OLX (o token no caminho é o segredo compartilhado)',
        params: z.object({ token: z.string().max(200) }),
        body: z.unknown(),
        response: { 200: recebido, ...erros },
      },
    },
    async (req) => {
      await entrada.leadOlx(req.params.token, req.body);
      return { status: 'success' as const, data: { recebido: true } };
    },
  );
}
