/**
 * Bulk publish benchmark (issue 24, "Measured"): 300 vehicles (3 photos each) published to Autoscar, Webmotors and
 * Na Pista (their sandboxes in a Node process of their own, `sandbox-processo.ts`, reached on loopback through
 * CANAL_<ID>_URL, as issue 24's outside measurement ran them), through the product — the publishing
 * routes, incluir + enviar per vehicle × channel, as the bulk job would call them (`postEmLote` = the draft + its
 * post) — at concurrency 4 and 16 (300 new vehicles each), against the same sandbox operation called directly (the
 * adapter's `enviar`, with the payload the product sent, at the same concurrency). Measured: total time, sends per
 * second, p50 / p99 per send (product: incluir + enviar; direct: the channel call), the ratio product ÷ direct per
 * send (p50; goal ≤ 1.5×), duplicates at the sandboxes (adverts beyond one per vehicle × channel, counted: 0), and
 * database transactions per send (driver-level counter, `apps/server/test/ajuda/transacoes.ts`; goal ≤ 3 besides
 * the sign-in session check of each request, shown too).
 * Webmotors' sandbox gives a dealer (CNPJ) 50 used-car slots on its "Básico" modality, as the channel does: the
 * vehicles are spread over resellers of 50 (copies of the demo reseller, each configured with its own CNPJ), and the
 * direct calls sign in with CNPJs of their own, never reused (the sandboxes keep their adverts per process).
 * Runs on the embedded PGlite and, when DATABASE_URL is set, on that PostgreSQL server (a database created and dropped).
 * Alone: `node --import tsx bench/publicar-lote.ts` (replaces its section of bench/resultados.md), or within `npm run bench`.
 * While investigating: BENCH_LOTE_VEICULOS (per round; the section then says it was a reduced run),
 * BENCH_LOTE_CONCORRENCIAS ("4,16"; empty: only the job), BENCH_LOTE_BANCOS ("pglite,pg"), BENCH_LOTE_PERFIL=dir (CPU
 * profiles of the product's phases and of the job's direct run), BENCH_LOTE_PEDIDOS=1 (the calls the sandboxes
 * received during the job and the direct run, on stderr), BENCH_LOTE_SQL=file (the job's statements as counted),
 * BENCH_LOTE_SQL_ROTAS=prefix (the routes' statements as counted, one file per database and concurrency).
 * A reduced run still replaces the whole section: keep a copy of bench/resultados.md.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CanalId, ROTULO_CANAL } from '@intermedio/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { PublicacaoVeiculo } from '../apps/server/src/canais/publicacao.ts';
import { emParalelo } from '../apps/server/src/lib/paralelo.ts';
import { cpuEntre, marcarCpu } from './cpu.ts';
import { chamar, entrar, percentil } from './http.ts';
import { iniciarSandboxes } from './sandbox-processo.ts';
import { registradorDaSecao } from './secao.ts';
import { bancoPostgres, type Registrar } from './veiculos.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VEICULOS = Number(process.env.BENCH_LOTE_VEICULOS ?? 300);
const FOTOS = 3;
const POR_REVENDA = 50; // Webmotors' "Básico" slots per dealer
const CONCORRENCIAS = (process.env.BENCH_LOTE_CONCORRENCIAS ?? '4,16').split(',').filter(Boolean).map(Number);
const BANCOS = process.env.BENCH_LOTE_BANCOS ?? 'pglite,pg';
/**
 * The job's rounds, one per channel latency in ms: 0 is the issue's measurement (the sandboxes answer at once, so the
 * ratio is the product's CPU per send against the bare call's); 100 is a real portal's pace, what a dealer waits for.
 */
const LATENCIAS_JOB = (process.env.BENCH_LOTE_LATENCIAS ?? '0,100').split(',').filter(Boolean).map(Number);
const CANAIS: CanalId[] = ['autoscar', 'webmotors', 'meucarronovo'];
const NA_PISTA = { email_meucarronovo: 'loja@autodemo.test', senha_meucarronovo: 's' };
/** A valid CNPJ (check digits) numbered `n`: Webmotors' sandbox counts a dealer's slots by it. */
function cnpj(n: number) {
  const base = `${String(10_000_000 + n).padStart(8, '0')}0001`.split('').map(Number);
  const digito = (ds: number[]) => {
    const pesos = ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const resto = ds.reduce((s, d, i) => s + d * (pesos[i] ?? 0), 0) % 11;
    return resto < 2 ? 0 : 11 - resto;
  };
  const d1 = digito(base);
  return [...base, d1, digito([...base, d1])].join('');
}

/** The sandboxes keep their adverts per process: each dealer (CNPJ) of a run is new, across rounds and databases. */
let proximoCnpj = 0;

/** A channel's publishing adapter, whatever its post (the bench wraps and calls `enviar` of any of the three). */
type Pub = PublicacaoVeiculo;
type ArgsEnviar = Parameters<Pub['enviar']>;

