import type { FastifyInstance } from 'fastify';
import { CAMBIOS_CATALOGO, COMBUSTIVEIS_CATALOGO, CORES_CATALOGO } from './catalogo-veiculos.ts';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { sandboxKeycloak } from './keycloak.ts';
import { leadsMobiauto } from './leads.ts';
import {
  catalogoComCodigos,
  erroSpring as erro,
  exigirTokenKeycloak,
  listaCodificada,
  nomeId,
  OPCIONAIS_PORTAIS,
  todasVersoes,
  todosModelos,
  vitrine,
} from './portais.ts';

/**
 * Mobiauto Open API 1.0 (channels.md §5): Keycloak realm `mobiauto`; catalogue under /api/vehicle/v1.0 (cars only),
 * the dealer's plans, inventory deals and their publishing. Features and conditionals (the screen's "opcionais" and
 * "observações") are not in the public notes: /api/vehicle/v1.0/{features,conditionals} is our reading.
 * Publishing confirms asynchronously (channels.md §5, §13 "publish check"): `PUT …/publish` answers 202 with the deal
 * in review; the publish check `GET /api/publish/v1.0/dealer/{dealerId}/deal/{dealId}` answers 404 while it is not
 * published. As the OLX sandbox, the first check after the request finds it still in review, the next one the result:
 * published (200, `externalUrl`), or blocked by moderation (`blocked`, `blockedReason` on the inventory deal).
 * Switches on the deal's `description`: "recusar" → 400, "bloquear" → blocked by moderation, "falhar" → 500,
 * "lento" / "travar" as in comum.ts; on an edit also "limitar" → 429.
 * Edits (channels.md §5, issue 24): `PUT …/inventory/v1.0/{dealId}` (ShortDealDto + `id`) changes the deal (its
 * publishing, photos and reference stay); photos are listed (`GET …/image`), deleted (`DELETE …/image/{imageId}`) and
 * added with their position (`POST …/image`).
 */
export const DEALER_MOBIAUTO = 98765;
const marcas = catalogoComCodigos(600).filter((m) => m.tipo === 'carro');
const cores = listaCodificada(40, CORES_CATALOGO);
const combustiveis = listaCodificada(50, COMBUSTIVEIS_CATALOGO);
const cambios = listaCodificada(
  60,
  CAMBIOS_CATALOGO.map((c) => c.nome),
);
const opcionais = listaCodificada(800, OPCIONAIS_PORTAIS);
const condicionais = listaCodificada(900, [
  'IPVA pago',
  'Licenciado',
  'Único dono',
  'Revisões feitas na concessionária',
  'Garantia de fábrica',
]);

/** A plan without slots stays listed (the channel lists it) but publishing on it is refused. */
const PLANOS = [
  { dealPlanId: 11, name: 'Básico', planUsed: 3, quantityAvailable: 20, vehicleType: 'CAR' },
  { dealPlanId: 12, name: 'Destaque', planUsed: 5, quantityAvailable: 0, vehicleType: 'CAR' },
  { dealPlanId: 13, name: 'Premium', planUsed: 1, quantityAvailable: 4, vehicleType: 'CAR' },
  { dealPlanId: 21, name: 'Motos', planUsed: 0, quantityAvailable: 10, vehicleType: 'MOTORCYCLE' },
];

type Deal = Record<string, unknown> & {
  id: number;
  externalId?: string;
  images: { id: number; url: string; position: number }[];
  published: boolean;
  blocked: boolean;
  /** Publishing requested and not yet decided: how many publish checks looked at it meanwhile. */
  emRevisao?: { olhadas: number };
};

/** The publish check looked at a deal in review: the second look decides it (moderation). */
function olhar(d: Deal) {
  if (!d.emRevisao || ++d.emRevisao.olhadas < 2) return;
  d.emRevisao = undefined;
  if (
    String(d.description ?? '')
      .toLowerCase()
      .includes('bloquear')
  )
    Object.assign(d, {
      blocked: true,
      blockedReason: 'Anúncio bloqueado pela moderação da Mobiauto: a descrição não segue as regras do portal.',
    });
  else Object.assign(d, { published: true, externalUrl: `https://www.mobiauto.com.br/comprar/carros/${d.id}` });
}

/** The ShortDealDto checks of a create or an edit. */
function validarDeal(d: Record<string, unknown>) {
  const faltas: { field: string; message: string }[] = [];
  if (d.vehicleType !== 'CAR') faltas.push({ field: 'vehicleType', message: 'Somente carros são aceitos' });
  if (!todasVersoes(marcas).some((v) => v.id === Number(d.trimId))) faltas.push({ field: 'trimId', message: 'Versão inválida' });
  if (!cores.some((c) => c.id === Number(d.colorId))) faltas.push({ field: 'colorId', message: 'Cor inválida' });
  if (!combustiveis.some((c) => c.id === Number(d.fuelId))) faltas.push({ field: 'fuelId', message: 'Combustível inválido' });
  if (!cambios.some((c) => c.id === Number(d.transmissionId))) faltas.push({ field: 'transmissionId', message: 'Câmbio inválido' });
  if (![0, 1, 2, 4].includes(Number(d.doors))) faltas.push({ field: 'doors', message: 'Portas inválidas' });
  if (!(Number(d.price) > 0)) faltas.push({ field: 'price', message: 'Preço inválido' });
  return faltas;
}

