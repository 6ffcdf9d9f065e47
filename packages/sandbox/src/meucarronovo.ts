import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CAMBIOS_CATALOGO, COMBUSTIVEIS_CATALOGO, CORES_CATALOGO } from './catalogo-veiculos.ts';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { bearerValido, expiracaoOAuth, novoEstadoOAuth, tokenOAuth } from './oauth.ts';
import { catalogoComCodigos, listaCodificada, OPCIONAIS_PORTAIS, todasVersoes, todosModelos, vitrine } from './portais.ts';

/**
 * Na Pista (Meu Carro Novo): /login-server/token with Basic client auth, /api-server/v1 (channels.md §7): catalogue
 * by category (1 AUTOMÓVEL, 2 MOTOCICLETA, 3 CAMINHÃO; names in upper case), the dealer's adverts and photos.
 * The advert names an ad type of the current plan (`idTipoAnuncio`, our reading). Errors `{ status, mensagem,
 * erros? }`; deleting an advert that is not there answers 403 "… não pertence ao cliente informado" (spec 3 §4).
 * Switches on `observacoes`: "recusar" → 400, "falhar" → 500, "limitar" → 429 (Retry-After: 2), "lento" / "travar".
 */
const CATEGORIAS = [
  { id: 1, nome: 'AUTOMÓVEL', tipo: 'carro' },
  { id: 2, nome: 'MOTOCICLETA', tipo: 'moto' },
  { id: 3, nome: 'CAMINHÃO', tipo: 'caminhao' },
] as const;
const marcas = catalogoComCodigos(900, (n) => n.toUpperCase());
const cores = listaCodificada(
  70,
  CORES_CATALOGO.map((c) => c.toUpperCase()),
);
const combustiveis = listaCodificada(
  80,
  COMBUSTIVEIS_CATALOGO.map((c) => c.toUpperCase()),
);
const cambios = listaCodificada(
  90,
  CAMBIOS_CATALOGO.map((c) => c.nome.toUpperCase()),
);
const acessorios = listaCodificada(
  1200,
  OPCIONAIS_PORTAIS.map((o) => o.toUpperCase()),
);
const portas = [
  { id: 1, nome: '0' },
  { id: 2, nome: '2' },
  { id: 3, nome: '3' },
  { id: 4, nome: '4' },
];

/**
 * The current plan's ad types (our reading of `plano-vingente`): free slots per type, fixed here so a screen always
 * offers the same choices; "Super destaque" has none left (refused with 422, a quota error).
 */
const TIPOS_ANUNCIO = [
  { id: 1, nome: 'Simples', disponiveis: 50 },
  { id: 2, nome: 'Destaque', disponiveis: 5 },
  { id: 3, nome: 'Super destaque', disponiveis: 0 },
];

type Anuncio = Record<string, unknown> & { id: number; fotos: { id: number; url: string; ordem: number; capa: boolean }[] };
const erro = (reply: FastifyReply, status: number, mensagem: string, erros?: { campo: string; mensagem: string }[]) =>
  reply.code(status).send({ status, mensagem, ...(erros ? { erros } : {}) });
const naoPertence = (reply: FastifyReply, id: string) => erro(reply, 403, `O anúncio ${id} não pertence ao cliente informado.`);

