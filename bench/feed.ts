/**
 * Site feed benchmark (issue 27 "Measured"): GET /feed/{slug}.json of a reseller with 2,000 site vehicles (3 photos
 * and 6 optionals each, 1 in 9 sold within 30 days), over HTTP until the last byte with `Accept-Encoding: br`:
 * - cold: a new slug each round (written straight to the row), so the feed is read and built again;
 * - from cache: the same address again (the limiter's count, then the kept compressed body);
 * and the bytes sent raw, gzip and brotli (as the server compresses). Medians of 10 cold / 30 cached rounds after
 * 2 warm-ups. PostgreSQL runs when DATABASE_URL is set (a database created and dropped).
 * Alone: `node --import tsx bench/feed.ts` replaces its section of bench/resultados.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { registradorDaSecao, substituirSecao } from './secao.ts';
import { bancoPostgres, linhas, type Registrar } from './veiculos.ts';

const VEICULOS = 2000;
const FRIAS = 10;
const QUENTES = 30;

function baixar(url: string, codificacao: string): Promise<{ status: number; bytes: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((ok, erro) => {
    httpGet(url, { headers: { 'accept-encoding': codificacao } }, (res) => {
      let bytes = 0;
      res.on('data', (p: Buffer) => {
        bytes += p.length;
      });
      res.on('end', () => ok({ status: res.statusCode ?? 0, bytes, ms: performance.now() - t0 }));
    }).on('error', erro);
  });
}
const mediana = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-feed-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_feed') : null;
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', FEED_LIMITE_POR_MINUTO: '100000' };
  if (pgBanco) Object.assign(env, { DATABASE_URL: pgBanco.url, SECRET_KEY: 'chave-do-bench-com-mais-de-32-caracteres!!' });
  const aplicacao = await buildApp(lerConfig(env), { logger: false });
  try {
    await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = aplicacao.app.server.address();
    const base = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
    const db = aplicacao.banco.db;
    const [r] = await linhas<{ id: string }>(
      db.execute(sql`
      insert into revendas (perazao_social_nome, penome_fantasia, peemail, plano, peblocotexto, peblocotextovendidos, feed_ativo)
      values ('Bench Feed', 'Bench Feed Veículos', 'feed@bench.test', 'concessionaria', 'Financiamos em até 60x. Aceitamos troca.',
        'Mais um cliente satisfeito!', true) returning id`),
    );
    const idRevenda = r?.id ?? '';
    await db.execute(sql`
      insert into veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
        vefipe_ano_modelo, vevalor, vequilometragem, vecor, vecambio, veportas, veobservacao, vevendido, opcionais, updated_at)
      select ${idRevenda}, 'carro', 'Marca ' || (i % 40), 'Modelo ' || (i % 300), 'Modelo ' || (i % 300), 'Versão 1.0 Flex',
        2019 + i % 5, 2020 + i % 5, 50000 + (i % 97) * 500, (i * 37 % 150000)::text, 'Prata', 'manual', 4,
        'Único dono, revisado na concessionária.', (i % 9 = 0)::int,
        (select jsonb_agg(jsonb_build_object('id', gen_random_uuid(), 'descricao', 'Opcional ' || o, 'ordenacao', o))
           from generate_series(1, 6) o),
        now() - i * interval '1 minute'
      from generate_series(1, ${VEICULOS}) i`);
    await db.execute(sql`
      insert into veiculo_imagens (veiculo_id, revenda_id, posicao, imagem, file_name, file_url, file_thumb, file_original)
      select v.id, v.revenda_id, p, 'x', 'foto.jpg',
        '/arquivos/revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p || '/exibicao.jpg',
        '/arquivos/revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p || '/miniatura.jpg',
        '/arquivos/revendas/' || v.revenda_id || '/veiculo/' || v.id || '-' || p || '/original.jpg'
      from veiculos v cross join generate_series(0, 2) p where v.revenda_id = ${idRevenda}`);
    await db.execute(sql`
      insert into veiculo_vendas (veiculo_id, revenda_id, vendido_em)
      select id, revenda_id, now() - (vevalor::int % 40) * interval '1 day' from veiculos where revenda_id = ${idRevenda} and vevendido = 1`);
    for (const t of ['revendas', 'veiculos', 'veiculo_imagens', 'veiculo_vendas']) await db.execute(sql.raw(`analyze ${t}`));

    const novoSlug = async () => {
      const slug = randomBytes(18).toString('base64url');
      await db.execute(sql`update revendas set feed_slug = ${slug} where id = ${idRevenda}`);
      return `${base}/feed/${slug}.json`;
    };
    const url = await novoSlug();
    const primeira = await baixar(url, 'identity');
    if (primeira.status !== 200) throw new Error(`feed: ${primeira.status}`);
    const frias: number[] = [];
    for (let i = 0; i < FRIAS + 2; i++) {
      const u = await novoSlug();
      const b = await baixar(u, 'br');
      if (b.status !== 200) throw new Error(`feed: ${b.status}`);
      if (i >= 2) frias.push(b.ms);
    }
    const fixa = await novoSlug();
    await baixar(fixa, 'br');
    const quentes: number[] = [];
    for (let i = 0; i < QUENTES + 2; i++) {
      const b = await baixar(fixa, 'br');
      if (i >= 2) quentes.push(b.ms);
    }
    const gzip = await baixar(fixa, 'gzip');
    const br = await baixar(fixa, 'br');
    const n = `feed ${VEICULOS} veículos (${rotulo})`;
    // Cold: read, build (JSON + JSON-LD + XML), hash and compress 2,000 vehicles; a site's server fetches it rarely.
    registrar(`${n}: frio, mediana`, mediana(frias), 'ms', rotulo === 'PostgreSQL' ? 1500 : 2500);
    // From cache: the limiter's one transaction plus the kept bytes; what every request costs.
    registrar(`${n}: da cache, mediana`, mediana(quentes), 'ms', 50);
    registrar(`${n}: JSON sem compressão`, primeira.bytes / 1024, 'KiB', 8000);
    registrar(`${n}: gzip`, gzip.bytes / 1024, 'KiB', 800);
    registrar(`${n}: brotli`, br.bytes / 1024, 'KiB', 600);
  } finally {
    await aplicacao.app.close();
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function medirFeed(registrar: Registrar) {
  await medirEm(registrar, 'PGlite');
  if (process.env.DATABASE_URL) await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL);
}

// Alone: measure and write this benchmark's section of bench/resultados.md (replaced if there; the others stay).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { linhas, registrar, ok } = registradorDaSecao();
  const inicio = performance.now();
  await medirFeed(registrar);
  const TITULO = '## Feed do site (`bench/feed.ts`): revenda com 2.000 veículos, frio e da cache, bytes comprimidos';
  const secao = [
    TITULO,
    '',
    `Medido em ${new Date().toISOString().slice(0, 16)}Z (${Math.round((performance.now() - inicio) / 1000)} s ao todo; load average ` +
      `${loadavg()[0]?.toFixed(1)} na máquina de 2 núcleos${process.env.DATABASE_URL ? '; PostgreSQL de um cluster descartável' : ''}).`,
    'GET /feed/{endereço}.json por HTTP até o último byte, com brotli. "Frio": endereço novo a cada rodada (leitura,',
    'montagem do JSON, JSON-LD e XML, hash e compressão); "da cache": o mesmo endereço de novo (a contagem do limite, uma',
    'transação, e os bytes guardados). Medianas de 10 e 30 rodadas. Metas: da cache ≤ 50 ms (cada requisição de um site',
    'paga isto); frio ≤ 1,5 s no PostgreSQL e 2,5 s no PGlite (raro: só depois de uma alteração da revenda, e o site',
    'revalida com ETag); brotli ≤ 600 KiB (≈ 1 s num 4G de 5 Mbit/s); sem compressão ≤ 8 MiB (só um cliente sem gzip o recebe).',
    '',
    '| medida | valor | meta | |',
    '|---|---|---|---|',
    ...linhas,
  ];
  substituirSecao(TITULO, secao);
  console.log(linhas.join('\n'));
  process.exit(ok() ? 0 : 1);
}
