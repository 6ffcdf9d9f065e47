import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CORES_CATALOGO, marcasDoTipo } from './catalogo-veiculos.ts';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { bearerValido } from './oauth.ts';

/**
 * Mercado Livre vehicle classifieds (channels.md §2): category attributes (`GET /categories/{id}/attributes`), items
 * (`POST /items`, `GET|PUT /items/{id}`, description), and the seller's items by `seller_custom_field`
 * (`GET /users/{id}/items/search?sku=`). Items are kept in memory per process; `GET /sandbox/mercadolivre/_anuncios`
 * lists them. Errors in the API's shape `{message, error, status, cause[]}`. Switches in the title: "falhar" → 500,
 * "recusar" → 403 (no classifieds package), "lento" / "travar" as in every sandbox; on an edit, "limitar" in the title
 * or the description → 429 with `Retry-After: 2`.
 */
export const CATEGORIA_CARROS = 'MLB1744';
export const CATEGORIA_MOTOS = 'MLB1763';
export const VENDEDOR_SANDBOX = 123456789;

type Valor = { id: string; name: string };
type Atributo = {
  id: string;
  name: string;
  value_type: 'string' | 'number' | 'number_unit' | 'list' | 'boolean';
  values?: Valor[];
  allowed_units?: Valor[];
  default_unit?: string;
  tags: Record<string, boolean>;
};
type Item = Record<string, unknown> & { id: string; status: string; seller_custom_field?: string; deleted?: boolean };

const lista = (base: number, nomes: readonly string[]): Valor[] => nomes.map((name, i) => ({ id: String(base + i), name }));
const BOOLEANO: Valor[] = [
  { id: '242085', name: 'Sim' },
  { id: '242084', name: 'Não' },
];
/** Value ids seen in third-party code where known (channels.md §2); the others are the sandbox's own. */
const CORES: Valor[] = CORES_CATALOGO.map((c, i) => {
  const nome = c === 'Prata' ? 'Prateado' : c;
  return { id: nome === 'Prateado' ? '52053' : nome === 'Branco' ? '52055' : String(52100 + i), name: nome };
});
const COMBUSTIVEIS: Valor[] = [
  { id: '372591', name: 'Gasolina e álcool' },
  { id: '64364', name: 'Gasolina' },
  { id: '64365', name: 'Álcool' },
  { id: '64366', name: 'Diesel' },
  { id: '372592', name: 'Elétrico' },
  { id: '372593', name: 'Híbrido' },
  { id: '64367', name: 'Gás natural' },
];
const TRANSMISSOES: Valor[] = [
  { id: '370876', name: 'Automática' },
  { id: '370877', name: 'Manual' },
];

const atr = (id: string, name: string, value_type: Atributo['value_type'], extra: Partial<Atributo> = {}): Atributo => ({
  id,
  name,
  value_type,
  tags: {},
  ...extra,
});
const obrigatorio = { tags: { required: true } };

function atributos(categoria: string): Atributo[] | null {
  const tipo = categoria === CATEGORIA_CARROS ? 'carro' : categoria === CATEGORIA_MOTOS ? 'moto' : null;
  if (!tipo) return null;
  const marcas = lista(tipo === 'carro' ? 60249 : 61000, [...new Set(marcasDoTipo(tipo).map((m) => m.nome))]);
  const comuns = [
    atr('BRAND', 'Marca', 'list', { values: marcas, ...obrigatorio }),
    atr('MODEL', 'Modelo', 'string', obrigatorio),
    atr('TRIM', 'Versão', 'string', obrigatorio),
    atr('VEHICLE_YEAR', 'Ano', 'number', obrigatorio),
    atr('KILOMETERS', 'Quilômetros', 'number_unit', { allowed_units: [{ id: 'km', name: 'km' }], default_unit: 'km', ...obrigatorio }),
    atr('COLOR', 'Cor', 'list', { values: CORES, ...obrigatorio }),
    atr('FUEL_TYPE', 'Tipo de combustível', 'list', { values: COMBUSTIVEIS, ...obrigatorio }),
    atr('LICENSE_PLATE', 'Placa', 'string'),
    atr('SINGLE_OWNER', 'Único dono', 'boolean', { values: BOOLEANO }),
  ];
  if (tipo === 'moto')
    return [
      ...comuns,
      atr('ENGINE_DISPLACEMENT', 'Cilindrada', 'number_unit', { allowed_units: [{ id: 'cc', name: 'cc' }], default_unit: 'cc' }),
      atr('HAS_ABS_BRAKES', 'Freios ABS', 'boolean', { values: BOOLEANO }),
    ];
  return [
    ...comuns,
    atr('TRANSMISSION', 'Transmissão', 'list', { values: TRANSMISSOES, ...obrigatorio }),
    atr('DOORS', 'Portas', 'number', obrigatorio),
    atr('VEHICLE_BODY_TYPE', 'Tipo de carroceria', 'list', {
      values: lista(452750, ['Hatchback', 'Sedã', 'SUV', 'Picape', 'Minivan', 'Perua', 'Cupê', 'Conversível']),
    }),
    atr('ENGINE', 'Motor', 'string'),
    atr('ARMORED', 'Blindado', 'boolean', { values: BOOLEANO }),
    atr('HAS_AIR_CONDITIONING', 'Ar-condicionado', 'boolean', { values: BOOLEANO }),
  ];
}

