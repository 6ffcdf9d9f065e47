import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { marcasDoTipo } from './catalogo-veiculos.ts';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { bearerValido } from './oauth.ts';

/**
 * OLX autoupload (channels.md §1): the car catalogue (`car_info`), the import (`PUT /autoupload/import`, insert and
 * delete by the integrator's own ad id), the import status (`POST /autoupload/import/{token}`) and the published list
 * (`GET /autoupload/v1/published`). Adverts are kept in memory per process; `GET /sandbox/olx/_anuncios` lists them.
 * Processing is asynchronous as at OLX: the first look at a new ad (status poll or published list) finds it pending,
 * the next one the result (`accepted` / `published` with list_id and url, or `refused`). An `insert` on an id that
 * exists (not deleted) edits it: the ad replaced, processed again, its list_id kept. Switches in an ad's subject:
 * "recusar" → refused by moderation, "falhar" → statusCode -1, "semvaga" → -7 (no ad slots), "limitar" → -2 (too many
 * requests), "lento" / "travar" as in every sandbox.
 */
type AdOlx = Record<string, unknown> & { id?: unknown; operation?: unknown; params?: Record<string, unknown> };
type Anuncio = {
  id: string;
  list_id: number;
  url: string;
  status: 'pending_review' | 'published' | 'refused' | 'deleted';
  ad: AdOlx;
  /** How many times the integrator looked at it while pending (status poll or published list). */
  olhadas: number;
  recusar: boolean;
  motivo?: string;
  alteracoes: number;
};
type Importacao = Map<string, { operation: 'insert' | 'edit' | 'delete' }>;

/** Catalogue ids of the sandbox: brands 2000+, models 30000+, versions 400000+ (strings, as OLX answers them). */
const NOMES_OLX: Record<string, string> = { Chevrolet: 'GM - CHEVROLET', Volkswagen: 'VW - VOLKSWAGEN' };
export const CATALOGO_OLX = marcasDoTipo('carro').map((m, i) => ({
  id: String(2001 + i),
  nome: NOMES_OLX[m.nome] ?? m.nome.toUpperCase(),
  modelos: m.modelos.map((mo, j) => ({
    id: String(30001 + i * 100 + j),
    nome: mo.nome.toUpperCase(),
    versoes: mo.versoes.map((v, k) => ({ id: String(400001 + i * 10000 + j * 100 + k), nome: v.toUpperCase() })),
  })),
}));

const ID_AD = /^[A-Za-z0-9_{}-]{1,19}$/;
const paraData = (lista: { id: string; nome: string }[]) => ({ status: 'ok', data: Object.fromEntries(lista.map((o) => [o.nome, o.id])) });