export async function sandboxMeuCarroNovo(app: FastifyInstance) {
  tokenOAuth(app, '/login-server/token', { prefixo: 'mcn', estado: novoEstadoOAuth() });
  expiracaoOAuth(app, 'mcn'); // a dealer token refused before its time (the product keeps it until it expires)
  const { anuncios, novoId } = vitrine<Anuncio>(app);
  let fotoId = 0;

  app.register(
    async (api) => {
      api.addHook('onRequest', async (req, reply) => {
        if (!bearerValido(req.headers.authorization, 'mcn')) return erro(reply, 401, 'Token inválido ou expirado.');
      });
      api.get('/meus-dados/plano-vingente', PUBLICO, async () => ({
        nome: 'Plano Ouro',
        quantidadeAnuncios: 50,
        anunciosAtivos: anuncios.size,
        tiposAnuncio: TIPOS_ANUNCIO,
      }));
      api.get('/catalogo/categorias', PUBLICO, async () => CATEGORIAS.map(({ id, nome }) => ({ id, nome })));
      const tipoDe = (categoria: string | undefined) => CATEGORIAS.find((c) => c.id === Number(categoria))?.tipo;
      api.get<{ Params: { cat: string } }>('/catalogo/categorias/:cat/marcas', PUBLICO, async (req) =>
        marcas.filter((m) => m.tipo === tipoDe(req.params.cat)).map(({ id, nome }) => ({ id, nome })),
      );
      api.get('/catalogo/categorias/:cat/acessorios', PUBLICO, async () => acessorios);
      api.get('/catalogo/categorias/:cat/quantidade-portas', PUBLICO, async () => portas);
      api.get<{ Querystring: { categoriaId?: string; marcaId?: string } }>('/catalogo/modelos', PUBLICO, async (req) =>
        todosModelos(marcas.filter((m) => m.tipo === tipoDe(req.query.categoriaId)))
          .filter((m) => m.marcaId === Number(req.query.marcaId))
          .map(({ id, nome }) => ({ id, nome })),
      );
      api.get<{ Querystring: { categoria?: string; marca?: string; modelo?: string } }>('/catalogo/versoes', PUBLICO, async (req) => {
        const modelo = todosModelos(marcas).find((m) => m.id === Number(req.query.modelo) && m.marcaId === Number(req.query.marca));
        return modelo?.versoes ?? [];
      });
      api.get('/catalogo/cores', PUBLICO, async () => cores);
      api.get('/catalogo/combustiveis', PUBLICO, async () => combustiveis);
      api.get('/catalogo/tipos-cambio', PUBLICO, async () => cambios);

      api.get('/meus-dados/anuncios', PUBLICO, async () => [...anuncios.values()]);
      /** The advert's checks (POST and PUT): switches on `observacoes`, the catalogue's codes, the plan's slots. */
      async function recusa(req: FastifyRequest, reply: FastifyReply, a: Record<string, unknown>, novo: boolean) {
        const desfecho = await aplicarChaves(req, String(a.observacoes ?? ''));
        if (desfecho === 'falhar') return { recusa: erro(reply, 500, 'Erro interno. Tente novamente mais tarde.') };
        if (desfecho === 'recusar') return { recusa: erro(reply, 400, 'Observações com conteúdo não permitido.') };
        if (String(a.observacoes ?? '').includes('limitar'))
          return { recusa: reply.header('retry-after', '2').code(429).send({ status: 429, mensagem: 'Limite de requisições excedido.' }) };
        const erros: { campo: string; mensagem: string }[] = [];
        const existe = (campo: string, lista: readonly { id: number }[], rotulo: string) => {
          if (!lista.some((i) => i.id === Number(a[campo]))) erros.push({ campo, mensagem: `${rotulo} inválido(a).` });
        };
        existe('idCategoria', CATEGORIAS, 'Categoria');
        existe('idTipoAnuncio', TIPOS_ANUNCIO, 'Tipo de anúncio');
        const tipo = TIPOS_ANUNCIO.find((t) => t.id === Number(a.idTipoAnuncio));
        // A new advert takes a slot of its type; an edit keeps the one it has.
        if (novo && tipo && tipo.disponiveis <= 0)
          return { recusa: erro(reply, 422, `Plano sem anúncios disponíveis do tipo ${tipo.nome}.`) };
        existe('idVersao', todasVersoes(marcas), 'Versão');
        existe('idCor', cores, 'Cor');
        existe('idCombustivel', combustiveis, 'Combustível');
        existe('idCambio', cambios, 'Câmbio');
        existe('idPortas', portas, 'Quantidade de portas');
        if (!(Number(a.valor) > 0)) erros.push({ campo: 'valor', mensagem: 'Valor deve ser maior que zero.' });
        if (erros.length) return { recusa: erro(reply, 400, erros.map((e) => e.mensagem).join(' '), erros) };
        return null;
      }

      api.post('/meus-dados/anuncios', PUBLICO, async (req, reply) => {
        const a = (req.body ?? {}) as Record<string, unknown>;
        const recusado = await recusa(req, reply, a, true);
        if (recusado) return recusado.recusa;
        const id = novoId();
        anuncios.set(id, { ...a, id, fotos: [], situacao: 'PUBLICADO' });
        return reply.code(201).send({ idAnuncio: id, url: `https://www.napista.com.br/anuncio/${id}` });
      });
      /**
       * Edit (channels.md §7: PUT carries `idAnuncio`): the advert's data replaced, its photos, reference and situation
       * kept; an advert that is not the dealer's answers 403 as the delete does. `alteracoes` counts the edits (tests).
       */
      api.put('/meus-dados/anuncios', PUBLICO, async (req, reply) => {
        const a = (req.body ?? {}) as Record<string, unknown>;
        const atual = anuncios.get(Number(a.idAnuncio));
        if (!atual) return naoPertence(reply, String(a.idAnuncio ?? ''));
        const recusado = await recusa(req, reply, a, false);
        if (recusado) return recusado.recusa;
        const { idAnuncio: _id, ...dados } = a;
        const mantidos = { id: atual.id, fotos: atual.fotos, situacao: atual.situacao, codigoExterno: atual.codigoExterno };
        anuncios.set(atual.id, { ...dados, ...mantidos, alteracoes: Number(atual.alteracoes ?? 0) + 1 });
        return { idAnuncio: atual.id, url: `https://www.napista.com.br/anuncio/${atual.id}` };
      });
      api.delete<{ Params: { id: string } }>('/meus-dados/anuncios/:id', PUBLICO, async (req, reply) => {
        if (!anuncios.delete(Number(req.params.id))) return naoPertence(reply, req.params.id);
        return reply.code(204).send();
      });
      api.get<{ Params: { id: string } }>('/meus-dados/anuncios/:id/fotos', PUBLICO, async (req, reply) => {
        const a = anuncios.get(Number(req.params.id));
        return a ? a.fotos : naoPertence(reply, req.params.id);
      });
      api.delete<{ Params: { id: string; foto: string } }>('/meus-dados/anuncios/:id/fotos/:foto', PUBLICO, async (req, reply) => {
        const a = anuncios.get(Number(req.params.id));
        if (!a) return naoPertence(reply, req.params.id);
        const i = a.fotos.findIndex((f) => f.id === Number(req.params.foto));
        if (i < 0) return erro(reply, 404, `Foto ${req.params.foto} não encontrada.`);
        a.fotos.splice(i, 1);
        return reply.code(204).send();
      });
      api.post<{ Params: { id: string } }>('/meus-dados/anuncios/:id/fotos', PUBLICO, async (req, reply) => {
        const a = anuncios.get(Number(req.params.id));
        if (!a) return naoPertence(reply, req.params.id);
        const fotos = Array.isArray(req.body) ? (req.body as { url?: unknown; ordem?: unknown; capa?: unknown }[]) : [];
        if (fotos.some((f) => !/^https?:\/\//.test(String(f.url)))) return erro(reply, 400, 'URL de foto inválida.');
        for (const f of fotos) a.fotos.push({ id: ++fotoId, url: String(f.url), ordem: Number(f.ordem), capa: f.capa === true });
        return reply.code(201).send(a.fotos);
      });
    },
    { prefix: '/api-server/v1' },
  );
}