const erroMl = (reply: FastifyReply, status: number, error: string, message: string, cause: Record<string, unknown>[] = []) =>
  reply.code(status).send({ message, error, status, cause });
/** ML's rate limit (rate-limit-erro-429): 429 with a wait. */
const limitar = (reply: FastifyReply) =>
  reply.header('retry-after', '2').code(429).send({ message: 'Too Many Requests', error: 'too_many_requests', status: 429, cause: [] });
const causa = (code: string, message: string, references: string[] = []) => ({
  department: 'items',
  type: 'error',
  code,
  message,
  references,
});

/** ML validation of a vehicle item (category attributes, pictures, location). */
function validarItem(c: Record<string, unknown>): Record<string, unknown>[] {
  const cat = atributos(String(c.category_id ?? ''));
  if (!cat) return [causa('item.category_id.invalid', `Category ${String(c.category_id)} does not exist.`, ['item.category_id'])];
  const causas: Record<string, unknown>[] = [];
  const titulo = typeof c.title === 'string' ? c.title.trim() : '';
  if (!titulo || titulo.length > 60)
    causas.push(causa('item.title.length.invalid', 'Title is required and must have up to 60 characters.', ['item.title']));
  if (typeof c.price !== 'number' || c.price <= 0) causas.push(causa('item.price.invalid', 'Invalid price.', ['item.price']));
  if (c.currency_id !== 'BRL') causas.push(causa('item.currency_id.invalid', 'Invalid currency.', ['item.currency_id']));
  if (c.buying_mode !== 'classified')
    causas.push(causa('item.buying_mode.invalid', 'Vehicles are listed as classified.', ['item.buying_mode']));
  if (!['silver', 'gold', 'gold_premium'].includes(String(c.listing_type_id)))
    causas.push(causa('item.listing_type_id.invalid', 'Invalid listing type for this category.', ['item.listing_type_id']));
  const fotos = Array.isArray(c.pictures) ? (c.pictures as { source?: unknown }[]) : [];
  if (fotos.length === 0 || fotos.some((f) => typeof f.source !== 'string'))
    causas.push(causa('item.pictures.required', 'LTP_PICTURE_REQUIRED: at least one picture is required.', ['item.pictures']));
  if (fotos.length > 15) causas.push(causa('item.pictures.max', 'At most 15 pictures.', ['item.pictures']));
  const local = (c.location ?? {}) as Record<string, unknown>;
  if (!/^\d{8}$/.test(String(local.zip_code ?? '')))
    causas.push(causa('item.location.zip_code.invalid', 'Invalid zip code.', ['item.location.zip_code']));
  const dados = new Map(((Array.isArray(c.attributes) ? c.attributes : []) as Record<string, unknown>[]).map((a) => [String(a.id), a]));
  const faltando = cat.filter((a) => a.tags.required && !dados.get(a.id)?.value_id && !String(dados.get(a.id)?.value_name ?? '').trim());
  if (faltando.length)
    causas.push(
      causa(
        'item.attributes.missing_required',
        `The attributes [${faltando.map((a) => a.id).join(', ')}] are required for category ${String(c.category_id)}.`,
        ['item.attributes'],
      ),
    );
  for (const [id, dado] of dados) {
    const a = cat.find((x) => x.id === id);
    if (!a)
      causas.push(
        causa('item.attribute.invalid', `Attribute ${id} is not valid for category ${String(c.category_id)}.`, ['item.attributes']),
      );
    else if (dado.value_id && !a.values?.some((v) => v.id === String(dado.value_id)))
      causas.push(
        causa('item.attribute.invalid_value', `Value ${String(dado.value_id)} is not valid for attribute ${id}.`, ['item.attributes']),
      );
  }
  return causas;
}

