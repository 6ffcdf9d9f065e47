/**
 * Stock import benchmark (issue 27 "Measured"): a dealer's feed served by a local server on 127.0.0.1 (allowed by the
 * test-only IMPORTACAO_PERMITIR_LOOPBACK), read by URL, previewed, confirmed, and the job (pg-boss, as in production)
 * run until the import is concluded:
 * - 2,000 rows without photos; 200 rows with 5 photos each (80×60 JPEGs through the image pipeline);
 * - rows per second of the job (confirm → concluída), and of the whole path (URL → preview → confirm → concluída);
 * - the job against the same vehicles written directly in SQL (one transaction per row: the vehicle, its moderation
 *   entry and, with photos, the photo rows after fetching the same files): the product's overhead as a ratio;
 * - peak resident memory growth of the server's process during the import (goal ≤ 300 MB).
 * PostgreSQL runs too when DATABASE_URL is set (a database created and dropped).
 * Alone: `node --import tsx bench/importacao.ts` replaces its section of bench/resultados.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { chamar, entrar } from './http.ts';
import { registradorDaSecao, substituirSecao } from './secao.ts';
import { bancoPostgres, linhas, type Registrar } from './veiculos.ts';

const MB = 1024 * 1024;

/** A plate of the Mercosul shape (ABC1D23), unique per prefix letter and index (< 6,760). */
const placa = (prefixo: string, i: number) =>
  `${prefixo}${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${Math.floor(i / 676) % 10}A00`;

