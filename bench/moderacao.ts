/**
 * Moderation dashboards benchmark (issue 14 "Performance"): each of the five queues with 5,000 entries across 200
 * resellers (each reseller with 6 channels configured, each vehicle with 3 photos, 3 adverts and, for alterados, 2
 * recorded changes). On a server built here (buildApp, listening on loopback), per queue:
 * - the list API over HTTP (session check, the statement, response validation by the serializer, JSON), against
 * - the same statement (the repository's, orphan-deleting CTE and JSON building included) run directly on the same connection,
 * each the median of 10 runs after 2 warm-ups, alternating. Goal: API ≤ 1.5 × SQL.
 * Then the bulk validation of 1,000 checked entries in one request (goal < 2 s).
 * Runs on the embedded PGlite and, with DATABASE_URL, on that PostgreSQL server (a database created and dropped).
 * Alone: `node --import tsx bench/moderacao.ts` (replaces its rows in bench/resultados.md), or within `npm run bench`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FilaModeracao } from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import { bancoPostgres, entrarComoAdmin, type Registrar } from './veiculos.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REVENDAS = 200;
const ENTRADAS = 5000;
const LOTE = 1000;
const RODADAS = 10;
const FILAS: FilaModeracao[] = ['incluidos', 'alterados', 'removidos', 'banners', 'vendidos'];
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** 200 resellers, 5,000 vehicles (25 each) and 5,000 banners and sold items, each queued. All in SQL, in the database. */
async function povoar(db: import('../apps/server/src/db/cliente.ts').Db) {
  await db.execute(sql`
    insert into revendas (perazao_social_nome, penome_fantasia, peemail, plano)
    select 'Bench ' || i, 'Revenda Bench ' || lpad(i::text, 3, '0'), 'bench' || i || '@moderacao.test', 'concessionaria'
    from generate_series(1, ${REVENDAS}) i`);
  await db.execute(sql`
    insert into revenda_integracoes (revenda_id, canal, descricao, status)
    select r.id, c, c, (length(r.penome_fantasia) + length(c)) % 3 <> 0
    from revendas r cross join unnest(array['autoline','autoscar','facebook','olx','webmotors','mobiauto']) c
    where r.penome_fantasia like 'Revenda Bench %'`);
  await db.execute(sql`
    insert into veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
      vefipe_ano_modelo, vevalor, veremovido, vedataremovido, created_at, updated_at)
    select r.id, 'carro', 'Marca ' || (i % 40), 'Modelo ' || (i % 300) || ' 1.0 Flex', 'Modelo ' || (i % 300), '1.0 Flex', 2020, 2021,
      50000 + i, (i % 3 = 0)::int, case when i % 3 = 0 then now() end, now() - i * interval '1 hour', now() - i * interval '1 minute'
    from (select id, row_number() over (order by id) - 1 as n from revendas where penome_fantasia like 'Revenda Bench %') r
    cross join generate_series(1, ${ENTRADAS / REVENDAS}) g(i)`);
  const veiculosBench = sql`(select v.id, v.revenda_id from veiculos v join revendas r on r.id = v.revenda_id where r.penome_fantasia like 'Revenda Bench %')`;
  await db.execute(sql`
    insert into veiculo_imagens (veiculo_id, revenda_id, posicao, file_name, file_url, file_thumb)
    select v.id, v.revenda_id, p, 'foto.jpg', '/arquivos/revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p || '/exibicao.jpg',
      '/arquivos/revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p || '/miniatura.jpg'
    from ${veiculosBench} v cross join generate_series(0, 2) p`);
  await db.execute(sql`
    insert into veiculo_integracoes (veiculo_id, canal, revenda_id, status, id_anuncio)
    select v.id, c, v.revenda_id, c <> 'olx', 'AD-' || left(v.id::text, 8)
    from ${veiculosBench} v cross join unnest(array['autoscar','olx','webmotors']) c`);
  for (const fila of ['incluidos', 'alterados', 'removidos'] as const) {
    await db.execute(sql`
      insert into moderacao (fila, revenda_id, veiculo_id, revenda, created_at)
      select ${fila}, v.revenda_id, v.id, 'Bench', now() - interval '1 day' from ${veiculosBench} v`);
  }
  await db.execute(sql`
    insert into veiculo_alteracoes (veiculo_id, revenda_id, veusuarioalterou, campos)
    select v.id, v.revenda_id, 'Gestor Bench', jsonb_build_object('vecor', jsonb_build_object('antiga', 'Prata', 'nova', c))
    from ${veiculosBench} v cross join unnest(array['Preto', 'Azul']) c`);
  for (const [tabela, campo, fila, chave] of [
    ['banners', 'peblocotextobanners', 'banners', 'banner_id'],
    ['vendidos', 'peblocotextovendidos', 'vendidos', 'vendido_id'],
  ] as const) {
    await db.execute(
      sql.raw(`
      with novos as (
        insert into ${tabela} (revenda_id, imagem, nome_revenda, ${campo})
        select r.id, jsonb_build_array(jsonb_build_object('fileUrl', '/arquivos/x/' || g || '.jpg', 'fileThumb', '/arquivos/x/' || g || '-m.jpg',
          'fileName', 'item' || g || '.jpg')), r.penome_fantasia, 'Oferta de fim de semana ' || g
        from revendas r cross join generate_series(1, ${ENTRADAS / REVENDAS}) g where r.penome_fantasia like 'Revenda Bench %'
        returning id, revenda_id)
      insert into moderacao (fila, revenda_id, ${chave}, revenda) select '${fila}', revenda_id, id, 'Bench' from novos`),
    );
  }
  for (const t of [
    'moderacao',
    'veiculos',
    'veiculo_imagens',
    'veiculo_integracoes',
    'veiculo_alteracoes',
    'revenda_integracoes',
    'banners',
    'vendidos',
  ]) {
    await db.execute(sql.raw(`analyze ${t}`));
  }
}

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const { moderacaoListaRepository } = await import('../apps/server/src/modules/moderacao/moderacao-lista.repository.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-moderacao-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_moderacao') : null;
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1' };
  if (pgBanco) Object.assign(env, { DATABASE_URL: pgBanco.url, SECRET_KEY: 'chave-do-bench-com-mais-de-32-caracteres!!' });
  const aplicacao = await buildApp(lerConfig(env), { logger: false });
  try {
    await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = aplicacao.app.server.address();
    const base = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
    const db = aplicacao.banco.db;
    await povoar(db);
    const { cookie, csrf } = await entrarComoAdmin(base);

    for (const fila of FILAS) {
      const veiculo = fila === 'incluidos' || fila === 'alterados' || fila === 'removidos';
      const url = `${base}/api/moderacao/${veiculo ? 'veiculos' : 'publicacoes'}/${fila}`;
      let corpo = Buffer.alloc(0);
      const api = async () => {
        const t = performance.now();
        corpo = Buffer.from(await (await fetch(url, { headers: { cookie } })).arrayBuffer());
        return performance.now() - t;
      };
      const direto = async () => {
        const t = performance.now();
        if (veiculo) await moderacaoListaRepository.listarVeiculos(db, fila);
        else await moderacaoListaRepository.listarPublicacoes(db, fila);
        return performance.now() - t;
      };
      for (let i = 0; i < 2; i++) {
        await api();
        await direto();
      }
      const tApi: number[] = [];
      const tSql: number[] = [];
      for (let i = 0; i < RODADAS; i++) {
        if (i % 2) {
          tApi.push(await api());
          tSql.push(await direto());
        } else {
          tSql.push(await direto());
          tApi.push(await api());
        }
      }
      const linhas = (JSON.parse(corpo.toString('utf8')) as { data: unknown[] }).data.length;
      if (linhas < ENTRADAS) throw new Error(`${fila}: a lista respondeu ${linhas} linhas, esperado ≥ ${ENTRADAS}`);
      const [a, s] = [mediana(tApi), mediana(tSql)];
      registrar(`moderação ${fila} ${ENTRADAS} entradas / ${REVENDAS} revendas (${rotulo}): API, mediana`, a, 'ms', 2000);
      registrar(`moderação ${fila} (${rotulo}): mesma SQL direto na conexão, mediana`, s, 'ms', 2000);
      registrar(`moderação ${fila} (${rotulo}): razão API / SQL`, a / s, '×', 1.5);
    }

    // Bulk validation: 1,000 checked entries of incluidos in one request (one transaction).
    const lista = (await (await fetch(`${base}/api/moderacao/veiculos/incluidos`, { headers: { cookie } })).json()) as {
      data: { id: string }[];
    };
    const ids = lista.data.slice(0, LOTE).map((l) => l.id);
    const t = performance.now();
    const r = await fetch(`${base}/api/moderacao/incluidos/validar`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    const ms = performance.now() - t;
    const resposta = (await r.json()) as { data: { validados: number } };
    if (resposta.data.validados !== LOTE) throw new Error(`validação em lote: ${JSON.stringify(resposta)}`);
    registrar(`moderação: validar ${LOTE} entradas marcadas numa requisição (${rotulo})`, ms, 'ms', 2000);
  } finally {
    await aplicacao.app.close();
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function medirModeracao(registrar: Registrar) {
  await medirEm(registrar, 'PGlite');
  if (process.env.DATABASE_URL) await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL);
}

// Alone: measure and replace this benchmark's rows in bench/resultados.md.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const linhas: string[] = [];
  let ok = true;
  await medirModeracao((medida, valor, unidade, meta) => {
    const v = Math.round(valor * 100) / 100;
    ok &&= valor <= meta;
    linhas.push(`| ${medida} | ${v} ${unidade} | ≤ ${meta} ${unidade} | ${valor <= meta ? 'ok' : 'FALHOU'} |`);
    console.log(linhas.at(-1));
  });
  const arquivo = path.join(RAIZ, 'bench/resultados.md');
  const atuais = readFileSync(arquivo, 'utf8').trimEnd().split('\n');
  // Its rows go right after the stock list's rows (the table of `npm run bench`), replacing the previous ones.
  const semAs = atuais.filter((l) => !/^\| moderação/.test(l));
  const ultimaVeiculos = semAs.findLastIndex((l) => /^\| lista de veículos/.test(l));
  const pos = ultimaVeiculos >= 0 ? ultimaVeiculos + 1 : semAs.length;
  writeFileSync(arquivo, `${[...semAs.slice(0, pos), ...linhas, ...semAs.slice(pos)].join('\n')}\n`);
  process.exit(ok ? 0 : 1);
}