export function itensMercadoLivre(app: FastifyInstance) {
  const itens = new Map<string, Item>();
  const descricoes = new Map<string, string>();
  let sequencia = 4277151190;
  const autorizado = (req: FastifyRequest) => bearerValido(req.headers.authorization, 'APP_USR');
  const negar = (reply: FastifyReply) => erroMl(reply, 401, 'unauthorized', 'invalid access token');
  const vivo = (id: string) => {
    const i = itens.get(id);
    return i && !i.deleted ? i : undefined;
  };

  app.get<{ Params: { id: string } }>('/categories/:id/attributes', PUBLICO, async (req, reply) => {
    const a = atributos(req.params.id);
    return a ?? erroMl(reply, 404, 'not_found', `Category ${req.params.id} not found`);
  });

  app.post('/items', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    const c = (req.body ?? {}) as Record<string, unknown>;
    const desfecho = await aplicarChaves(req, String(c.title ?? ''));
    if (desfecho === 'falhar') return erroMl(reply, 500, 'internal_error', 'Internal server error');
    if (desfecho === 'recusar')
      return erroMl(reply, 403, 'forbidden', 'seller.unable_to_list', [
        causa('seller.unable_to_list', 'The seller has no active classifieds package for this category.'),
      ]);
    const causas = validarItem(c);
    if (causas.length) return erroMl(reply, 400, 'validation_error', 'Validation error', causas);
    const id = `MLB${++sequencia}`;
    const slug = String(c.title)
      .normalize('NFD')
      .replace(/[^\w ]/g, '')
      .trim()
      .toLowerCase()
      .replace(/\s+/g, '-');
    const item: Item = {
      ...c,
      id,
      seller_id: VENDEDOR_SANDBOX,
      status: 'active',
      permalink: `https://carro.mercadolivre.com.br/MLB-${id.slice(3)}-${slug}-_JM`,
      pictures: (c.pictures as { source: string }[]).map((p, i) => ({ id: `${id}-${i}`, url: p.source, source: p.source })),
      date_created: new Date().toISOString(),
    };
    itens.set(id, item);
    return reply.code(201).send(item);
  });

  app.get<{ Params: { id: string } }>('/items/:id', PUBLICO, async (req, reply) => {
    const i = vivo(req.params.id);
    return i ?? erroMl(reply, 404, 'not_found', `Item with id ${req.params.id} not found`);
  });

  app.post<{ Params: { id: string } }>('/items/:id/description', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    if (!vivo(req.params.id)) return erroMl(reply, 404, 'not_found', `Item with id ${req.params.id} not found`);
    const texto = String((req.body as { plain_text?: unknown } | undefined)?.plain_text ?? '');
    // No links, e-mails or phone numbers in the text (ML's rules for descriptions).
    if (/https?:\/\/|www\.|@/i.test(texto))
      return erroMl(reply, 400, 'validation_error', 'Validation error', [
        causa('item.description.invalid', 'The description must not contain links, e-mails or phone numbers.', ['plain_text']),
      ]);
    descricoes.set(req.params.id, texto);
    return reply.code(201).send({ text: '', plain_text: texto, last_updated: new Date().toISOString() });
  });

  app.get<{ Params: { id: string } }>('/items/:id/description', PUBLICO, async (req, reply) =>
    vivo(req.params.id) ? { plain_text: descricoes.get(req.params.id) ?? '' } : erroMl(reply, 404, 'not_found', 'Item not found'),
  );

  app.put<{ Params: { id: string } }>('/items/:id', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    const i = vivo(req.params.id);
    if (!i) return erroMl(reply, 404, 'not_found', `Item with id ${req.params.id} not found`);
    const c = (req.body ?? {}) as Record<string, unknown>;
    if (c.deleted === true) {
      if (i.status !== 'closed')
        return erroMl(reply, 400, 'validation_error', 'Validation error', [
          causa('item.deleted.invalid', 'The item must be closed before being deleted.', ['item.deleted']),
        ]);
      i.deleted = true;
      return i;
    }
    if (typeof c.status === 'string') {
      if (i.status === 'closed')
        return erroMl(reply, 400, 'validation_error', 'Validation error', [
          causa('item.status.invalid', 'A closed item cannot change its status.', ['item.status']),
        ]);
      i.status = c.status;
      return i;
    }
    return editar(req, reply, i, c);
  });

  /**
   * An item's edit (channels.md §2: title, price, quantity, pictures, location, attributes): the item as it would be
   * is validated as a new one; pictures are replaced in the order sent, attributes replaced one by one by id.
   * A closed item cannot be edited. `alteracoes` counts the edits (tests).
   */
  async function editar(req: FastifyRequest, reply: FastifyReply, i: Item, c: Record<string, unknown>) {
    const titulo = typeof c.title === 'string' ? c.title : '';
    if ((await aplicarChaves(req, titulo)) === 'falhar') return erroMl(reply, 500, 'internal_error', 'Internal server error');
    if (/limitar/i.test(titulo)) return limitar(reply);
    if (i.status === 'closed')
      return erroMl(reply, 400, 'validation_error', 'Validation error', [
        causa('item.status.invalid', 'A closed item cannot be modified.', ['item.status']),
      ]);
    const EDITAVEIS = ['title', 'price', 'available_quantity', 'pictures', 'location', 'attributes', 'video_id'];
    const outros = Object.keys(c).filter((k) => !EDITAVEIS.includes(k));
    if (outros.length)
      return erroMl(reply, 400, 'validation_error', 'Validation error', [
        causa(
          'item.fields.not_modifiable',
          `Fields [${outros.join(', ')}] cannot be modified.`,
          outros.map((k) => `item.${k}`),
        ),
      ]);
    const atributos = new Map(((i.attributes ?? []) as { id: string }[]).map((a) => [a.id, a]));
    for (const a of (Array.isArray(c.attributes) ? c.attributes : []) as { id: string }[]) atributos.set(String(a.id), a);
    const novo: Item = { ...i, ...c, attributes: [...atributos.values()] };
    const causas = validarItem(novo);
    if (causas.length) return erroMl(reply, 400, 'validation_error', 'Validation error', causas);
    if (Array.isArray(c.pictures))
      novo.pictures = (c.pictures as { source: string }[]).map((p, n) => ({ id: `${i.id}-${n}`, url: p.source, source: p.source }));
    novo.alteracoes = Number(i.alteracoes ?? 0) + 1;
    itens.set(i.id, novo);
    return novo;
  }

  /** `PUT /items/{id}/description`: replaces the description (the same rules as the POST). */
  app.put<{ Params: { id: string } }>('/items/:id/description', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    if (!vivo(req.params.id)) return erroMl(reply, 404, 'not_found', `Item with id ${req.params.id} not found`);
    const texto = String((req.body as { plain_text?: unknown } | undefined)?.plain_text ?? '');
    if (texto.includes('limitar')) return limitar(reply);
    if (/https?:\/\/|www\.|@/i.test(texto))
      return erroMl(reply, 400, 'validation_error', 'Validation error', [
        causa('item.description.invalid', 'The description must not contain links, e-mails or phone numbers.', ['plain_text']),
      ]);
    descricoes.set(req.params.id, texto);
    return { text: '', plain_text: texto, last_updated: new Date().toISOString() };
  });

  app.get<{ Params: { id: string } }>('/users/:id/items/search', PUBLICO, async (req, reply) => {
    if (!autorizado(req)) return negar(reply);
    const sku = (req.query as { sku?: string }).sku;
    const achados = [...itens.values()].filter((i) => !i.deleted && (!sku || i.seller_custom_field === sku)).map((i) => i.id);
    return { seller_id: req.params.id, results: achados, paging: { total: achados.length, offset: 0, limit: 50 } };
  });

  app.get('/_anuncios', PUBLICO, async () => ({
    anuncios: [...itens.values()].map((i) => ({ ...i, descricao: descricoes.get(i.id) ?? null })),
  }));
}
