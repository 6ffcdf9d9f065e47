import { UFS } from '@intermedio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  existeNaLista,
  LISTAS_AUTOSCAR,
  marcasAutoscar,
  modelosAutoscar,
  nomeMarca,
  nomeModelo,
  type TipoAutoscar,
  VERSOES_AUTOSCAR,
  versoesAutoscar,
} from './autoscar-catalogo.ts';
import { APP_SANDBOX, aplicarChaves, PUBLICO } from './comum.ts';

/**
 * Autoscar, on the contract we designed (docs/autoscar.md; canais/autoscar/client.ts): REST/JSON under
 * /integracao/v1, the integrator key in `x-api-key`, errors as `{codigo, mensagem, erros?}`.
 * Dealer ids are digits: 404 unknown, 409 inactive, 500 failure, 408 never answers, 999 slow. A description
 * containing "recusar" is refused (422); "falhar", "lento", "travar" act as in comum.ts.
 */
type Anuncio = {
  advId: string;
  idRevenda: string;
  externalId: string;
  url: string;
  status: string;
  tipo: TipoAutoscar;
  modelo: { marcaId: string; marca: string; modeloId: string; modelo: string; versaoId: string; versao: string };
  dados: Record<string, unknown>;
  criadoEm: string;
  alteradoEm: string | null;
  /** How many changes (PUT) this advert received: a test sees a change that ran twice. */
  alteracoes: number;
  /** How many removals (DELETE) reached this advert, the ones answered "already removed" (410) included. */
  exclusoes: number;
  removidoEm: string | null;
};

/** The adverts received, kept per process (GET /sandbox/autoscar/_anuncios lists them for tests). */
const anuncios = new Map<string, Anuncio>();
let proximoId = 880001;

/**
 * For tests, a hold on the next change or removal (PUT/DELETE) of an advert, per process: `POST /_reter` (body
 * `{advId}` to hold only that advert's call; `{criacao: true}` to hold the next creation (POST) instead) arms it;
 * that call then waits, before anything is checked or changed,
 * until `POST /_liberar`, and answers normally. `GET /_reter` says whether a call is waiting, so a test sees the
 * state "the channel has not answered yet" (the vehicle view's "Excluindo…" / "Alterando…") without timing.
 */
let retencao: { advId: string | null; criacao: boolean; retida: boolean; liberar: () => void; liberada: Promise<void> } | null = null;

async function esperarRetencao(advId: string | null) {
  const r = retencao;
  if (!r || r.retida || r.criacao !== (advId === null) || (r.advId !== null && r.advId !== advId)) return;
  r.retida = true;
  await r.liberada;
}

/**
 * For tests, a rate limit: `POST /_limitar` (body `{vezes}`) makes the next `vezes` advert creations (POST) answer
 * 429 "Muitas requisições" with `Retry-After: 1`, before anything is created (bulk publish's back-off, docs/lotes.md).
 */
let limitadas = 0;

const erro = (reply: FastifyReply, status: number, codigo: string, mensagem: string, erros?: { campo: string; mensagem: string }[]) =>
  reply.code(status).send({ codigo, mensagem, ...(erros ? { erros } : {}) });

function chaveValida(req: FastifyRequest, reply: FastifyReply) {
  if (req.headers['x-api-key'] === APP_SANDBOX.clientSecret) return true;
  erro(reply, 401, 'CHAVE_INVALIDA', 'Chave de integração inválida.');
  return false;
}

/** The dealer gate of every advert call; answers the error itself and returns false when the call stops here. */
async function revendaValida(req: FastifyRequest, reply: FastifyReply, id: string, texto?: unknown) {
  if (!chaveValida(req, reply)) return false;
  if ((await aplicarChaves(req, id, typeof texto === 'string' ? texto : '')) === 'falhar') {
    erro(reply, 500, 'ERRO_INTERNO', 'Erro interno.');
    return false;
  }
  if (!/^\d+$/.test(id) || id === '404') {
    erro(reply, 404, 'REVENDA_NAO_ENCONTRADA', `Revenda ${id} não encontrada na Autoscar.`);
    return false;
  }
  if (id === '409') {
    erro(reply, 409, 'REVENDA_INATIVA', `Revenda ${id} está inativa na Autoscar.`);
    return false;
  }
  return true;
}

