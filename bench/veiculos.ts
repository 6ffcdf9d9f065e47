/**
 * Stock list benchmark (issue 8 "Performance", issue 18 pattern): a reseller with 2,000 vehicles of 10 photos each
 * and adverts on 3 channels each (the rows' badges, issue 24).
 * On a server built here (buildApp, listening on loopback), compares
 * - the list API, GET /api/revendas/:idRevenda/veiculos over HTTP as a browser asks for it (brotli and gzip accepted),
 *   until its last byte (session check, the list's statement, compression, transfer), with
 * - the same statement (the repository's: the database builds the list's JSON) run directly on the same connection,
 * each the median of 20 runs after 3 warm-ups, alternating. Goal: API ≤ 1.5 × SQL. Also reports the answer's size.
 * Runs on the embedded PGlite and, when DATABASE_URL is set, on that PostgreSQL server (a database created and dropped).
 * Run alone with `node --import tsx bench/veiculos.ts` (updates its rows in bench/resultados.md) or within `npm run bench`.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { apiContraSql, descomprimir, entrarComoAdmin, type Recebida, receber } from './http.ts';
import { registradorDaSecao } from './secao.ts';

// bench/moderacao.ts signs in through here.
export { entrarComoAdmin };

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The rows of a raw statement (drizzle's `execute` answers each driver's own result type). */
export const linhas = async <T>(consulta: Promise<unknown>) => ((await consulta) as { rows: T[] }).rows;

export type Registrar = (medida: string, valor: number, unidade: string, meta: number) => void;
const VEICULOS = 2000;
const FOTOS = 10;
const RODADAS = 20;

/** A database created on that server for one benchmark (dropped by `descartar`). */
export async function bancoPostgres(base: string, prefixo = 'bench_veiculos') {
  const nome = `${prefixo}_${process.pid}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${nome}`);
  await c.end();
  const url = new URL(base);
  url.pathname = `/${nome}`;
  return {
    url: url.toString(),
    async descartar() {
      const d = new pg.Client({ connectionString: base });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await d.end();
    },
  };
}

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const { revendas } = await import('../apps/server/src/db/schema/index.ts');
  const { veiculosListaRepository } = await import('../apps/server/src/modules/veiculos/veiculos-lista.repository.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-veiculos-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl) : null;
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1' };
  if (pgBanco) Object.assign(env, { DATABASE_URL: pgBanco.url, SECRET_KEY: 'chave-do-bench-com-mais-de-32-caracteres!!' });
  const aplicacao = await buildApp(lerConfig(env), { logger: false });
  try {
    await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = aplicacao.app.server.address();
    const base = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
    const db = aplicacao.banco.db;
    const [revenda] = await db
      .insert(revendas)
      .values({ perazao_social_nome: 'Bench', penome_fantasia: 'Bench Veículos', peemail: 'bench@veiculos.test', plano: 'concessionaria' })
      .returning({ id: revendas.id });
    const idRevenda = revenda?.id ?? '';
    await db.execute(sql`
      insert into veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
        vefipe_ano_modelo, vevalor, veiplaca, vecor, vecodigo_interno, vevendido, created_at, updated_at)
      select ${idRevenda}, 'carro', 'Marca ' || (i % 40), 'Modelo ' || (i % 300) || ' Versão 1.0 Flex', 'Modelo ' || (i % 300),
        'Versão 1.0 Flex', 2020, 2021, 50000 + i, 'ABC' || lpad(i::text, 4, '0'), 'Prata', 'BV-' || i, (i % 9 = 0)::int,
        now() - i * interval '1 hour', now() - i * interval '1 minute'
      from generate_series(1, ${VEICULOS}) i`);
    await db.execute(sql`
      insert into veiculo_imagens (veiculo_id, revenda_id, posicao, imagem, file_name, file_url, file_thumb, file_original)
      select v.id, v.revenda_id, p, 'revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p, 'foto' || p || '.jpg',
        '/arquivos/revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p || '/exibicao.jpg',
        '/arquivos/revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p || '/miniatura.jpg',
        '/arquivos/revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p || '/original.jpg'
      from veiculos v cross join generate_series(0, ${FOTOS - 1}) p where v.revenda_id = ${idRevenda}`);
    // Adverts on 3 channels per vehicle (the list's badges, issue 24): published, some with old data or failed.
    await db.execute(sql`
      insert into veiculo_integracoes (veiculo_id, revenda_id, canal, status, estado, id_anuncio, desatualizado)
      select v.id, v.revenda_id, c.canal, c.canal <> 'icarros' or v.vecodigo_interno like '%7', case when c.canal = 'icarros'
        and v.vecodigo_interno not like '%7' then 'falhou' else 'publicado' end, v.vecodigo_interno || '-' || c.canal,
        c.canal = 'olx' and v.vecodigo_interno like '%3'
      from veiculos v cross join (values ('webmotors'), ('olx'), ('icarros')) c(canal) where v.revenda_id = ${idRevenda}`);
    await db.execute(sql`analyze veiculo_integracoes`);
    await db.execute(sql`analyze veiculos`);
    await db.execute(sql`analyze veiculo_imagens`);

    // The bench reseller has no gestor: the admin reads it (same route, same rule check).
    const { cookie } = await entrarComoAdmin(base);
    const url = `${base}/api/revendas/${idRevenda}/veiculos`;
    let resposta: Recebida = { status: 0, bytes: Buffer.alloc(0), codificacao: '' };
    const { api: a, sql: s } = await apiContraSql(
      RODADAS,
      async () => {
        resposta = await receber(url, cookie);
      },
      () => veiculosListaRepository.listar(db, idRevenda),
    );
    const corpo = descomprimir(resposta);
    const linhas = (JSON.parse(corpo.toString('utf8')) as { data: unknown[] }).data.length;
    if (linhas !== VEICULOS) throw new Error(`a lista respondeu ${linhas} linhas, esperado ${VEICULOS}`);
    registrar(`lista de veículos ${VEICULOS}×${FOTOS} fotos (${rotulo}): API, mediana`, a, 'ms', 1000);
    registrar(`lista de veículos ${VEICULOS}×${FOTOS} fotos (${rotulo}): mesma SQL direto na conexão, mediana`, s, 'ms', 1000);
    registrar(`lista de veículos (${rotulo}): razão API / SQL`, a / s, '×', 1.5);
    registrar(`lista de veículos (${rotulo}): tamanho da resposta sem compressão`, corpo.length / 1024, 'KiB', 2048);
    registrar(
      `lista de veículos (${rotulo}): tamanho da resposta com ${resposta.codificacao || 'nada'} (como enviada)`,
      resposta.bytes.length / 1024,
      'KiB',
      256,
    );
  } finally {
    await aplicacao.app.close();
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function medirVeiculos(registrar: Registrar) {
  await medirEm(registrar, 'PGlite');
  if (process.env.DATABASE_URL) await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL);
}

// Alone: measure and replace this benchmark's rows in bench/resultados.md.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { linhas, registrar, ok } = registradorDaSecao();
  await medirVeiculos(registrar);
  const arquivo = path.join(RAIZ, 'bench/resultados.md');
  const atuais = readFileSync(arquivo, 'utf8').trimEnd().split('\n');
  const daqui = (l: string) => /^\| lista de veículos/.test(l);
  writeFileSync(arquivo, `${[...atuais.filter((l) => !daqui(l)), ...linhas].join('\n')}\n`);
  console.log(linhas.join('\n'));
  process.exit(ok() ? 0 : 1);
}
