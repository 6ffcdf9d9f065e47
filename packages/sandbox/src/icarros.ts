import type { FastifyInstance } from 'fastify';
import { CAMBIOS_CATALOGO, COMBUSTIVEIS_CATALOGO, CORES_CATALOGO } from './catalogo-veiculos.ts';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { sandboxKeycloak } from './keycloak.ts';
import { leadsIcarros } from './leads.ts';
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
 * iCarros generation 2 (channels.md §4): Keycloak realm `icarros`, core API `/pj/v1/core` with the catalogue under
 * `/database`, the dealer's plans and deals. Errors in Spring's shape `{ status, error, message }`.
 * Switches on the deal's `text`: "recusar" → 400, "falhar" → 500, "lento" / "travar" as in comum.ts; on an edit
 * (`PUT /deals/{id}`) also "limitar" → 429.
 * Edits (channels.md §4, issue 24): `PUT /deals/{id}` changes the deal but not its price, which only
 * `PUT /deals/{id}/price` changes (our reading of the separate call); photos are deleted one by one or all
 * (`DELETE /deals/{id}/images[/{imageId}]`), added (`POST …/images`) and ordered (`PUT …/orderImages`,
 * `array_photos` "id_id…" of every photo of the deal).
 */
export const DEALER_ICARROS = 4321;
const CATEGORIAS = { carro: 1, moto: 2, caminhao: 3 } as const;
const marcas = catalogoComCodigos(300, (n) => (n === 'Chevrolet' ? 'GM - Chevrolet' : n));
const cores = listaCodificada(10, CORES_CATALOGO);
const combustiveis = listaCodificada(20, COMBUSTIVEIS_CATALOGO);
const cambios = listaCodificada(30, [...CAMBIOS_CATALOGO.map((c) => c.nome), 'Automatizado']);
const equipamentos = listaCodificada(500, OPCIONAIS_PORTAIS);

type Plano = { nome: string; priority: number; livres: number; tipoAnuncioId: number };
/** Some plans have no free slots or are not ad types (tipoAnuncioId 0): the adapter must leave them out. */
const PLANOS: Record<'usados' | 'zeroKm', Plano[]> = {
  usados: [
    { nome: 'Comum', priority: 3, livres: 25, tipoAnuncioId: 1 },
    { nome: 'Destaque', priority: 2, livres: 4, tipoAnuncioId: 2 },
    { nome: 'Super destaque', priority: 1, livres: 0, tipoAnuncioId: 3 },
    { nome: 'Vitrine da loja', priority: 4, livres: 10, tipoAnuncioId: 0 },
  ],
  zeroKm: [
    { nome: 'Zero km comum', priority: 3, livres: 8, tipoAnuncioId: 5 },
    { nome: 'Zero km destaque', priority: 2, livres: 0, tipoAnuncioId: 6 },
  ],
};

type Deal = Record<string, unknown> & { id: number; dealerId: number; externalId?: string; images: { id: number; photo: string }[] };

const validarDeal = (d: Record<string, unknown>) => {
  const faltas: { field: string; message: string }[] = [];
  const existe = (campo: string, lista: { id: number }[]) => {
    if (!lista.some((i) => i.id === Number(d[campo]))) faltas.push({ field: campo, message: `${campo} inválido` });
  };
  existe('trimId', todasVersoes(marcas));
  existe('colorId', cores);
  existe('fuelId', combustiveis);
  existe('transmissionId', cambios);
  if (![0, 1, 2, 4].includes(Number(d.doors))) faltas.push({ field: 'doors', message: 'doors deve ser 0, 1, 2 ou 4' });
  if (!(Number(d.price) > 0)) faltas.push({ field: 'price', message: 'price deve ser maior que zero' });
  const planos = Number(d.km) > 0 ? PLANOS.usados : PLANOS.zeroKm;
  const plano = planos.find((p) => p.priority === Number(d.priority));
  if (!plano || plano.livres <= 0 || plano.tipoAnuncioId <= 0)
    faltas.push({ field: 'priority', message: 'Plano sem anúncios disponíveis para este tipo de veículo' });
  return faltas;
};