export function autouploadOlx(app: FastifyInstance) {
  const anuncios = new Map<string, Anuncio>();
  const importacoes = new Map<string, Importacao>();
  let proximoListId = 8000000;

  /** OLX takes the token in the body (old endpoints) or as a Bearer header (new ones). */
  const autorizado = (req: FastifyRequest) => {
    const doCorpo = (req.body as { access_token?: string } | undefined)?.access_token;
    return bearerValido(doCorpo ? `Bearer ${doCorpo}` : req.headers.authorization, 'olx');
  };
  const negar = (reply: FastifyReply) => reply.code(401).send({ error: 'invalid_token', error_description: 'Access token inválido.' });

  app.post('/autoupload/car_info', PUBLICO, async (req, reply) => (autorizado(req) ? paraData(CATALOGO_OLX) : negar(reply)));
  app.post<{ Params: { marca: string } }>('/autoupload/car_info/:marca', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    const marca = CATALOGO_OLX.find((m) => m.id === req.params.marca);
    return marca ? paraData(marca.modelos) : reply.code(404).send({ status: 'error', message: 'Brand not found' });
  });
  app.post<{ Params: { marca: string; modelo: string } }>('/autoupload/car_info/:marca/:modelo', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    const modelo = CATALOGO_OLX.find((m) => m.id === req.params.marca)?.modelos.find((m) => m.id === req.params.modelo);
    return modelo ? paraData(modelo.versoes) : reply.code(404).send({ status: 'error', message: 'Model not found' });
  });

  app.put('/autoupload/import', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    const lista = (req.body as { ad_list?: AdOlx[] } | undefined)?.ad_list;
    if (!Array.isArray(lista) || lista.length === 0)
      return { token: null, statusCode: -3, statusMessage: 'No ads found in the request', errors: [] };
    const assuntos = lista.map((a) => String(a.subject ?? ''));
    const desfecho = await aplicarChaves(req, ...assuntos);
    if (desfecho === 'falhar') return { token: null, statusCode: -1, statusMessage: 'Unexpected error', errors: [] };
    // OLX's only documented rate limit: the import answers -2 ("blocked temporarily for too many requests").
    if (assuntos.some((s) => s.toLowerCase().includes('limitar')))
      return { token: null, statusCode: -2, statusMessage: 'Too many requests, temporarily blocked', errors: [] };
    if (assuntos.some((s) => s.toLowerCase().includes('semvaga')))
      return { token: null, statusCode: -7, statusMessage: 'Not enough ad slots', errors: [] };
    // One invalid ad cancels the whole batch (-4), with every ad's problems.
    const errors = lista.map((ad) => ({ id: String(ad.id ?? ''), messages: problemas(ad, anuncios) })).filter((e) => e.messages.length > 0);
    if (errors.length > 0) return { token: null, statusCode: -4, statusMessage: 'Error in the ad list; no ad was imported', errors };
    const token = randomUUID();
    const importacao: Importacao = new Map();
    for (const ad of lista) {
      const id = String(ad.id);
      const atual = anuncios.get(id);
      if (ad.operation === 'delete') {
        if (atual) atual.status = 'deleted';
        importacao.set(id, { operation: 'delete' });
        continue;
      }
      const editar = Boolean(atual && atual.status !== 'deleted');
      const list_id = atual?.list_id ?? ++proximoListId;
      const recusar = String(ad.subject).toLowerCase().includes('recusar');
      // An edit replaces the ad (OLX processes it again) and keeps its list_id; `alteracoes` counts the edits (tests).
      const alteracoes = editar ? (atual?.alteracoes ?? 0) + 1 : 0;
      const url = `https://www.olx.com.br/vi/${list_id}.htm`;
      anuncios.set(id, { id, list_id, url, status: 'pending_review', ad, olhadas: 0, recusar, alteracoes });
      importacao.set(id, { operation: editar ? 'edit' : 'insert' });
    }
    importacoes.set(token, importacao);
    return reply.send({ token, statusCode: 0, statusMessage: 'The ads were imported and will be processed', errors: [] });
  });

  app.post<{ Params: { token: string } }>('/autoupload/import/:token', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    const imp = importacoes.get(req.params.token);
    if (!imp) return reply.code(404).send({ status: 'error', message: 'Import token not found' });
    const ads: Record<string, Record<string, unknown>> = {};
    for (const [id, { operation }] of imp) {
      const a = anuncios.get(id);
      if (operation === 'delete' || !a) {
        ads[id] = { status: 'accepted', operation, message: [] };
        continue;
      }
      olhar(a);
      const status = a.status === 'published' ? 'accepted' : a.status === 'refused' ? 'refused' : 'pending';
      ads[id] = {
        status,
        operation,
        message: a.motivo ? [a.motivo] : [],
        ...(status === 'accepted' ? { list_id: a.list_id, url: a.url } : {}),
      };
    }
    const pendente = Object.values(ads).some((r) => r.status === 'pending');
    return { autoupload_status: pendente ? 'pending' : 'done', ads };
  });

  app.get('/autoupload/v1/published', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    const q = req.query as { page_token?: string; fetch_size?: string; ads_status?: string };
    const tamanho = Math.min(Math.max(Number(q.fetch_size) || 50, 1), 100);
    const inicio = Number(q.page_token) || 0;
    const todos = [...anuncios.values()].filter((a) => !q.ads_status || a.status === q.ads_status);
    const pagina = todos.slice(inicio, inicio + tamanho).map((a) => {
      olhar(a);
      return { id: a.id, list_id: a.list_id, status: a.status, url: a.url };
    });
    return { data: pagina, ...(inicio + tamanho < todos.length ? { next_token: String(inicio + tamanho) } : {}) };
  });

  app.get('/_anuncios', PUBLICO, async () => ({ anuncios: [...anuncios.values()] }));
}

