import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessoesRepository } from '../src/auth/sessoes.repository.ts';
import { gerarToken, hashToken } from '../src/seguranca/tokens.ts';
import { type Ambiente, criarAmbiente, ouvir } from './ajuda/ambiente.ts';

/**
 * Issue 10 item 11: a property-based run over every JSON route of the OpenAPI document (new routes are covered as
 * they are added), with generated ids, query strings and bodies (NUL, long, emoji, wrong types, unknown keys), as
 * admin, gestor and anonymous. No answer may be a 5xx, and a refused request (4xx) must change no row.
 */
const banco = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const EXECUCOES = 400;
/** Rows a refused request may legitimately write: sign-in failures are counted, sessions are this test's own. */
const TABELAS_LIVRES = new Set(['tentativas_login', 'sessoes', '__drizzle_migrations']);

type Operacao = {
  metodo: string;
  caminho: string;
  params: string[];
  query: string[];
  corpo: { properties?: Record<string, unknown>; type?: string } | null;
};

let amb: Ambiente;
const operacoes: Operacao[] = [];
let impressao = '';

beforeAll(async () => {
  amb = await criarAmbiente();
  await ouvir(amb); // the channel adapters reach the built-in sandboxes over HTTP
  const doc = (await amb.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: Operacao['corpo'] }> } }
      >
    >;
  };
  for (const [caminho, metodos] of Object.entries(doc.paths)) {
    if (!caminho.startsWith('/api/') && !caminho.startsWith('/fipe-manual')) continue;
    if (caminho === '/api/eventos' || caminho.startsWith('/api/docs')) continue; // a stream; the documentation
    for (const [metodo, op] of Object.entries(metodos)) {
      const conteudo = op.requestBody?.content ?? {};
      if (conteudo['multipart/form-data'] && !conteudo['application/json']) continue; // not a JSON route
      const parametros = op.parameters ?? [];
      operacoes.push({
        metodo: metodo.toUpperCase(),
        caminho,
        params: parametros.filter((p) => p.in === 'path').map((p) => p.name),
        query: parametros.filter((p) => p.in === 'query').map((p) => p.name),
        corpo: conteudo['application/json']?.schema ?? (op.requestBody ? {} : null),
      });
    }
  }
  const tabelas = (await amb.banco.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as {
    rows: { tablename: string }[];
  };
  impressao = tabelas.rows
    .map((t) => t.tablename)
    .filter((t) => !TABELAS_LIVRES.has(t))
    .map((t) => `select '${t}' as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from "${t}" x`)
    .join(' union all ');
}, 120_000);
afterAll(() => amb.encerrar());

const estado = async () => {
  const r = (await amb.banco.db.execute(sql.raw(impressao))) as unknown as { rows: { t: string; h: string }[] };
  return Object.fromEntries(r.rows.map((l) => [l.t, l.h]));
};

/** A fresh session for the role (written directly: a generated request may end or block the previous one). */
async function cabecalhosDe(papel: 'admin' | 'gestor' | 'anonimo'): Promise<Record<string, string>> {
  if (papel === 'anonimo') return {};
  const token = gerarToken();
  const csrf = gerarToken(24);
  await sessoesRepository.criar(amb.banco.db, {
    id: hashToken(token),
    usuarioId: papel === 'admin' ? amb.ids.admin : amb.ids.gestorA,
    csrf,
    ip: '127.0.0.1',
    userAgent: null,
    expira: new Date(Date.now() + 3_600_000),
  });
  return { cookie: `intermedio_sessao=${token}`, 'x-csrf-token': csrf };
}

const texto = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constant('a\u0000b'),
  fc.constant('\u0000'),
  fc.integer({ min: 300, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.constant('🚗💨 Ágil çã 漢字'),
  fc.constant(''),
  fc.uuid(),
  fc.constant('loja@autodemo.test'),
  fc.constant('2026-01-01T00:00:00.000Z'),
  fc.constant('/arquivos/../../etc/passwd'),
  fc.constant('http://169.254.169.254/latest/meta-data/'),
);
const valor: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: texto },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(texto, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), texto, { maxKeys: 3 }),
);