export async function sandboxMobiauto(app: FastifyInstance) {
  await sandboxKeycloak('mobiauto', '/api/dealer/v1.0/dealers', [{ id: DEALER_MOBIAUTO, name: 'Auto Demo Veículos' }])(app);
  const { anuncios, novoId } = vitrine<Deal>(app);
  const rotaPropostas = leadsMobiauto(app, DEALER_MOBIAUTO);

  app.register(
    async (api) => {
      exigirTokenKeycloak(api, 'mobiauto');
      rotaPropostas(api);
      api.get('/vehicle/v1.0/makes/CAR', PUBLICO, async () => marcas.map(nomeId));
      api.get<{ Params: { makeId: string } }>('/vehicle/v1.0/models/CAR/:makeId', PUBLICO, async (req) =>
        todosModelos(marcas)
          .filter((m) => m.marcaId === Number(req.params.makeId))
          .map(nomeId),
      );
      api.get<{ Params: { modelId: string } }>('/vehicle/v1.0/trims/CAR/:modelId', PUBLICO, async (req) =>
        (todosModelos(marcas).find((m) => m.id === Number(req.params.modelId))?.versoes ?? []).map(nomeId),
      );
      api.get('/vehicle/v1.0/colors', PUBLICO, async () => cores.map(nomeId));
      api.get('/vehicle/v1.0/fuels', PUBLICO, async () => combustiveis.map(nomeId));
      api.get('/vehicle/v1.0/transmissions', PUBLICO, async () => cambios.map(nomeId));
      api.get('/vehicle/v1.0/features', PUBLICO, async () => opcionais.map(nomeId));
      api.get('/vehicle/v1.0/conditionals', PUBLICO, async () => condicionais.map(nomeId));

      const dono = (dealerId: string) => Number(dealerId) === DEALER_MOBIAUTO;
      api.get<{ Params: { dealerId: string } }>('/dealer/:dealerId/plans', PUBLICO, async (req, reply) =>
        dono(req.params.dealerId) ? PLANOS : erro(reply, 403, 'Acesso negado a esta revenda'),
      );
      api.get<{ Params: { dealerId: string } }>('/dealer/:dealerId/inventory/v1.0', PUBLICO, async (req, reply) => {
        const lista = [...anuncios.values()].filter((d) => d.dealerId === Number(req.params.dealerId));
        return lista.length ? lista : reply.code(204).send();
      });
      api.post<{ Params: { dealerId: string } }>('/dealer/:dealerId/inventory/v1.0', PUBLICO, async (req, reply) => {
        const d = (req.body ?? {}) as Record<string, unknown>;
        const desfecho = await aplicarChaves(req, String(d.description ?? ''));
        if (desfecho === 'falhar') return erro(reply, 500, 'Erro interno');
        if (desfecho === 'recusar') return erro(reply, 400, 'Descrição contém conteúdo não permitido');
        if (!dono(req.params.dealerId)) return erro(reply, 403, 'Acesso negado a esta revenda');
        const faltas = validarDeal(d);
        if (faltas.length) return erro(reply, 400, faltas.map((f) => f.message).join('; '), faltas);
        const id = novoId();
        anuncios.set(id, { ...d, id, dealerId: DEALER_MOBIAUTO, images: [], published: false, blocked: false, blockedReason: null });
        return reply.code(201).send({ id });
      });
      const deal = (dealerId: string, dealId: string) => {
        const d = anuncios.get(Number(dealId));
        return d && d.dealerId === Number(dealerId) ? d : undefined;
      };
      api.get<{ Params: { dealerId: string; dealId: string } }>('/dealer/:dealerId/inventory/v1.0/:dealId', PUBLICO, async (req, reply) => {
        return deal(req.params.dealerId, req.params.dealId) ?? erro(reply, 404, 'Anúncio não encontrado');
      });
      api.delete<{ Params: { dealerId: string; dealId: string } }>(
        '/dealer/:dealerId/inventory/v1.0/:dealId',
        PUBLICO,
        async (req, reply) => {
          if (!deal(req.params.dealerId, req.params.dealId)) return erro(reply, 404, 'Anúncio não encontrado');
          anuncios.delete(Number(req.params.dealId));
          return reply.code(204).send();
        },
      );
      api.put<{ Params: { dealerId: string; dealId: string } }>('/dealer/:dealerId/inventory/v1.0/:dealId', PUBLICO, async (req, reply) => {
        const b = (req.body ?? {}) as Record<string, unknown>;
        const desfecho = await aplicarChaves(req, String(b.description ?? ''));
        if (desfecho === 'falhar') return erro(reply, 500, 'Erro interno');
        if (String(b.description ?? '').includes('limitar'))
          return erro(reply.header('retry-after', '2'), 429, 'Limite de requisições excedido');
        if (!dono(req.params.dealerId)) return erro(reply, 403, 'Acesso negado a esta revenda');
        const d = deal(req.params.dealerId, req.params.dealId);
        if (!d) return erro(reply, 404, 'Anúncio não encontrado');
        if (desfecho === 'recusar') return erro(reply, 400, 'Descrição contém conteúdo não permitido');
        if (b.id !== undefined && Number(b.id) !== d.id) return erro(reply, 400, 'id diferente do anúncio do endereço');
        const faltas = validarDeal(b);
        if (faltas.length) return erro(reply, 400, faltas.map((f) => f.message).join('; '), faltas);
        // Publishing state, photos, dealer and reference are not the ShortDealDto's: they stay.
        const { id: _id, dealerId: _dealer, externalId: _ref, images: _imagens, published: _pub, blocked: _bloq, ...campos } = b;
        Object.assign(d, campos);
        return d;
      });
      api.get<{ Params: { dealerId: string; dealId: string } }>(
        '/dealer/:dealerId/inventory/v1.0/:dealId/image',
        PUBLICO,
        async (req, reply) => {
          const d = deal(req.params.dealerId, req.params.dealId);
          return d ? [...d.images].sort((a, b) => a.position - b.position) : erro(reply, 404, 'Anúncio não encontrado');
        },
      );
      api.delete<{ Params: { dealerId: string; dealId: string; imageId: string } }>(
        '/dealer/:dealerId/inventory/v1.0/:dealId/image/:imageId',
        PUBLICO,
        async (req, reply) => {
          const d = deal(req.params.dealerId, req.params.dealId);
          if (!d) return erro(reply, 404, 'Anúncio não encontrado');
          const antes = d.images.length;
          d.images = d.images.filter((i) => i.id !== Number(req.params.imageId));
          if (d.images.length === antes) return erro(reply, 404, 'Imagem não encontrada');
          return reply.code(204).send();
        },
      );
      api.post<{ Params: { dealerId: string; dealId: string } }>(
        '/dealer/:dealerId/inventory/v1.0/:dealId/image',
        PUBLICO,
        async (req, reply) => {
          const d = deal(req.params.dealerId, req.params.dealId);
          if (!d) return erro(reply, 404, 'Anúncio não encontrado');
          const imagens = Array.isArray(req.body) ? (req.body as { url?: unknown; position?: unknown }[]) : [];
          if (imagens.some((i) => !/^https?:\/\//.test(String(i.url)))) return erro(reply, 400, 'url da imagem inválida');
          // Ids are never reused after a photo is deleted.
          for (const i of imagens)
            d.images.push({ id: Math.max(0, ...d.images.map((x) => x.id)) + 1, url: String(i.url), position: Number(i.position) });
          return reply.code(201).send(d.images);
        },
      );

      api.put<{ Params: { dealerId: string; dealId: string }; Querystring: { planId?: string } }>(
        '/publish/v1.0/dealer/:dealerId/deal/:dealId/publish',
        PUBLICO,
        async (req, reply) => {
          const d = deal(req.params.dealerId, req.params.dealId);
          if (!d) return erro(reply, 404, 'Anúncio não encontrado');
          const plano = PLANOS.find((p) => p.dealPlanId === Number(req.query.planId) && p.vehicleType === 'CAR');
          if (!plano) return erro(reply, 400, 'Plano inválido');
          if (plano.quantityAvailable <= 0) return erro(reply, 422, `O plano ${plano.name} não tem anúncios disponíveis`);
          // A PUT repeated while in review (or once published) changes nothing: the same request.
          if (!d.published && !d.emRevisao)
            Object.assign(d, { planId: plano.dealPlanId, blocked: false, blockedReason: null, emRevisao: { olhadas: 0 } });
          return reply.code(d.published ? 200 : 202).send(d);
        },
      );
      api.put<{ Params: { dealerId: string; dealId: string } }>(
        '/publish/v1.0/dealer/:dealerId/deal/:dealId/unpublish',
        PUBLICO,
        async (req, reply) => {
          const d = deal(req.params.dealerId, req.params.dealId);
          if (!d) return erro(reply, 404, 'Anúncio não encontrado');
          Object.assign(d, { published: false, emRevisao: undefined });
          return d;
        },
      );
      api.get<{ Params: { dealerId: string; dealId: string } }>(
        '/publish/v1.0/dealer/:dealerId/deal/:dealId',
        PUBLICO,
        async (req, reply) => {
          const d = deal(req.params.dealerId, req.params.dealId);
          if (d) olhar(d);
          return d?.published ? d : erro(reply, 404, 'Anúncio não publicado');
        },
      );
    },
    { prefix: '/api' },
  );
}