/** The first look finds the ad still being processed; from the second on, the result (published or refused). */
function olhar(a: Anuncio) {
  if (a.status !== 'pending_review') return;
  a.olhadas++;
  if (a.olhadas < 2) return;
  if (a.recusar) Object.assign(a, { status: 'refused', motivo: 'Anúncio recusado: o texto não segue as regras de publicação da OLX.' });
  else a.status = 'published';
}

/** OLX validation of one ad (import.md, sub_auto.md); categories as fase1.md names them. */
function problemas(ad: AdOlx, anuncios: Map<string, Anuncio>): { category: string; field?: string }[] {
  const id = typeof ad.id === 'string' ? ad.id : '';
  if (!ID_AD.test(id)) return [{ category: 'UNDEFINED_AD_ID', field: 'id' }];
  if (ad.operation === 'delete') {
    const atual = anuncios.get(id);
    return !atual || atual.status === 'deleted' ? [{ category: 'UNDEFINED_AD_ID', field: 'id' }] : [];
  }
  if (ad.operation !== 'insert') return [{ category: 'ERROR_OPERATION_INVALID', field: 'operation' }];
  const erros: { category: string; field?: string }[] = [];
  const texto = (v: unknown, min: number, max: number) => typeof v === 'string' && v.trim().length >= min && v.length <= max;
  if (ad.category !== 2020) erros.push({ category: 'ERROR_CATEGORY_INVALID', field: 'category' });
  if (!texto(ad.subject, 2, 90)) erros.push({ category: 'ERROR_SUBJECT_INVALID', field: 'subject' });
  if (!texto(ad.body, 2, 6000)) erros.push({ category: 'ERROR_BODY_INVALID', field: 'body' });
  else if (/<[a-z/][^>]*>/i.test(String(ad.body))) erros.push({ category: 'ERROR_BODY_HTML', field: 'body' });
  const fone = String(ad.phone ?? '');
  if (!/^\d{10,11}$/.test(fone)) erros.push({ category: 'ERROR_PHONE_TOO_SHORT', field: 'phone' });
  if (ad.type !== 's') erros.push({ category: 'ERROR_TYPE_INVALID', field: 'type' });
  if (!Number.isInteger(ad.price) || Number(ad.price) < 1) erros.push({ category: 'ERROR_PRICE_INVALID', field: 'price' });
  if (!/^\d{8}$/.test(String(ad.zipcode ?? ''))) erros.push({ category: 'NO_REGION', field: 'zipcode' });
  const imagens = Array.isArray(ad.images) ? ad.images : [];
  if (imagens.length === 0) erros.push({ category: 'NO_IMAGE', field: 'images' });
  if (imagens.length > 20 || new Set(imagens).size !== imagens.length) erros.push({ category: 'ERROR_IMAGES_INVALID', field: 'images' });
  const p = ad.params ?? {};
  // Empty or 0 optional params fail validation at OLX (mileage 0 is a new car).
  for (const [campo, valor] of Object.entries(p))
    if (campo !== 'mileage' && (valor === '' || valor === '0' || valor === 0 || (Array.isArray(valor) && valor.length === 0)))
      erros.push({ category: 'ERROR_PARAM_INVALID', field: campo });
  if (!/^\d{4}$/.test(String(p.regdate ?? ''))) erros.push({ category: 'ERROR_REGDATE_INVALID', field: 'regdate' });
  if (!Number.isInteger(p.mileage) || Number(p.mileage) < 0) erros.push({ category: 'ERROR_MILEAGE_INVALID', field: 'mileage' });
  if (p.fuel !== undefined && !['1', '2', '3', '4', '5', '6', '7'].includes(String(p.fuel)))
    erros.push({ category: 'ERROR_FUEL_INVALID', field: 'fuel' });
  const marca = CATALOGO_OLX.find((m) => m.id === String(p.vehicle_brand));
  const modelo = marca?.modelos.find((m) => m.id === String(p.vehicle_model));
  if (!modelo?.versoes.some((v) => v.id === String(p.vehicle_version)))
    erros.push({ category: 'ERROR_VEHICLE_VERSION_INVALID', field: 'vehicle_version' });
  if (!/^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(String(p.vehicle_tag ?? '')))
    erros.push({ category: 'ERROR_VEHICLE_TAG_INVALID', field: 'vehicle_tag' });
  return erros;
}
