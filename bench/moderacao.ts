/**
 * Moderation dashboards benchmark (issue 14 "Performance"): each of the five queues with 5,000 entries across 200
 * resellers (each reseller with 6 channels configured, each vehicle with 3 photos, 3 adverts and, for alterados, 2
 * recorded changes). On a server built here (buildApp, listening on loopback), per queue:
 * - the list API over HTTP as a browser asks for it (brotli and gzip accepted), until its last byte (session check, the
 *   statement, the envelope, compression, transfer; bench/http.ts `receber`, as the stock list's benchmark), against
 * - the same statement (the repository's, orphan-deleting CTE and JSON building included) run directly on the same connection,
 * each the median of 10 runs after 3 warm-ups, alternating. Goal: API ≤ 1.5 × SQL. (It used to time Node's `fetch`,
 * whose own gunzip of the 2.8 MB banner list and copy into an ArrayBuffer were a third of the "API" time of the
 * small-statement queues: the 1.57–1.64× of banners and vendidos; the server adds no query, no per-row work and no
 * serializer pass — the database builds the JSON, sent as text.)
 * Then the bulk validation of 1,000 checked entries in one request (goal < 2 s).
 * Runs on the embedded PGlite and, with DATABASE_URL, on that PostgreSQL server (a database created and dropped).
 * The screens (PGlite, the production build served by the server, Debian's chromium headless at 1366×768): each
 * dashboard opened by its address with the app already cached, timed until it is usable — the count in the panel's
 * heading, the first rows drawn, scrolled to the last entry and drawn there, a checkbox clicked and checked (goal
 * < 1.5 s). Then a burst of live events on the open incluidos screen (another admin validates 100 entries and 20
 * resellers change their channel settings, touching 500 more entries, in one transaction): the requests it costs
 * (goal: no download of the whole queue, one request for the touched rows) and the time until the screen shows it.
 * Alone: `node --import tsx bench/moderacao.ts` (builds the SPA, replaces its rows in bench/resultados.md), or within
 * `npm run bench` (after the first-load benchmark has built it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FilaModeracao } from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { apiContraSql, descomprimir, type Recebida, receber } from './http.ts';
import { bancoPostgres, entrarComoAdmin, type Registrar } from './veiculos.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REVENDAS = 200;
const ENTRADAS = 5000;
const LOTE = 1000;
const RODADAS = 10;
const FILAS: FilaModeracao[] = ['incluidos', 'alterados', 'removidos', 'banners', 'vendidos'];
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const DIST = path.join(RAIZ, 'apps/web/dist');
const TELAS: { fila: FilaModeracao; painel: string }[] = [
  { fila: 'incluidos', painel: 'Lista de veículos incluídos' },
  { fila: 'alterados', painel: 'Lista de veículos alterados' },
  { fila: 'removidos', painel: 'Lista de veículos removidos' },
  { fila: 'banners', painel: 'Lista de banners' },
  { fila: 'vendidos', painel: 'Lista de vendidos' },
];
const numero = (texto: string) => Number(/ - ([\d.]+) /.exec(texto)?.[1]?.replaceAll('.', '') ?? Number.NaN);

/** 200 resellers, 5,000 vehicles (25 each) and 5,000 banners and sold items, each queued. All in SQL, in the database. */
export async function povoar(db: import('../apps/server/src/db/cliente.ts').Db) {
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

/**
 * Opens one dashboard by its address and answers the ms until it is usable: the panel's count, the first row, the last
 * row after scrolling to the end, a checkbox checked. `linhas` is the queue's size (the heading must say it).
 */
export async function medirTela(page: Page, base: string, painel: string, fila: FilaModeracao, linhas: number) {
  const t0 = performance.now();
  const marcas: string[] = [];
  const marcar = (o: string) => marcas.push(`${o} ${Math.round(performance.now() - t0)}`);
  await page.goto(`${base}/dashboard/${fila}`);
  marcar('load');
  const titulo = page.getByRole('heading', { name: new RegExp(`^${painel} - [\\d.]+ `) });
  await titulo.waitFor({ timeout: 30_000 });
  marcar('contagem');
  const n = numero((await titulo.textContent()) ?? '');
  if (n !== linhas) throw new Error(`${fila}: o painel diz ${n}, esperado ${linhas}`);
  const regiao = page.getByRole('region', { name: painel, exact: true });
  await regiao.locator('tr[aria-rowindex="2"]').waitFor();
  marcar('1ª linha');
  await regiao.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const ultima = regiao.locator(`tr[aria-rowindex="${linhas + 1}"]`);
  await ultima.waitFor();
  marcar('última');
  const caixa = ultima.getByRole('checkbox');
  await caixa.click();
  await page.waitForFunction((el) => (el as HTMLInputElement | null)?.checked === true, await caixa.elementHandle());
  marcar('marcada');
  if (process.env.BENCH_DETALHE) console.log(`  ${fila}: ${marcas.join(', ')}`);
  return performance.now() - t0;
}

/** The five screens and a burst of live events, in headless chromium against this server (its SPA build). */
export async function medirTelas(registrar: Registrar, base: string, cookie: string, db: import('../apps/server/src/db/cliente.ts').Db) {
  const navegador = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const ctx = await navegador.newContext({ serviceWorkers: 'block', viewport: { width: 1366, height: 768 } });
    await ctx.addCookies([{ name: 'intermedio_sessao', value: cookie.split('=')[1] ?? '', url: base }]);
    const page = await ctx.newPage();
    // The app once, so each screen is timed as an admin opens it on a working day (scripts in the HTTP cache).
    await page.goto(`${base}/home`);
    await page.getByRole('button', { name: 'Sair' }).first().waitFor({ timeout: 60_000 });
    const tamanhos = new Map<FilaModeracao, number>();
    for (const { fila } of TELAS) {
      const veiculo = fila === 'incluidos' || fila === 'alterados' || fila === 'removidos';
      const r = await fetch(`${base}/api/moderacao/${veiculo ? 'veiculos' : 'publicacoes'}/${fila}`, { headers: { cookie } });
      tamanhos.set(fila, ((await r.json()) as { data: unknown[] }).data.length);
    }
    for (const { fila, painel } of TELAS) {
      const linhas = tamanhos.get(fila) ?? 0;
      await medirTela(page, base, painel, fila, linhas); // warm-up (the screen's own chunk, the list's statement)
      const tempos: number[] = [];
      for (let i = 0; i < 3; i++) tempos.push(await medirTela(page, base, painel, fila, linhas));
      registrar(
        `moderação ${fila}: tela utilizável no chromium (${linhas} entradas; contagem, rolagem até a última, marcar), mediana de 3`,
        mediana(tempos),
        'ms',
        1500,
      );
    }

    // A burst on the open incluidos screen: 100 entries validated elsewhere, 20 resellers' settings changed (500 entries).
    const painel = 'Lista de veículos incluídos';
    const antes = tamanhos.get('incluidos') ?? 0;
    await medirTela(page, base, painel, 'incluidos', antes);
    const pedidos: string[] = [];
    let ultimaResposta = 0;
    page.on('request', (r) => {
      const u = new URL(r.url()).pathname;
      if (u.startsWith('/api/moderacao/veiculos/incluidos')) pedidos.push(`${r.method()} ${u}`);
    });
    page.on('requestfinished', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/moderacao/veiculos/incluidos')) ultimaResposta = performance.now();
    });
    await page.waitForTimeout(500);
    pedidos.length = 0;
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        delete from moderacao where id in (
          select m.id from moderacao m join revendas r on r.id = m.revenda_id
          where m.fila = 'incluidos' and r.penome_fantasia like 'Revenda Bench %' order by m.id limit 100)`);
      await tx.execute(sql`
        update revenda_integracoes set status = not status where revenda_id in (
          select id from revendas where penome_fantasia like 'Revenda Bench %' order by penome_fantasia desc limit 20)`);
    });
    await page.getByRole('heading', { name: `${painel} - ${(antes - 100).toLocaleString('pt-BR')} veículos` }).waitFor({ timeout: 30_000 });
    const mostrada = performance.now();
    // The touched rows come in a request of their own: wait until no request has started for a while, then count.
    let vistos = -1;
    while (vistos !== pedidos.length) {
      vistos = pedidos.length;
      await page.waitForTimeout(400);
    }
    // Until the count changed on screen and the last answer arrived (its rows are drawn in the same task).
    const ms = Math.max(mostrada, ultimaResposta) - t0;
    const inteiras = pedidos.filter((p) => p === 'GET /api/moderacao/veiculos/incluidos').length;
    const lotes = pedidos.filter((p) => p.endsWith('/linhas')).length;
    if (process.env.BENCH_DETALHE) console.log(pedidos);
    registrar(
      'moderação: rajada ao vivo (100 validadas por outro admin + 20 revendas, 600 entradas): downloads da fila inteira',
      inteiras,
      'pedidos',
      0,
    );
    registrar('moderação: a mesma rajada: pedidos de linhas (as 500 entradas tocadas)', lotes, 'pedidos', 1);
    registrar('moderação: a mesma rajada: da gravação até a tela mostrá-la (contagem e linhas tocadas)', ms, 'ms', 1500);
    await ctx.close();
  } finally {
    await navegador.close();
  }
}

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string, tela = false) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const { moderacaoListaRepository } = await import('../apps/server/src/modules/moderacao/moderacao-lista.repository.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-moderacao-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_moderacao') : null;
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1', WEB_DIST: DIST };
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
      let resposta: Recebida = { status: 0, bytes: Buffer.alloc(0), codificacao: '' };
      const { api: a, sql: s } = await apiContraSql(
        RODADAS,
        async () => {
          resposta = await receber(url, cookie);
        },
        () => (veiculo ? moderacaoListaRepository.listarVeiculos(db, fila) : moderacaoListaRepository.listarPublicacoes(db, fila)),
      );
      const linhas = (JSON.parse(descomprimir(resposta).toString('utf8')) as { data: unknown[] }).data.length;
      if (linhas < ENTRADAS) throw new Error(`${fila}: a lista respondeu ${linhas} linhas, esperado ≥ ${ENTRADAS}`);
      registrar(`moderação ${fila} ${ENTRADAS} entradas / ${REVENDAS} revendas (${rotulo}): API, mediana`, a, 'ms', 2000);
      registrar(`moderação ${fila} (${rotulo}): mesma SQL direto na conexão, mediana`, s, 'ms', 2000);
      registrar(`moderação ${fila} (${rotulo}): razão API / SQL`, a / s, '×', 1.5);
    }

    if (tela) await medirTelas(registrar, base, cookie, db);

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

/** `construir`: build the SPA first (alone); within `npm run bench` the first-load benchmark has just built it. */
export async function medirModeracao(registrar: Registrar, op: { construir?: boolean } = {}) {
  if (op.construir) execFileSync('npm', ['run', '-s', 'build', '-w', '@intermedio/web'], { cwd: RAIZ, stdio: 'ignore' });
  await medirEm(registrar, 'PGlite', undefined, true);
  if (process.env.DATABASE_URL) await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL);
}

// Alone: measure and replace this benchmark's rows in bench/resultados.md.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const linhas: string[] = [];
  let ok = true;
  await medirModeracao(
    (medida, valor, unidade, meta) => {
      const v = Math.round(valor * 100) / 100;
      ok &&= valor <= meta;
      linhas.push(`| ${medida} | ${v} ${unidade} | ≤ ${meta} ${unidade} | ${valor <= meta ? 'ok' : 'FALHOU'} |`);
      console.log(linhas.at(-1));
    },
    { construir: !process.env.BENCH_SEM_BUILD },
  );
  const arquivo = path.join(RAIZ, 'bench/resultados.md');
  const atuais = readFileSync(arquivo, 'utf8').trimEnd().split('\n');
  // Its rows go right after the stock list's rows (the table of `npm run bench`), replacing the previous ones.
  const semAs = atuais.filter((l) => !/^\| moderação/.test(l));
  const ultimaVeiculos = semAs.findLastIndex((l) => /^\| lista de veículos/.test(l));
  const pos = ultimaVeiculos >= 0 ? ultimaVeiculos + 1 : semAs.length;
  writeFileSync(arquivo, `${[...semAs.slice(0, pos), ...linhas, ...semAs.slice(pos)].join('\n')}\n`);
  process.exit(ok ? 0 : 1);
}