function feed(origem: string, prefixo: string, n: number, fotos: number) {
  const carros: string[] = [];
  for (let i = 0; i < n; i++) {
    const urls = Array.from({ length: fotos }, (_, f) => `<foto>${origem}/fotos/${prefixo}${i}-${f}.jpg</foto>`).join('');
    carros.push(
      `<veiculo><codigo>${prefixo}-${i}</codigo><marca>Fiat</marca><modelo>Argo</modelo><versao>Drive 1.0</versao>` +
        `<anofabricacao>2022</anofabricacao><anomodelo>2023</anomodelo><km>${1000 + i}</km><preco>${50000 + i}</preco>` +
        `<cor>Prata</cor><combustivel>Flex</combustivel><cambio>Manual</cambio><portas>4</portas><carroceria>Hatch</carroceria>` +
        `<placa>${placa(prefixo, i)}</placa><opcionais>Ar-condicionado;Direção hidráulica</opcionais><fotos>${urls}</fotos></veiculo>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?><estoque>${carros.join('')}</estoque>`;
}

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-importacao-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_importacao') : null;
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1', IMPORTACAO_PERMITIR_LOOPBACK: '1' };
  if (pgBanco) Object.assign(env, { DATABASE_URL: pgBanco.url, SECRET_KEY: 'chave-do-bench-com-mais-de-32-caracteres!!' });
  const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  const feeds = new Map<string, string>();
  const servidor = createServer((req, res) => {
    const f = feeds.get(req.url ?? '');
    if (f) res.writeHead(200, { 'content-type': 'application/xml' }).end(f);
    else if (req.url?.startsWith('/fotos/')) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const origem = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  const aplicacao = await buildApp(lerConfig(env), { logger: false });
  try {
    await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(aplicacao.app.server.address() as AddressInfo).port}`;
    const db = aplicacao.banco.db;
    const s = await entrar(base, 'gestor@autodemo.test');
    const [rev] = await linhas<{ id: string }>(db.execute(sql`select id from revendas where penome_fantasia = 'Auto Demo Veículos'`));
    const idRevenda = rev?.id ?? '';
    const api = `/api/revendas/${idRevenda}/importacoes`;

    const rodada = async (prefixo: string, n: number, fotos: number) => {
      feeds.set(`/${prefixo}.xml`, feed(origem, prefixo, n, fotos));
      global.gc?.();
      const rssAntes = process.memoryUsage().rss;
      let pico = rssAntes;
      const amostra = setInterval(() => {
        pico = Math.max(pico, process.memoryUsage().rss);
      }, 50);
      const t0 = performance.now();
      const imp = await chamar<{ id: string; mapeamento: object }>(base, s, 'POST', `${api}/url`, { url: `${origem}/${prefixo}.xml` });
      const previa = await chamar<{ resumo: { criar: number } }>(base, s, 'POST', `${api}/${imp.id}/previa`, {
        mapeamento: imp.mapeamento,
      });
      if (previa.resumo.criar !== n) throw new Error(`prévia: ${JSON.stringify(previa.resumo)}`);
      const t1 = performance.now();
      await chamar(base, s, 'POST', `${api}/${imp.id}/confirmar`, { mapeamento: imp.mapeamento });
      for (;;) {
        const i = await chamar<{ estado: string; progresso: { criados: number; fotos_falhas: number } }>(
          base,
          s,
          'GET',
          `${api}/${imp.id}`,
        );
        if (i.estado === 'concluida') {
          if (i.progresso.criados !== n || i.progresso.fotos_falhas) throw new Error(`importação: ${JSON.stringify(i.progresso)}`);
          break;
        }
        await new Promise((ok) => setTimeout(ok, 200));
      }
      const t2 = performance.now();
      clearInterval(amostra);
      return { job: (t2 - t1) / 1000, total: (t2 - t0) / 1000, rss: (pico - rssAntes) / MB };
    };

    /** The same vehicles written directly: one transaction per row (vehicle + moderation entry + photo rows). */
    const direto = async (prefixo: string, n: number, fotos: number) => {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        for (let f = 0; f < fotos; f++) await (await fetch(`${origem}/fotos/${prefixo}${i}-${f}.jpg`)).arrayBuffer();
        await db.transaction(async (tx) => {
          const [v] = await linhas<{ id: string }>(
            tx.execute(sql`
            insert into veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
              vefipe_ano_modelo, vevalor, vequilometragem, vecor, vecambio, veportas, vecarroceria, veiplaca, vecodigo_interno, opcionais)
            values (${idRevenda}, 'carro', 'Fiat', 'Argo Drive 1.0 6V Flex 5p Mec.', 'Argo', 'Drive 1.0 6V Flex 5p Mec.', 2022, 2023,
              ${50000 + i}, ${String(1000 + i)}, 'Prata', 'M', 4, 'Hatch', ${placa(prefixo, i)}, ${`${prefixo}-${i}`}, '[]')
            returning id`),
          );
          await tx.execute(sql`insert into moderacao (fila, revenda_id, veiculo_id, revenda, dados)
            values ('incluidos', ${idRevenda}, ${v?.id ?? null}, 'Auto Demo Veículos', '{}')`);
          for (let f = 0; f < fotos; f++)
            await tx.execute(sql`insert into veiculo_imagens (veiculo_id, revenda_id, posicao, imagem, file_name, file_url, file_thumb, file_original)
              values (${v?.id ?? null}, ${idRevenda}, ${f}, 'x', 'f.jpg', '/a.jpg', '/b.jpg', '/c.jpg')`);
        });
      }
      return (performance.now() - t0) / 1000;
    };

    for (const [prefixo, diretoPrefixo, n, fotos] of [
      ['B', 'D', 2000, 0],
      ['C', 'E', 200, 5],
    ] as const) {
      const r = await rodada(prefixo, n, fotos);
      const d = await direto(diretoPrefixo, n, fotos);
      const nome = `importação ${n} linhas × ${fotos} fotos (${rotulo})`;
      // Rows per second in the name (the issue sets no goal); the bars only catch a regression of several times.
      registrar(`${nome}: tarefa (${(n / r.job).toFixed(1)} linhas/s)`, r.job, 's', fotos ? 240 : 600);
      registrar(`${nome}: URL → prévia → concluída, segundos`, r.total, 's', fotos ? 300 : 700);
      registrar(`${nome}: tarefa ÷ inserções diretas`, r.job / d, '×', fotos ? 30 : 40);
      registrar(`${nome}: pico de memória (RSS) acima do início`, r.rss, 'MB', 300);
    }
  } finally {
    await aplicacao.app.close();
    await new Promise((ok) => servidor.close(ok));
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function medirImportacao(registrar: Registrar) {
  await medirEm(registrar, 'PGlite');
  if (process.env.DATABASE_URL) await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL);
}

// Alone: measure and write this benchmark's section of bench/resultados.md (replaced if there; the others stay).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { linhas, registrar, ok } = registradorDaSecao();
  const inicio = performance.now();
  await medirImportacao(registrar);
  const TITULO = '## Importação de estoque (`bench/importacao.ts`): feed local por URL, 2.000 linhas sem fotos e 200 × 5 fotos';
  const secao = [
    TITULO,
    '',
    `Medido em ${new Date().toISOString().slice(0, 16)}Z (${Math.round((performance.now() - inicio) / 1000)} s ao todo; load average ` +
      `${loadavg()[0]?.toFixed(1)} na máquina de 2 núcleos${process.env.DATABASE_URL ? '; PostgreSQL de um cluster descartável' : ''}).`,
    'Feed XML servido em 127.0.0.1 (IMPORTACAO_PERMITIR_LOOPBACK, só de teste), lido por URL, prévia, confirmação e a tarefa',
    '(pg-boss, como em produção) até "concluída". "Inserções diretas": os mesmos veículos em SQL, uma transação por linha',
    '(veículo, entrada de moderação e, com fotos, as linhas das fotos depois de baixar os mesmos arquivos, sem o pipeline).',
    'A tarefa passa cada linha pelo serviço do formulário (validação, opcionais, moderação, eventos) e cada foto pelo pipeline',
    '(três versões JPEG com sharp): a razão mede esse custo. Meta da issue: memória ≤ 300 MB acima do início.',
    '',
    '| medida | valor | meta | |',
    '|---|---|---|---|',
    ...linhas,
  ];
  substituirSecao(TITULO, secao);
  console.log(linhas.join('\n'));
  process.exit(ok() ? 0 : 1);
}