/** A body for the schema: a random subset of its fields with values of any type, sometimes an unknown key, or junk. */
const corpoPara = (esquema: Operacao['corpo']): fc.Arbitrary<unknown> => {
  const campos = Object.keys(esquema?.properties ?? {});
  const objeto = fc
    .tuple(fc.subarray(campos), fc.array(valor, { minLength: campos.length, maxLength: campos.length }), fc.boolean(), valor)
    .map(([escolhidos, valores, extra, v]) => ({
      ...Object.fromEntries(escolhidos.map((c) => [c, valores[campos.indexOf(c)]])),
      ...(extra ? { chave_desconhecida: v } : {}),
    }));
  return fc.oneof({ weight: 5, arbitrary: objeto }, valor);
};

const idArb = (a: Ambiente) =>
  fc.oneof(
    fc.constant(a.ids.revendaA),
    fc.constant(a.ids.clienteA),
    fc.uuid(),
    texto.map((t) => encodeURIComponent(t.slice(0, 300))),
  );

describe(`issue 10 item 11: no 5xx and no change on refused input, over every JSON route (${banco})`, () => {
  it('holds for generated requests as admin, gestor and anonymous', { timeout: 240_000 }, async () => {
    expect(operacoes.length).toBeGreaterThan(30);
    const contagem = { total: 0, porClasse: {} as Record<string, number>, recusadas: 0, rotasAlcancadas: new Set<string>() };
    const pedido = fc.integer({ min: 0, max: operacoes.length - 1 }).chain((i) => {
      const op = operacoes[i] as Operacao;
      return fc.record({
        op: fc.constant(op),
        papel: fc.constantFrom('admin' as const, 'gestor' as const, 'anonimo' as const),
        params: fc.array(idArb(amb), { minLength: op.params.length, maxLength: op.params.length }),
        query: fc.array(
          fc.option(
            texto.map((t) => t.slice(0, 500)),
            { nil: undefined },
          ),
          { minLength: op.query.length, maxLength: op.query.length },
        ),
        corpo: op.corpo ? corpoPara(op.corpo) : fc.constant(undefined),
      });
    });
    await fc.assert(
      fc.asyncProperty(pedido, async ({ op, papel, params, query, corpo }) => {
        let url = op.caminho;
        op.params.forEach((p, i) => {
          // Deleting the seeded reseller would end the run's coverage: DELETE gets generated ids only.
          const id = op.metodo === 'DELETE' && params[i] === amb.ids.revendaA ? '00000000-0000-4000-8000-000000000000' : params[i];
          url = url.replace(`{${p}}`, String(id));
        });
        const qs = op.query.flatMap((q, i) => (query[i] === undefined ? [] : [`${q}=${encodeURIComponent(query[i] as string)}`])).join('&');
        const antes = await estado();
        const r = await amb.app.inject({
          method: op.metodo as 'GET',
          url: qs ? `${url}?${qs}` : url,
          headers: { ...(await cabecalhosDe(papel)), ...(corpo !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(corpo !== undefined ? { payload: JSON.stringify(corpo) } : {}),
        });
        contagem.total++;
        const classe = `${Math.floor(r.statusCode / 100)}xx`;
        contagem.porClasse[classe] = (contagem.porClasse[classe] ?? 0) + 1;
        contagem.rotasAlcancadas.add(`${op.metodo} ${op.caminho}`);
        expect(
          r.statusCode,
          `${op.metodo} ${url} como ${papel}: ${r.body.slice(0, 300)} corpo=${JSON.stringify(corpo)?.slice(0, 300)}`,
        ).toBeLessThan(500);
        if (r.statusCode >= 400) {
          contagem.recusadas++;
          expect(await estado(), `${op.metodo} ${url} como ${papel} recusado (${r.statusCode}) mas alterou dados`).toEqual(antes);
        }
      }),
      { numRuns: EXECUCOES, seed: Number(process.env.SEMENTE_PROPRIEDADES ?? Date.now() % 1_000_000), endOnFailure: true },
    );
    console.log(
      `[propriedades ${banco}] ${contagem.total} requisições em ${contagem.rotasAlcancadas.size}/${operacoes.length} operações JSON; ` +
        `por classe ${JSON.stringify(contagem.porClasse)}; recusadas ${contagem.recusadas}, sem 5xx e sem alteração nas recusadas`,
    );
  });
});
