/**
 * Dashboard benchmark (issue 25 "Measured"): the dealer dashboard's widgets (figures, three charts and the attention
 * list, GET /api/revendas/:id/dashboard/painel) for a reseller with 2,000 vehicles, and the admin dashboard's
 * additions (GET /api/dashboard/painel) with 5,000 resellers. Each is ONE statement; the API over HTTP (session check,
 * the statement, JSON, compression, transfer, until the last byte) is compared with the repository's call (the same
 * statement and its JSON.parse) on the same connection, medians of 20 runs after 3 warm-ups, alternating.
 * Goal: API ÷ SQL ≤ 1.3 on PostgreSQL (PGlite reported too). PostgreSQL runs when DATABASE_URL is set (a database
 * created and dropped). Alone: `node --import tsx bench/dashboard.ts` replaces its rows in bench/resultados.md.
 * Then, on the same server, Chromium's time from a click on "Dashboard" to the charts drawn (dashboard-navegador.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { medirGraficosNoNavegador } from './dashboard-navegador.ts';
import { apiContraSql, entrarComoAdmin, receber } from './http.ts';
import { registradorDaSecao, substituirSecao } from './secao.ts';
import { bancoPostgres, type Registrar } from './veiculos.ts';

const VEICULOS = 2000;
const REVENDAS = 5000;
const RODADAS = 20;

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const { revendas } = await import('../apps/server/src/db/schema/index.ts');
  const { dashboardRepository } = await import('../apps/server/src/modules/dashboard/dashboard.repository.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-dashboard-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_dashboard') : null;
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1' };
  if (pgBanco) Object.assign(env, { DATABASE_URL: pgBanco.url, SECRET_KEY: 'chave-do-bench-com-mais-de-32-caracteres!!' });
  const aplicacao = await buildApp(lerConfig(env), { logger: false });
  try {
    await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = aplicacao.app.server.address();
    const base = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
    const db = aplicacao.banco.db;
    // 5,000 resellers over the plans; the first one holds the 2,000 vehicles.
    await db.execute(sql`
      insert into revendas (perazao_social_nome, penome_fantasia, peemail, plano)
      select 'Bench ' || i, 'Bench Painel ' || i, 'bench' || i || '@painel.test',
        (array['basico', 'vendedor', 'familiar', 'showroom', 'concessionaria'])[1 + i % 5]
      from generate_series(1, ${REVENDAS}) i`);
    const [revenda] = await db.select({ id: revendas.id }).from(revendas).where(sql`${revendas.penome_fantasia} = 'Bench Painel 1'`);
    const idRevenda = revenda?.id ?? '';
    // Ages up to ~200 days, 1 in 9 sold, 1 in 50 removed; 40 FIPE codes × 3 model years.
    await db.execute(sql`
      insert into veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
        vefipe_codigo, vefipe_ano_modelo, vevalor, vevendido, veremovido, created_at, updated_at)
      select ${idRevenda}, 'carro', 'Marca ' || (i % 40), 'Modelo ' || (i % 300), 'Modelo ' || (i % 300), 'Versão 1.0',
        2020, '9' || lpad((i % 40)::text, 5, '0') || '-1', 2021 + i % 3, 50000 + (i % 97) * 500, (i % 9 = 0)::int,
        (i % 50 = 0)::int, now() - (i % 200) * interval '1 day' - i * interval '1 minute', now()
      from generate_series(1, ${VEICULOS}) i`);
    await db.execute(sql`
      insert into veiculo_imagens (veiculo_id, revenda_id, posicao, imagem, file_name, file_url)
      select v.id, v.revenda_id, 0, 'x', 'foto.jpg', '/x.jpg' from veiculos v
      where v.revenda_id = ${idRevenda} and v.vevalor::int % 1000 <> 0`);
    await db.execute(sql`
      insert into veiculo_integracoes (veiculo_id, revenda_id, canal, status, estado, id_anuncio, desatualizado, tentativa_em)
      select v.id, v.revenda_id, c.canal, true,
        case when c.canal = 'icarros' and v.vevalor::int % 7 = 0 then 'falhou' when v.vevalor::int % 11 = 0 then 'pendente'
          else 'publicado' end,
        v.id || '-' || c.canal, c.canal = 'olx' and v.vevalor::int % 3 = 0, now() - (v.vevalor::int % 48) * interval '1 hour'
      from veiculos v cross join (values ('webmotors'), ('olx'), ('icarros')) c(canal)
      where v.revenda_id = ${idRevenda} and v.vevalor::int % 13 <> 0`);
    await db.execute(sql`
      insert into veiculo_vendas (veiculo_id, revenda_id, vendido_em)
      select id, revenda_id, created_at + interval '20 days' from veiculos where revenda_id = ${idRevenda} and vevendido = 1`);
    // FIPE answers cached for 30 of the 40 codes, two reference months each.
    await db.execute(sql`
      insert into fipe_cache (chave, referencia, resposta)
      select 'bench|' || r || '|' || c || '|' || a, r::text, jsonb_build_object('codeFipe', '9' || lpad(c::text, 5, '0') || '-1',
        'modelYear', a, 'price', 'R$ ' || (48000 + c * 700) || ',00', 'referenceMonth', 'mês ' || r)
      from generate_series(0, 29) c cross join generate_series(2021, 2023) a cross join (values (320), (321)) m(r)`);
    for (const t of ['revendas', 'veiculos', 'veiculo_imagens', 'veiculo_integracoes', 'veiculo_vendas', 'fipe_cache'])
      await db.execute(sql.raw(`analyze ${t}`));

    const { cookie } = await entrarComoAdmin(base);
    const medir = async (nome: string, url: string, direto: () => Promise<unknown>) => {
      const { api, sql: s } = await apiContraSql(
        RODADAS,
        async () => {
          const r = await receber(`${base}${url}`, cookie);
          if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
        },
        direto,
      );
      registrar(`${nome} (${rotulo}): API, mediana`, api, 'ms', 1000);
      registrar(`${nome} (${rotulo}): mesma SQL direto na conexão, mediana`, s, 'ms', 1000);
      // The goal (1.3) is PostgreSQL's. PGlite is one connection: the session's queries queue behind the same
      // connection as the statement, so its ratio is reported against a looser bound.
      registrar(`${nome} (${rotulo}): razão API / SQL`, api / s, '×', rotulo === 'PostgreSQL' ? 1.3 : 2);
    };
    await medir(`painel do gestor ${VEICULOS} veículos`, `/api/revendas/${idRevenda}/dashboard/painel`, () =>
      dashboardRepository.painelRevenda(db, idRevenda),
    );
    await medir(`painel do admin ${REVENDAS} revendas`, '/api/dashboard/painel', () => dashboardRepository.painelAdmin(db));
    await medirGraficosNoNavegador(base, db, idRevenda, rotulo, registrar);
  } finally {
    await aplicacao.app.close();
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function medirDashboard(registrar: Registrar) {
  await medirEm(registrar, 'PGlite');
  if (process.env.DATABASE_URL) await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL);
}

// Alone: measure and write this benchmark's section of bench/resultados.md (replaced if there; the others stay).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { linhas, registrar, ok } = registradorDaSecao();
  const inicio = performance.now();
  await medirDashboard(registrar);
  const TITULO = '## Painéis (`bench/dashboard.ts`): gestor com 2.000 veículos, admin com 5.000 revendas, API × a mesma SQL';
  const secao = [
    TITULO,
    '',
    `Medido em ${new Date().toISOString().slice(0, 16)}Z (${Math.round((performance.now() - inicio) / 1000)} s ao todo; load average ` +
      `${loadavg()[0]?.toFixed(1)} na máquina de 2 núcleos${process.env.DATABASE_URL ? '; PostgreSQL de um cluster descartável' : ''}).`,
    'Cada painel é uma consulta; "SQL" é a chamada do repositório (a consulta e o JSON.parse da sua resposta) na mesma',
    'conexão; "API" é o GET por HTTP até o último byte (sessão, consulta, JSON, compressão). Medianas de 20 rodadas',
    'alternadas. Meta 1,3× no PostgreSQL; no PGlite (uma conexão só: as consultas da sessão esperam a mesma conexão) até 2×.',
    '',
    '| medida | valor | meta | |',
    '|---|---|---|---|',
    ...linhas,
  ];
  substituirSecao(TITULO, secao);
  console.log(linhas.join('\n'));
  process.exit(ok() ? 0 : 1);
}