/** The post the product sends for this channel, from the draft (what the Incluir screen and the bulk job do). */
function postDe(canal: CanalId, d: Record<string, unknown>) {
  const post = (d.veiculoPost ?? {}) as Record<string, unknown>;
  if (canal === 'meucarronovo')
    return {
      ...post,
      idTipoAnuncio: (d.retTiposAnuncio as { id: string; nome: string }[]).find((t) => t.nome === 'Simples')?.id,
      aceitaTroca: true,
    };
  if (canal === 'webmotors')
    return { ...post, CodigoModalidade: (d.retModalidade as { id: string; nome: string }[]).find((m) => m.nome === 'Básico')?.id };
  return post;
}

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const { CANAIS_REGISTRADOS } = await import('../apps/server/src/canais/registro.ts');
  const { webmotors } = await import('../apps/server/src/canais/webmotors/adapter.ts');
  const { ArmazenamentoLocal } = await import('../apps/server/src/midia/armazenamento.ts');
  const { salvarImagemEnviada } = await import('../apps/server/src/midia/imagens-enviadas.ts');
  const { VEICULO_EXEMPLO } = await import('../apps/server/test/acesso.matriz.ts');
  const { contarTransacoes } = await import('../apps/server/test/ajuda/transacoes.ts');
  const { revendas } = await import('../apps/server/src/db/schema/index.ts');

  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-lote-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_lote') : null;
  // The three channels' sandboxes in a process of their own (CANAL_<ID>_URL); the product and the direct calls both go there.
  const sandboxes = await iniciarSandboxes(CANAIS);
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1', ...sandboxes.env };
  if (pgBanco) Object.assign(env, { DATABASE_URL: pgBanco.url, SECRET_KEY: 'chave-do-bench-com-mais-de-32-caracteres!!' });
  const aplicacao = await buildApp(lerConfig(env), { logger: false });
  // The routes' transactions are those sent while a request is served: the every-minute rounds (removals, imports,
  // sync, reconciliation) that fall into the window are not the sends' (they once showed as 3.01 per send).
  const noPedido = new AsyncLocalStorage<true>();
  const servidor = aplicacao.app.server;
  const ouvintes = servidor.listeners('request') as ((...a: unknown[]) => void)[];
  servidor.removeAllListeners('request');
  servidor.on('request', (...a: unknown[]) =>
    noPedido.run(true, () => {
      for (const o of ouvintes) o.apply(servidor, a);
    }),
  );
  // Each product send's channel call, kept (its context, session, vehicle and post) for the direct run.
  const enviados: { canal: CanalId; args: ArgsEnviar }[] = [];
  const originais = CANAIS.map((canal) => {
    const pub = CANAIS_REGISTRADOS[canal].publicacao as Pub;
    const original = pub.enviar;
    pub.enviar = async (...args) => {
      enviados.push({ canal, args });
      return original(...args);
    };
    return { canal, original, restaurar: () => (pub.enviar = original) };
  });
  try {
    await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = aplicacao.app.server.address();
    const base = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
    const admin = await entrar(base, 'admin@intermedio.test');
    const db = aplicacao.banco.db;
    const [demo] = await db.select({ id: revendas.id }).from(revendas).where(eq(revendas.penome_fantasia, 'Auto Demo Veículos'));

    // Resellers of 50 vehicles: copies of the demo reseller (a new id and name), each with the three channels.
    const colunas = (
      (await db.execute(
        sql`SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'revendas' AND is_generated = 'NEVER' AND column_default IS NULL OR (table_name = 'revendas' AND column_name IN ('plano', 'status'))`,
      )) as unknown as { rows: { c: string }[] }
    ).rows
      .map((x) => x.c)
      .filter((c) => c !== 'id');
    const revendasDoLote: string[] = [];
    // One set of VEICULOS per route round, and one for the bulk job's round (the last resellers).
    const grupos = Math.ceil(VEICULOS / POR_REVENDA) * (CONCORRENCIAS.length + LATENCIAS_JOB.length);
    for (let g = 0; g < grupos; g++) {
      const trocas: Record<string, string> = {
        penome_fantasia: `'Lote ${g + 1}'`,
        peemail: `'lote${g + 1}@bench.test'`,
        pecpf_cnpj: `'${cnpj(g)}'`,
      };
      const lista = colunas.join(', ');
      const valores = colunas.map((c) => trocas[c] ?? c).join(', ');
      const r = await db.execute(
        sql.raw(`INSERT INTO revendas (${lista}) SELECT ${valores} FROM revendas WHERE id = '${demo?.id ?? ''}' RETURNING id`),
      );
      const id = String((r as unknown as { rows: { id: string }[] }).rows[0]?.id);
      revendasDoLote.push(id);
      await chamar(base, admin, 'PUT', `/api/revendas/${id}/integracoes/autoscar`, { status: true, id_autoscar: String(123 + g) });
      await chamar(base, admin, 'PUT', `/api/revendas/${id}/integracoes/meucarronovo`, { status: true, ...NA_PISTA });
      await chamar(base, admin, 'POST', '/api/integracao/meucarronovo/configurar', { id_revenda: id, ...NA_PISTA });
      await chamar(base, admin, 'POST', '/api/integracao/webmotors/configurar', {
        id_revenda: id,
        cnpj_revenda: cnpj(proximoCnpj++),
        email_webmotors: `loja${g}@autodemo.test`,
        senha_webmotors: 's',
      });
    }

    // The vehicles, 3 photos each, created through the API (4 at a time).
    const armazenamento = new ArmazenamentoLocal(path.join(dir, 'arquivos'));
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#386641' } })
      .jpeg()
      .toBuffer();
    const criar = async (i: number) => {
      const idRevenda = revendasDoLote[Math.floor(i / POR_REVENDA)] ?? '';
      const renditions = { formato: 'jpeg' as const, original: jpeg, exibicao: jpeg, miniatura: jpeg, moldura: null };
      const imagens = [];
      for (let f = 0; f < FOTOS; f++)
        imagens.push(await salvarImagemEnviada(armazenamento, { idRevenda, tipo: 'veiculo', nome: `lote-${i}-${f}.jpg`, renditions }));
      const placa = `LTE${String(i).padStart(4, '0')}`.replace(
        /^(...)(\d)(\d)(\d\d)$/,
        (_, a, b, c, d) => `${a}${b}${'ABCDEFGHIJ'[Number(c)]}${d}`,
      );
      const { id } = await chamar<{ id: string }>(base, admin, 'POST', `/api/revendas/${idRevenda}/veiculos`, {
        ...VEICULO_EXEMPLO,
        veiplaca: placa,
        vequilometragem: String(10_000 + i),
        imagens,
      });
      return id;
    };
    const veiculos: string[] = new Array(VEICULOS * (CONCORRENCIAS.length + LATENCIAS_JOB.length));
    await emParalelo(
      Array.from({ length: veiculos.length }, (_, i) => i),
      4,
      async (i) => {
        veiculos[i] = await criar(i);
      },
    );

    const notas: string[] = [];
    for (const [k, n] of CONCORRENCIAS.entries()) {
      const lote = veiculos.slice(k * VEICULOS, (k + 1) * VEICULOS);
      const trabalhos = lote.flatMap((id) => CANAIS.map((canal) => ({ id, canal })));
      enviados.length = 0;
      const naSandbox = sandboxes.anuncios;
      const antes = await Promise.all(CANAIS.map(naSandbox));
      // Product: incluir + enviar per vehicle × channel, n at once, the transactions counted at the driver.
      const porEnvio: number[] = [];
      const soEnviar: number[] = [];
      const contador = contarTransacoes(aplicacao.banco, { so: () => noPedido.getStore() === true });
      // BENCH_LOTE_PERFIL=dir: a CPU profile of the product's sends only (open it in Chrome DevTools).
      const perfil = process.env.BENCH_LOTE_PERFIL ? new (await import('node:inspector/promises')).Session() : null;
      perfil?.connect();
      await perfil?.post('Profiler.enable');
      await perfil?.post('Profiler.start');
      const t0 = performance.now();
      await emParalelo(trabalhos, n, async ({ id, canal }) => {
        const t = performance.now();
        const d = await chamar(base, admin, 'POST', `/api/integracao/${canal}/incluir`, { id_veiculo: id });
        const te = performance.now();
        await chamar(base, admin, 'POST', `/api/integracao/${canal}/enviar`, { id_veiculo: id, veiculo_post: postDe(canal, d) });
        porEnvio.push(performance.now() - t);
        soEnviar.push(performance.now() - te);
      });
      const totalMs = performance.now() - t0;
      if (perfil) {
        const { profile } = await perfil.post('Profiler.stop');
        writeFileSync(path.join(process.env.BENCH_LOTE_PERFIL ?? '', `lote-${rotulo}-${n}.cpuprofile`), JSON.stringify(profile));
        perfil.disconnect();
      }
      const transacoes = contador.vistas();
      contador.parar();
      if (process.env.BENCH_LOTE_SQL_ROTAS) writeFileSync(`${process.env.BENCH_LOTE_SQL_ROTAS}-${rotulo}-${n}`, transacoes.join('\n---\n'));
      const sessoes = transacoes.filter((t) => /from "sessoes"/.test(t)).length;

      // Duplicates: adverts this round added at each sandbox beyond one per vehicle × channel.
      const depois = await Promise.all(CANAIS.map(naSandbox));
      const duplicados = CANAIS.reduce((soma, _, c) => soma + Math.max(0, (depois[c] ?? 0) - (antes[c] ?? 0) - VEICULOS), 0);
      if (CANAIS.some((_, c) => (depois[c] ?? 0) - (antes[c] ?? 0) < VEICULOS))
        throw new Error('nem todos os anúncios chegaram às sandboxes');

      // Direct: the same channel operation with the same payload, n at once (Webmotors under CNPJs of their own).
      const sessoesWm = new Map<number, Awaited<ReturnType<typeof webmotors.configurar>>>();
      let nWm = 0;
      const diretos = enviados.map((e, i) => ({ ...e, i, grupoWm: e.canal === 'webmotors' ? Math.floor(nWm++ / POR_REVENDA) : 0 }));
      const porChamada: number[] = [];
      const t1 = performance.now();
      await emParalelo(diretos, n, async ({ canal, args, i, grupoWm }) => {
        const [ctx, sessao, v, post] = args;
        let s = sessao;
        if (canal === 'webmotors') {
          const grupo = 100_000 + k * 1000 + grupoWm + proximoCnpj * 10;
          if (!sessoesWm.has(grupo))
            sessoesWm.set(
              grupo,
              await webmotors.configurar(ctx, { cnpj: cnpj(grupo), email_webmotors: 'direto@bench.test', senha_webmotors: 's' }),
            );
          const c = sessoesWm.get(grupo);
          if (!c?.ok) throw new Error('login Webmotors direto');
          s = { segredos: c.valor.segredos, dados: { ...sessao.dados, ...c.valor.dados } };
        }
        const original = originais.find((o) => o.canal === canal)?.original as Pub['enviar'];
        const t = performance.now();
        const r = await original(ctx, s, v, post, { chave: `direto-${k}-${i}`, veiculoId: v.id });
        porChamada.push(performance.now() - t);
        if (!r.ok) throw new Error(`${canal} direto: ${r.erro.mensagem}`);
      });
      const diretoMs = performance.now() - t1;

      const nome = `publicação em lote: ${VEICULOS} veículos × 3 canais, ${n} simultâneos (${rotulo})`;
      const envios = trabalhos.length;
      registrar(`${nome}: tempo total pelo produto (incluir + enviar)`, totalMs, 'ms', Number.POSITIVE_INFINITY);
      registrar(
        `${nome}: envios por segundo pelo produto (inverso; direto ${Math.round((envios / diretoMs) * 10000) / 10} envios/s)`,
        1000 / (envios / (totalMs / 1000)),
        'ms/envio',
        Number.POSITIVE_INFINITY,
      );
      registrar(`${nome}: p50 por envio pelo produto`, percentil(porEnvio, 0.5), 'ms', Number.POSITIVE_INFINITY);
      registrar(`${nome}: p99 por envio pelo produto`, percentil(porEnvio, 0.99), 'ms', Number.POSITIVE_INFINITY);
      registrar(`${nome}: p50 só do enviar pelo produto`, percentil(soEnviar, 0.5), 'ms', Number.POSITIVE_INFINITY);
      registrar(`${nome}: p50 por chamada direta ao canal`, percentil(porChamada, 0.5), 'ms', Number.POSITIVE_INFINITY);
      registrar(`${nome}: p99 por chamada direta ao canal`, percentil(porChamada, 0.99), 'ms', Number.POSITIVE_INFINITY);
      // The screens' path (two HTTP requests, each with its session check): shown beside the bulk job's, whose ratio
      // carries the issue's goal (medirPeloJob).
      registrar(
        `${nome}: razão produto ÷ direto por envio (p50)`,
        percentil(porEnvio, 0.5) / Math.max(percentil(porChamada, 0.5), 0.001),
        '×',
        Number.POSITIVE_INFINITY,
      );
      registrar(
        `${nome}: razão só do enviar ÷ direto (p50)`,
        percentil(soEnviar, 0.5) / Math.max(percentil(porChamada, 0.5), 0.001),
        '×',
        Number.POSITIVE_INFINITY,
      );
      registrar(`${nome}: razão produto ÷ direto no tempo total`, totalMs / Math.max(diretoMs, 0.001), '×', Number.POSITIVE_INFINITY);
      registrar(`${nome}: transações por envio, além da sessão de cada pedido`, (transacoes.length - sessoes) / envios, 'transações', 3);
      registrar(
        `${nome}: transações por envio, com a sessão dos 2 pedidos`,
        transacoes.length / envios,
        'transações',
        Number.POSITIVE_INFINITY,
      );
      registrar(`${nome}: anúncios duplicados nas sandboxes (contados)`, duplicados, 'anúncios', 0);
      notas.push(`${rotulo}, ${n} simultâneos: direto ${Math.round(diretoMs)} ms no total`);
    }

    // The bulk job itself (what "Publicar em…" runs): one batch per reseller, the job's own pace (LIMITES_LOTE.porCanal
    // per channel, channels side by side); direct: the same calls with the same payloads at that same pace.
    for (const [j, latencia] of LATENCIAS_JOB.entries()) {
      const k = CONCORRENCIAS.length + j;
      const doJob = veiculos.slice(k * VEICULOS, (k + 1) * VEICULOS);
      const porRodada = Math.ceil(VEICULOS / POR_REVENDA);
      const gruposJob = revendasDoLote.slice(k * porRodada, (k + 1) * porRodada);
      await sandboxes.latencia(latencia);
      try {
        notas.push(...(await medirPeloJob(aplicacao, base, admin, gruposJob, doJob, rotulo, registrar, k, sandboxes, latencia)));
      } finally {
        await sandboxes.latencia(0);
      }
    }
    return notas;
  } finally {
    for (const o of originais) o.restaurar();
    await aplicacao.app.close();
    await sandboxes.parar();
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The reseller's defaults the bulk job needs: Webmotors' used-car "Básico" modality, Na Pista's "Simples" ad type. */
async function definirPadroes(base: string, admin: Awaited<ReturnType<typeof entrar>>, idRevenda: string) {
  type Campos = { campos: { campo: string; opcoes?: { id: string; nome: string }[] }[] };
  const opcao = async (canal: string, campo: string, nome: (n: string) => boolean) => {
    const d = await chamar<Campos>(base, admin, 'GET', `/api/revendas/${idRevenda}/integracoes/${canal}/padroes`);
    const id = d.campos.find((c) => c.campo === campo)?.opcoes?.find((o) => nome(o.nome))?.id;
    if (!id) throw new Error(`${canal}: sem opção de ${campo}`);
    await chamar(base, admin, 'PUT', `/api/revendas/${idRevenda}/integracoes/${canal}/padroes`, { [campo]: id });
  };
  await opcao('webmotors', 'plano', (n) => n.startsWith('Básico') && n.endsWith('(usados)'));
  await opcao('meucarronovo', 'tipo_anuncio', (n) => n === 'Simples');
}

/** `fazer` over `itens` with `porCanal` at once per channel, the channels side by side (the bulk job's pace). */
const porCanalEmParalelo = <T extends { canal: CanalId }>(itens: T[], porCanal: number, fazer: (item: T) => Promise<void>) =>
  Promise.all(
    CANAIS.map((c) =>
      emParalelo(
        itens.filter((i) => i.canal === c),
        porCanal,
        fazer,
      ),
    ),
  );

async function medirPeloJob(
  aplicacao: Awaited<ReturnType<typeof import('../apps/server/src/app.ts').buildApp>>,
  base: string,
  admin: Awaited<ReturnType<typeof entrar>>,
  revendasDoJob: string[],
  veiculos: string[],
  rotulo: string,
  registrar: Registrar,
  rodada: number,
  sandboxes: import('./sandbox-processo.ts').SandboxesEmProcesso,
  latenciaMs: number,
) {
  const naSandbox = sandboxes.anuncios;
  const { CANAIS_REGISTRADOS } = await import('../apps/server/src/canais/registro.ts');
  const { webmotors } = await import('../apps/server/src/canais/webmotors/adapter.ts');
  const { LIMITES_LOTE } = await import('../apps/server/src/modules/lotes/lotes.service.ts');
  const { loteItens } = await import('../apps/server/src/db/schema/index.ts');
  const { contarTransacoes } = await import('../apps/server/test/ajuda/transacoes.ts');
  const db = aplicacao.banco.db;
  for (const id of revendasDoJob) await definirPadroes(base, admin, id);

  // The channel calls the job makes, kept (context, session, vehicle, post) for the direct run, with their own time.
  // `fim`: when the call ended (performance.now()), for each channel's last advert.
  const chamadas: { canal: CanalId; args: ArgsEnviar; ms: number; fim: number }[] = [];
  const restaurar = CANAIS.map((canal) => {
    const pub = CANAIS_REGISTRADOS[canal].publicacao as Pub;
    const anterior = pub.enviar;
    pub.enviar = async (...args) => {
      const t = performance.now();
      const r = await anterior(...args);
      chamadas.push({ canal, args, ms: performance.now() - t, fim: performance.now() });
      return r;
    };
    return () => (pub.enviar = anterior);
  });
  const antes = await Promise.all(CANAIS.map(naSandbox));
  // BENCH_LOTE_PEDIDOS=1: the calls the sandboxes received during the job and during the direct run (stderr).
  const pedidos = async (metodo: 'GET' | 'DELETE') =>
    process.env.BENCH_LOTE_PEDIDOS ? (await fetch(`${sandboxes.origem}/_pedidos`, { method: metodo })).json() : null;
  await pedidos('DELETE');
  const contador = contarTransacoes(aplicacao.banco);
  // BENCH_LOTE_PERFIL=dir: a CPU profile of the job's run too (open it in Chrome DevTools).
  const perfil = process.env.BENCH_LOTE_PERFIL ? new (await import('node:inspector/promises')).Session() : null;
  perfil?.connect();
  await perfil?.post('Profiler.enable');
  await perfil?.post('Profiler.start');
  // The panel while the job runs at a portal's pace: a dealer's vehicle list read every 100 ms (its own screen stays
  // usable), against the same read with the job idle. Not in the zero-latency round: its reads would take CPU from
  // the job whose cost that round measures.
  const lista = `/api/revendas/${revendasDoJob[0]}/veiculos`;
  const lerLista = async () => {
    const t = performance.now();
    await chamar(base, admin, 'GET', lista);
    return performance.now() - t;
  };
  const semJob: number[] = [];
  if (latenciaMs > 0) for (let i = 0; i < 20; i++) semJob.push(await lerLista());
  const duranteJob: number[] = [];
  let sondando = latenciaMs > 0;
  const sonda = (async () => {
    while (sondando) {
      duranteJob.push(await lerLista());
      await new Promise((ok) => setTimeout(ok, 100));
    }
  })();
  const cpu0 = marcarCpu(sandboxes.pid);
  const t0 = performance.now();
  try {
    for (const [g, idRevenda] of revendasDoJob.entries()) {
      const lote = veiculos.slice(g * POR_REVENDA, (g + 1) * POR_REVENDA);
      if (lote.length)
        await chamar(base, admin, 'POST', `/api/revendas/${idRevenda}/lotes`, { acao: 'publicar', veiculos: lote, canais: CANAIS });
    }
    // Until every item ended (the job's own worker runs them).
    for (;;) {
      const r = (await db.execute(
        sql`SELECT count(*) FILTER (WHERE i.estado IN ('aguardando', 'enviando'))::int AS abertos,
                   count(*) FILTER (WHERE i.estado <> 'publicado')::int AS outros
            FROM ${loteItens} i JOIN lotes l ON l.id = i.lote_id WHERE l.revenda_id IN (${sql.join(
              revendasDoJob.map((r) => sql`${r}::uuid`),
              sql`, `,
            )})`,
      )) as unknown as { rows: { abertos: number; outros: number }[] };
      const { abertos, outros } = r.rows[0] ?? { abertos: 1, outros: 0 };
      if (!abertos) {
        if (outros) throw new Error(`${outros} itens do lote não publicados`);
        break;
      }
      await new Promise((ok) => setTimeout(ok, 50));
    }
  } finally {
    for (const r of restaurar) r();
  }
  const jobMs = performance.now() - t0;
  sondando = false;
  await sonda;
  const cpuJob = cpuEntre(cpu0, marcarCpu(sandboxes.pid));
  if (perfil) {
    const { profile } = await perfil.post('Profiler.stop');
    writeFileSync(path.join(process.env.BENCH_LOTE_PERFIL ?? '', `job-${rotulo}-${rodada}.cpuprofile`), JSON.stringify(profile));
    perfil.disconnect();
  }
  // The bench's own wait (the count of open items every 50 ms, on the same database) is not the product's.
  const transacoes = contador.vistas().filter((t) => !t.includes('FILTER (WHERE i.estado IN')).length;
  if (process.env.BENCH_LOTE_SQL) writeFileSync(process.env.BENCH_LOTE_SQL, contador.vistas().join('\n'));
  contador.parar();
  const envios = veiculos.length * CANAIS.length;
  if (chamadas.length !== envios) throw new Error(`${chamadas.length} chamadas ao canal para ${envios} envios`);
  // Duplicates: adverts the job added at each sandbox (in the sandboxes' own process) beyond one per vehicle × channel.
  const depois = await Promise.all(CANAIS.map(naSandbox));
  const duplicados = CANAIS.reduce((soma, _, c) => soma + Math.max(0, (depois[c] ?? 0) - (antes[c] ?? 0) - veiculos.length), 0);
  if (CANAIS.some((_, c) => (depois[c] ?? 0) - (antes[c] ?? 0) < veiculos.length))
    throw new Error('nem todos os anúncios do job chegaram às sandboxes');

  const doJob = await pedidos('GET');
  await pedidos('DELETE');
  // Direct: the same calls at the job's pace (Webmotors under CNPJs of its own: the sandbox counts slots per CNPJ).
  const sessoesWm = new Map<number, Awaited<ReturnType<typeof webmotors.configurar>>>();
  let nWm = 0;
  const diretos = chamadas.map((c, i) => ({ ...c, i, grupoWm: c.canal === 'webmotors' ? Math.floor(nWm++ / POR_REVENDA) : 0 }));
  const porChamada: number[] = [];
  const fimDireto = new Map<CanalId, number>();
  const perfilDireto = process.env.BENCH_LOTE_PERFIL ? new (await import('node:inspector/promises')).Session() : null;
  perfilDireto?.connect();
  await perfilDireto?.post('Profiler.enable');
  await perfilDireto?.post('Profiler.start');
  const cpu1 = marcarCpu(sandboxes.pid);
  const t1 = performance.now();
  await porCanalEmParalelo(diretos, LIMITES_LOTE.porCanal, async ({ canal, args, i, grupoWm }) => {
    const [ctx, sessao, v, post] = args;
    let s = sessao;
    if (canal === 'webmotors') {
      const grupo = 200_000 + rodada * 1000 + grupoWm + proximoCnpj * 10;
      if (!sessoesWm.has(grupo))
        sessoesWm.set(
          grupo,
          await webmotors.configurar(ctx, { cnpj: cnpj(grupo), email_webmotors: 'direto@bench.test', senha_webmotors: 's' }),
        );
      const c = sessoesWm.get(grupo);
      if (!c?.ok) throw new Error('login Webmotors direto');
      s = { segredos: c.valor.segredos, dados: { ...sessao.dados, ...c.valor.dados } };
    }
    const pub = CANAIS_REGISTRADOS[canal].publicacao as Pub;
    const t = performance.now();
    const r = await pub.enviar(ctx, s, v, post, { chave: `direto-job-${rodada}-${i}`, veiculoId: v.id });
    porChamada.push(performance.now() - t);
    fimDireto.set(canal, performance.now() - t1);
    if (!r.ok) throw new Error(`${canal} direto: ${r.erro.mensagem}`);
  });
  const diretoMs = performance.now() - t1;
  const cpuDireto = cpuEntre(cpu1, marcarCpu(sandboxes.pid));
  if (perfilDireto) {
    const { profile } = await perfilDireto.post('Profiler.stop');
    writeFileSync(path.join(process.env.BENCH_LOTE_PERFIL ?? '', `direto-${rotulo}-${rodada}.cpuprofile`), JSON.stringify(profile));
    perfilDireto.disconnect();
  }
  if (doJob) console.error('pedidos às sandboxes', JSON.stringify({ job: doJob, direto: await pedidos('GET') }, null, 1));

  const ritmo = latenciaMs ? `, canais respondendo em ${latenciaMs} ms` : '';
  const nome = `publicação em lote pelo job: ${veiculos.length} veículos × 3 canais, ${LIMITES_LOTE.porCanal} por canal${ritmo} (${rotulo})`;
  registrar(`${nome}: tempo total do job (do pedido ao último item)`, jobMs, 'ms', Number.POSITIVE_INFINITY);
  registrar(`${nome}: tempo total direto (as mesmas chamadas, no mesmo ritmo)`, diretoMs, 'ms', Number.POSITIVE_INFINITY);
  registrar(`${nome}: envios por segundo pelo job`, envios / (jobMs / 1000), 'envios/s', Number.POSITIVE_INFINITY);
  registrar(
    `${nome}: p50 da chamada ao canal dentro do job`,
    percentil(
      chamadas.map((c) => c.ms),
      0.5,
    ),
    'ms',
    Number.POSITIVE_INFINITY,
  );
  registrar(`${nome}: p50 por chamada direta ao canal`, percentil(porChamada, 0.5), 'ms', Number.POSITIVE_INFINITY);
  // Each channel at its own pace: when its last advert was out, in the job and in the direct run (same calls, same pace).
  for (const canal of CANAIS) {
    const fimJob = Math.max(...chamadas.filter((c) => c.canal === canal).map((c) => c.fim)) - t0;
    const direto = Math.round(fimDireto.get(canal) ?? 0);
    registrar(`${nome}: último anúncio ${ROTULO_CANAL[canal]} pelo job (direto: ${direto} ms)`, fimJob, 'ms', Number.POSITIVE_INFINITY);
  }
  // The goal is the issue's measurement (sandboxes answering at once); with a portal's latency the ratio is context.
  registrar(
    `${nome}: razão job ÷ direto por envio (tempo total ÷ envios, no mesmo ritmo)`,
    jobMs / Math.max(diretoMs, 0.001),
    '×',
    latenciaMs ? Number.POSITIVE_INFINITY : 1.5,
  );
  // At a portal's pace the window also holds the panel's reads and the every-minute rounds: no goal there.
  if (latenciaMs)
    registrar(
      `${nome}: transações por envio (job inteiro, mais as leituras do painel e as rodadas de minuto na janela)`,
      transacoes / envios,
      'transações',
      Number.POSITIVE_INFINITY,
    );
  else registrar(`${nome}: transações por envio (job inteiro: lote, itens, leases, envio)`, transacoes / envios, 'transações', 3);
  registrar(`${nome}: anúncios duplicados nas sandboxes (contados no processo delas)`, duplicados, 'anúncios', 0);
  if (duranteJob.length)
    registrar(
      `${nome}: leitura da lista de veículos da revenda durante o job, p95 de ${duranteJob.length} (sem o job: p95 ${percentil(semJob, 0.95).toFixed(1)} ms)`,
      percentil(duranteJob, 0.95),
      'ms',
      500,
    );
  // Where the cores went (bench/cpu.ts): whether a phase was short of cores or bound by one process's thread.
  for (const [fase, c] of [
    ['job', cpuJob],
    ['chamadas diretas', cpuDireto],
  ] as const) {
    const total = c.proprioMs + c.postgresMs + c.filhoMs;
    const banco = rotulo === 'PostgreSQL' ? `, PostgreSQL ${c.postgresMs} ms` : '';
    registrar(
      `${nome}: CPU durante ${fase === 'job' ? 'o job' : 'as chamadas diretas'} (processo do produto ${c.proprioMs} ms, dos quais ${c.principalMs} ms na linha principal${banco}, sandboxes ${c.filhoMs} ms; em média ${(total / c.paredeMs).toFixed(2)} de ${cpus().length} núcleos)`,
      total,
      'ms',
      Number.POSITIVE_INFINITY,
    );
  }
  return [`${rotulo}, job${ritmo}: ${envios} envios em ${Math.round(jobMs)} ms; direto ${Math.round(diretoMs)} ms`];
}

export async function medirPublicarLote(registrar: Registrar) {
  const notas = BANCOS.includes('pglite') ? await medirEm(registrar, 'PGlite') : [];
  if (process.env.DATABASE_URL && BANCOS.split(',').includes('pg'))
    notas.push(...(await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL)));
  return notas;
}