export async function sandboxIcarros(app: FastifyInstance) {
  await sandboxKeycloak('icarros', '/pj/v1/core/dealers', [{ id: DEALER_ICARROS, name: 'Auto Demo Veículos' }])(app);
  const { anuncios, novoId } = vitrine<Deal>(app);
  const rotaLeads = leadsIcarros(app, DEALER_ICARROS);

  app.register(
    async (api) => {
      exigirTokenKeycloak(api, 'icarros');
      rotaLeads(api);
      api.get<{ Querystring: { categoryId?: string } }>('/database/makes', PUBLICO, async (req) => {
        const tipo = Object.entries(CATEGORIAS).find(([, id]) => id === Number(req.query.categoryId ?? 1))?.[0];
        return marcas.filter((m) => m.tipo === tipo).map(nomeId);
      });
      api.get<{ Querystring: { makeId?: string } }>('/database/models', PUBLICO, async (req) =>
        todosModelos(marcas)
          .filter((m) => m.marcaId === Number(req.query.makeId))
          .map((m) => ({ ...nomeId(m), makeId: m.marcaId })),
      );
      api.get<{ Querystring: { makeId?: string; modelId?: string; modelYear?: string } }>('/database/trims', PUBLICO, async (req) => {
        const modelo = todosModelos(marcas).find((m) => m.id === Number(req.query.modelId) && m.marcaId === Number(req.query.makeId));
        const ano = Number(req.query.modelYear);
        if (!modelo || (req.query.modelYear && !modelo.anos.includes(ano))) return [];
        return modelo.versoes.map(nomeId);
      });
      api.get('/database/colors', PUBLICO, async () => cores.map(nomeId));
      api.get('/database/fuels', PUBLICO, async () => combustiveis.map(nomeId));
      api.get('/database/transmissions', PUBLICO, async () => cambios.map(nomeId));
      api.get('/database/equipments', PUBLICO, async () => equipamentos.map(nomeId));

      api.get<{ Params: { id: string }; Querystring: { zeroKm?: string } }>('/dealers/:id/plans', PUBLICO, async (req, reply) => {
        if (Number(req.params.id) !== DEALER_ICARROS) return erro(reply, 404, 'Revenda não encontrada');
        return { plans: req.query.zeroKm === 'true' ? PLANOS.zeroKm : PLANOS.usados };
      });
      api.get<{ Params: { id: string } }>('/dealers/:id/inventory', PUBLICO, async (req) =>
        [...anuncios.values()].filter((d) => d.dealerId === Number(req.params.id)),
      );

      api.post('/deals', PUBLICO, async (req, reply) => {
        const d = (req.body ?? {}) as Record<string, unknown>;
        const desfecho = await aplicarChaves(req, String(d.text ?? ''));
        if (desfecho === 'falhar') return erro(reply, 500, 'Erro interno no servidor do iCarros');
        if (desfecho === 'recusar') return erro(reply, 400, 'Anúncio recusado: o texto contém termos não permitidos');
        if (Number(d.dealerId) !== DEALER_ICARROS) return erro(reply, 403, 'Revenda não pertence a este usuário');
        const faltas = validarDeal(d);
        if (faltas.length) return erro(reply, 422, faltas.map((f) => f.message).join('; '), faltas);
        const id = novoId();
        anuncios.set(id, { ...d, id, dealerId: DEALER_ICARROS, images: [], status: 'ATIVO' });
        return reply.code(201).send({ id });
      });
      api.get<{ Params: { id: string } }>('/deals/:id', PUBLICO, async (req, reply) => {
        const deal = anuncios.get(Number(req.params.id));
        return deal ?? erro(reply, 404, 'Anúncio não encontrado');
      });
      api.delete<{ Params: { id: string } }>('/deals/:id', PUBLICO, async (req, reply) => {
        if (!anuncios.delete(Number(req.params.id))) return erro(reply, 404, 'Anúncio não encontrado');
        return reply.code(204).send();
      });
      api.post<{ Params: { id: string } }>('/deals/:id/images', PUBLICO, async (req, reply) => {
        const deal = anuncios.get(Number(req.params.id));
        const photo = String((req.body as { photo?: unknown } | null)?.photo ?? '');
        if (!deal) return erro(reply, 404, 'Anúncio não encontrado');
        if (!/^https?:\/\//.test(photo)) return erro(reply, 400, 'photo deve ser uma URL');
        // Ids are never reused after a photo is deleted.
        const imagem = { id: Math.max(0, ...deal.images.map((i) => i.id)) + 1, photo };
        deal.images.push(imagem);
        return reply.code(201).send(imagem);
      });

      api.put<{ Params: { id: string } }>('/deals/:id', PUBLICO, async (req, reply) => {
        const deal = anuncios.get(Number(req.params.id));
        const d = (req.body ?? {}) as Record<string, unknown>;
        const desfecho = await aplicarChaves(req, String(d.text ?? ''));
        if (desfecho === 'falhar') return erro(reply, 500, 'Erro interno no servidor do iCarros');
        if (String(d.text ?? '').includes('limitar')) return erro(reply.header('retry-after', '2'), 429, 'Limite de requisições excedido');
        if (!deal) return erro(reply, 404, 'Anúncio não encontrado');
        if (desfecho === 'recusar') return erro(reply, 400, 'Anúncio recusado: o texto contém termos não permitidos');
        if (Number(d.dealerId) !== deal.dealerId) return erro(reply, 403, 'Revenda não pertence a este usuário');
        if (d.id !== undefined && Number(d.id) !== deal.id) return erro(reply, 400, 'id diferente do anúncio do endereço');
        // The price changes only through PUT /deals/{id}/price; id, dealer, reference and photos stay.
        const { price: _preco, id: _id, dealerId: _dealer, externalId: _ref, images: _imagens, ...campos } = d;
        const novo = { ...deal, ...campos };
        const faltas = validarDeal(novo);
        if (faltas.length) return erro(reply, 422, faltas.map((f) => f.message).join('; '), faltas);
        anuncios.set(deal.id, novo);
        return novo;
      });
      api.put<{ Params: { id: string } }>('/deals/:id/price', PUBLICO, async (req, reply) => {
        const deal = anuncios.get(Number(req.params.id));
        const b = (req.body ?? {}) as { id?: unknown; price?: unknown };
        if (!deal) return erro(reply, 404, 'Anúncio não encontrado');
        if (b.id !== undefined && Number(b.id) !== deal.id) return erro(reply, 400, 'id diferente do anúncio do endereço');
        if (typeof b.price !== 'number' || !(b.price > 0)) return erro(reply, 422, 'price deve ser maior que zero');
        deal.price = b.price;
        return { id: deal.id, price: deal.price };
      });
      api.delete<{ Params: { id: string } }>('/deals/:id/images', PUBLICO, async (req, reply) => {
        const deal = anuncios.get(Number(req.params.id));
        if (!deal) return erro(reply, 404, 'Anúncio não encontrado');
        deal.images = [];
        return reply.code(204).send();
      });
      api.delete<{ Params: { id: string; imagem: string } }>('/deals/:id/images/:imagem', PUBLICO, async (req, reply) => {
        const deal = anuncios.get(Number(req.params.id));
        if (!deal) return erro(reply, 404, 'Anúncio não encontrado');
        const antes = deal.images.length;
        deal.images = deal.images.filter((i) => i.id !== Number(req.params.imagem));
        if (deal.images.length === antes) return erro(reply, 404, 'Imagem não encontrada');
        return reply.code(204).send();
      });
      api.put<{ Params: { id: string } }>('/deals/:id/orderImages', PUBLICO, async (req, reply) => {
        const deal = anuncios.get(Number(req.params.id));
        if (!deal) return erro(reply, 404, 'Anúncio não encontrado');
        const ids = String((req.body as { array_photos?: unknown } | null)?.array_photos ?? '')
          .split('_')
          .filter(Boolean)
          .map(Number);
        const atuais = deal.images.map((i) => i.id);
        const mesmas = ids.length === atuais.length && new Set(ids).size === ids.length && ids.every((i) => atuais.includes(i));
        if (!mesmas) return erro(reply, 400, 'array_photos deve listar todas as fotos do anúncio, uma vez cada');
        deal.images = ids.map((i) => deal.images.find((x) => x.id === i) as Deal['images'][number]);
        return deal.images;
      });
    },
    { prefix: '/pj/v1/core' },
  );
}