const texto = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Autoscar's checks of an advert body; the version decides whether it is a car or a motorcycle. */
function validar(corpo: Record<string, unknown>) {
  const erros: { campo: string; mensagem: string }[] = [];
  const faltou = (campo: string) => erros.push({ campo, mensagem: 'Campo obrigatório.' });
  const versao = VERSOES_AUTOSCAR.get(texto(corpo.modelId));
  if (!versao) erros.push({ campo: 'modelId', mensagem: 'Versão inexistente no catálogo da Autoscar.' });
  const tipo = versao?.tipo ?? 'carro';
  for (const campo of ['city', 'state', 'fuelType', 'color', 'bodyStyle', 'transmission']) if (!texto(corpo[campo])) faltou(campo);
  if (texto(corpo.state) && !(UFS as readonly string[]).includes(texto(corpo.state)))
    erros.push({ campo: 'state', mensagem: 'UF inválida.' });
  if (corpo.status !== '1') erros.push({ campo: 'status', mensagem: "Status deve ser '1'." });
  for (const [campo, lista] of [
    ['fuelType', 'combustiveis'],
    ['color', 'cores'],
    ['bodyStyle', 'tipos-veiculo'],
    ['transmission', 'transmissoes'],
  ] as const) {
    if (texto(corpo[campo]) && !existeNaLista(lista, tipo, corpo[campo])) erros.push({ campo, mensagem: 'Código inválido.' });
  }
  if (typeof corpo.mileage !== 'number' || corpo.mileage < 0) erros.push({ campo: 'mileage', mensagem: 'Quilometragem inválida.' });
  if (typeof corpo.price !== 'number' || corpo.price <= 0) erros.push({ campo: 'price', mensagem: 'Preço inválido.' });
  if (!Array.isArray(corpo.photos) || corpo.photos.some((f) => typeof f !== 'string' || !/^https?:\/\//.test(f)))
    erros.push({ campo: 'photos', mensagem: 'Fotos devem ser endereços http(s).' });
  if (tipo === 'carro') {
    if (![0, 1, 2, 4].includes(corpo.ports as number)) faltou('ports');
    for (const campo of ['matchType', 'coolingType', 'marches', 'motor'])
      if (corpo[campo] !== undefined) erros.push({ campo, mensagem: 'Campo exclusivo de motos.' });
  } else {
    if (corpo.ports !== undefined) erros.push({ campo: 'ports', mensagem: 'Motos não têm portas.' });
    if (!existeNaLista('tipos-partida', 'moto', corpo.matchType)) faltou('matchType');
    if (!existeNaLista('tipos-refrigeracao', 'moto', corpo.coolingType)) faltou('coolingType');
    if (typeof corpo.marches !== 'number' || corpo.marches < 0 || corpo.marches > 7) faltou('marches');
    if (!texto(corpo.motor)) faltou('motor');
  }
  if (texto(corpo.description).toLowerCase().includes('recusar'))
    erros.push({ campo: 'description', mensagem: 'Texto recusado pela moderação da Autoscar.' });
  return { erros, versao };
}

const publico = (a: Anuncio) => ({
  advId: a.advId,
  externalId: a.externalId,
  url: a.url,
  status: a.status,
  tipo: a.tipo,
  modelo: a.modelo,
  ...a.dados,
  criadoEm: a.criadoEm,
  alteradoEm: a.alteradoEm,
});

/** The advert of this dealer, or the Autoscar error answered (404 unknown, 410 removed). */
function anuncioDaRevenda(reply: FastifyReply, idRevenda: string, advId: string) {
  const a = anuncios.get(advId);
  if (!a || a.idRevenda !== idRevenda) {
    erro(reply, 404, 'ANUNCIO_NAO_ENCONTRADO', `Anúncio ${advId} não encontrado.`);
    return null;
  }
  if (a.removidoEm) {
    erro(reply, 410, 'ANUNCIO_REMOVIDO', `Anúncio ${advId} já foi removido.`);
    return null;
  }
  return a;
}

type Rev = { Params: { id: string } };
type Adv = { Params: { id: string; advId: string } };

export async function sandboxAutoscar(app: FastifyInstance) {
  app.post<Rev>('/integracao/v1/revendas/:id/vinculo', PUBLICO, async (req, reply) => {
    if (!(await revendaValida(req, reply, req.params.id))) return reply;
    const id = req.params.id;
    return { id: Number(id), nomeFantasia: `Revenda Autoscar ${id}`, ativo: true };
  });

  // Catalogue: brands by type, models by brand, versions by model, and the fixed lists by type.
  app.get<{ Querystring: { tipo?: string } }>('/integracao/v1/catalogo/marcas', PUBLICO, async (req, reply) => {
    if (!chaveValida(req, reply)) return reply;
    return { itens: marcasAutoscar(req.query.tipo === 'moto' ? 'moto' : 'carro') };
  });
  app.get<{ Params: { id: string } }>('/integracao/v1/catalogo/marcas/:id/modelos', PUBLICO, async (req, reply) => {
    if (!chaveValida(req, reply)) return reply;
    if (!nomeMarca(req.params.id)) return erro(reply, 404, 'MARCA_NAO_ENCONTRADA', 'Marca não encontrada.');
    return { itens: modelosAutoscar(req.params.id) };
  });
  app.get<{ Params: { id: string } }>('/integracao/v1/catalogo/modelos/:id/versoes', PUBLICO, async (req, reply) => {
    if (!chaveValida(req, reply)) return reply;
    if (!nomeModelo(req.params.id)) return erro(reply, 404, 'MODELO_NAO_ENCONTRADO', 'Modelo não encontrado.');
    return { itens: versoesAutoscar(req.params.id) };
  });
  app.get<{ Params: { lista: string }; Querystring: { tipo?: string } }>('/integracao/v1/catalogo/:lista', PUBLICO, async (req, reply) => {
    if (!chaveValida(req, reply)) return reply;
    const lista = LISTAS_AUTOSCAR[req.params.lista];
    if (!lista) return erro(reply, 404, 'LISTA_NAO_ENCONTRADA', 'Lista não encontrada.');
    return { itens: lista[req.query.tipo === 'moto' ? 'moto' : 'carro'] };
  });

  // Adverts of a dealer. `externalId` (the integrator's reference) makes the creation idempotent.
  app.post<Rev & { Body: Record<string, unknown> }>('/integracao/v1/revendas/:id/anuncios', PUBLICO, async (req, reply) => {
    await esperarRetencao(null);
    if (limitadas > 0) {
      limitadas--;
      reply.header('retry-after', '1');
      return erro(reply, 429, 'LIMITE_REQUISICOES', 'Muitas requisições. Tente novamente em instantes.');
    }
    const corpo = req.body ?? {};
    if (!(await revendaValida(req, reply, req.params.id, corpo.description))) return reply;
    const externalId = texto(corpo.externalId);
    if (!externalId)
      return erro(reply, 422, 'DADOS_INVALIDOS', 'Dados inválidos.', [{ campo: 'externalId', mensagem: 'Campo obrigatório.' }]);
    const existente = [...anuncios.values()].find((a) => a.idRevenda === req.params.id && a.externalId === externalId && !a.removidoEm);
    if (existente) return reply.code(200).send(publico(existente));
    const { erros, versao } = validar(corpo);
    if (erros.length || !versao) return erro(reply, 422, 'DADOS_INVALIDOS', 'Dados inválidos.', erros);
    const advId = String(proximoId++);
    const { externalId: _e, ...dados } = corpo;
    const anuncio: Anuncio = {
      advId,
      idRevenda: req.params.id,
      externalId,
      url: `https://www.autoscar.com.br/anuncio/${advId}`,
      status: '1',
      tipo: versao.tipo,
      modelo: {
        marcaId: versao.marcaId,
        marca: nomeMarca(versao.marcaId),
        modeloId: versao.modeloId,
        modelo: nomeModelo(versao.modeloId),
        versaoId: versao.id,
        versao: versao.nome,
      },
      dados,
      criadoEm: new Date().toISOString(),
      alteradoEm: null,
      alteracoes: 0,
      exclusoes: 0,
      removidoEm: null,
    };
    anuncios.set(advId, anuncio);
    return reply.code(201).send(publico(anuncio));
  });

  app.put<Adv & { Body: Record<string, unknown> }>('/integracao/v1/revendas/:id/anuncios/:advId', PUBLICO, async (req, reply) => {
    await esperarRetencao(req.params.advId);
    const corpo = req.body ?? {};
    if (!(await revendaValida(req, reply, req.params.id, corpo.description))) return reply;
    const a = anuncioDaRevenda(reply, req.params.id, req.params.advId);
    if (!a) return reply;
    const { erros, versao } = validar(corpo);
    if (versao && versao.tipo !== a.tipo) erros.push({ campo: 'modelId', mensagem: 'O tipo do veículo não pode mudar.' });
    if (erros.length || !versao) return erro(reply, 422, 'DADOS_INVALIDOS', 'Dados inválidos.', erros);
    const { externalId: _e, ...dados } = corpo;
    a.dados = dados;
    a.modelo = {
      marcaId: versao.marcaId,
      marca: nomeMarca(versao.marcaId),
      modeloId: versao.modeloId,
      modelo: nomeModelo(versao.modeloId),
      versaoId: versao.id,
      versao: versao.nome,
    };
    a.alteradoEm = new Date().toISOString();
    a.alteracoes++;
    return publico(a);
  });

  app.delete<Adv>('/integracao/v1/revendas/:id/anuncios/:advId', PUBLICO, async (req, reply) => {
    await esperarRetencao(req.params.advId);
    if (!(await revendaValida(req, reply, req.params.id))) return reply;
    const existente = anuncios.get(req.params.advId);
    if (existente?.idRevenda === req.params.id) existente.exclusoes++;
    const a = anuncioDaRevenda(reply, req.params.id, req.params.advId);
    if (!a) return reply;
    a.removidoEm = new Date().toISOString();
    return reply.code(204).send();
  });

  app.get<Adv>('/integracao/v1/revendas/:id/anuncios/:advId', PUBLICO, async (req, reply) => {
    if (!(await revendaValida(req, reply, req.params.id))) return reply;
    const a = anuncioDaRevenda(reply, req.params.id, req.params.advId);
    return a ? publico(a) : reply;
  });

  app.get<Rev & { Querystring: { externalId?: string } }>('/integracao/v1/revendas/:id/anuncios', PUBLICO, async (req, reply) => {
    if (!(await revendaValida(req, reply, req.params.id))) return reply;
    const ref = req.query.externalId;
    const itens = [...anuncios.values()].filter(
      (a) => a.idRevenda === req.params.id && !a.removidoEm && (ref === undefined || a.externalId === ref),
    );
    return { itens: itens.map(publico) };
  });

  // For tests: the hold on the next PUT/DELETE (see `retencao`); arming it again releases a call still held.
  app.post<{ Body: { advId?: unknown; criacao?: unknown } | null }>('/_reter', PUBLICO, async (req) => {
    retencao?.liberar();
    let liberar = () => {};
    const liberada = new Promise<void>((ok) => {
      liberar = ok;
    });
    const advId = req.body?.advId;
    retencao = {
      advId: typeof advId === 'string' || typeof advId === 'number' ? String(advId) : null,
      criacao: req.body?.criacao === true,
      retida: false,
      liberar,
      liberada,
    };
    return { armada: true };
  });
  app.post<{ Body: { vezes?: unknown } | null }>('/_limitar', PUBLICO, async (req) => {
    limitadas = Math.max(0, Number(req.body?.vezes ?? 1) || 0);
    return { limitadas };
  });
  app.get('/_reter', PUBLICO, async () => ({ armada: retencao !== null, retida: retencao?.retida ?? false }));
  app.post('/_liberar', PUBLICO, async () => {
    const r = retencao;
    retencao = null;
    r?.liberar();
    return { liberada: r?.retida ?? false };
  });

  // For tests: every advert received by this process, removed ones included.
  app.get('/_anuncios', PUBLICO, async () => ({
    anuncios: [...anuncios.values()].map((a) => ({
      ...publico(a),
      idRevenda: a.idRevenda,
      alteracoes: a.alteracoes,
      exclusoes: a.exclusoes,
      removidoEm: a.removidoEm,
    })),
  }));
}