// Alone: measure and replace this benchmark's section in bench/resultados.md.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { linhas, registrar, ok } = registradorDaSecao();
  const t = performance.now();
  const notas = await medirPublicarLote(registrar);
  const titulo = '## Publicação em lote (`bench/publicar-lote.ts`): 300 veículos × 3 canais (sandbox)';
  const secao = [
    titulo,
    '',
    `Medido em ${new Date().toISOString().slice(0, 16)}Z (${Math.round((performance.now() - t) / 1000)} s ao todo; load average`,
    `${loadavg()[0]?.toFixed(1)} na máquina de ${cpus().length} núcleos).${VEICULOS === 300 ? '' : ` **Rodada REDUZIDA: ${VEICULOS} veículos por rodada, não 300.**`}`,
    'Autoscar, Webmotors e Na Pista nas sandboxes num processo Node só delas (`bench/sandbox-processo.ts`, pelo',
    `\`CANAL_<ID>_URL\`, como na medição externa da edição 24); ${VEICULOS} veículos novos (3 fotos) por rodada, pelas rotas`,
    `incluir + enviar (o que o job em lote faz por veículo × canal) a ${CONCORRENCIAS.join(' e a ')} simultâneos;`,
    'direto: o `enviar` do adaptador com o mesmo post, na mesma concorrência.',
    'Depois, o próprio job em lote ("Publicar em…", um lote por revenda, no ritmo do job: 3 por canal, canais lado a lado)',
    'contra as mesmas chamadas com os mesmos posts no mesmo ritmo, ao mesmo processo das sandboxes: é essa razão que tem a',
    'meta de 1,5×, com as sandboxes respondendo na hora. O job roda de novo com cada chamada ao canal respondida',
    `${LATENCIAS_JOB.filter(Boolean).join(' / ') || '—'} ms depois (o ritmo de um portal de verdade, \`PUT /_latencia\` das sandboxes): o que a revenda espera.`,
    'Durante o job no ritmo de um portal, a lista de veículos da revenda é lida a cada 100 ms (o painel continua usável?).',
    'Duplicados contados no processo das sandboxes. Para onde vai o tempo que sobra (perfil de CPU e CPU por processo):',
    'docs/lotes.md, "Cost of the job, measured" e "Where the cores go".',
    'Transações contadas no driver (cada instrução fora de transação é uma; cada `db.transaction`, uma).',
    '',
    '| medida | valor | meta | |',
    '|---|---|---|---|',
    ...linhas,
    '',
    ...notas.map((n) => `- ${n}`),
  ].join('\n');
  const arquivo = path.join(RAIZ, 'bench/resultados.md');
  const atual = readFileSync(arquivo, 'utf8').trimEnd();
  const inicio = atual.indexOf(titulo);
  const fim = inicio < 0 ? -1 : atual.indexOf('\n## ', inicio + titulo.length);
  const novo =
    inicio < 0 ? `${atual}\n\n${secao}\n` : `${atual.slice(0, inicio)}${secao}\n${fim < 0 ? '' : atual.slice(fim)}`.trimEnd().concat('\n');
  writeFileSync(arquivo, novo);
  console.log(secao);
  process.exit(ok() ? 0 : 1);
}
