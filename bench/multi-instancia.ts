/**
 * Several instances (issue 28, "Measured"): 1, 2 and 3 server processes on one PostgreSQL database behind the
 * round-robin proxy of the multi-instance test (apps/server/test/ajuda/proxy.ts), under a mixed load of the panel made by
 * a bounded load generator (autocannon, 10 connections, 15 s per round): vehicle list reads, single reads and vehicle
 * saves (new vehicles), 2 : 2 : 1, with 100 live screens (SSE) open through the proxy. Throughput and p99 per round.
 * Everything (the instances, PostgreSQL, the proxy and the load generator) shares this machine's cores: see the text
 * written with the figures. The cross-instance live event p95 and the takeover time of a killed instance's bulk job are
 * printed by apps/server/test/multi-instancia.int.test.ts and copied into the section.
 * Needs DATABASE_URL (a database is created and dropped). Alone: `DATABASE_URL=… node --import tsx bench/multi-instancia.ts`
 * (replaces its section of bench/resultados.md).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { iniciarServidor } from '../apps/server/test/ajuda/processo.ts';
import { subirProxy } from '../apps/server/test/ajuda/proxy.ts';
import { chamar, entrar } from './http.ts';
import { bancoPostgres } from './veiculos.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEGUNDOS = Number(process.env.BENCH_MI_SEGUNDOS ?? 15);
const TELAS = 100;
const CONEXOES = 10;
const VEICULO = {
  vetipoveiculo: 'carro',
  vefipe_marca: 'Fiat',
  ve_modelo: 'Argo',
  ve_versao: 'Drive 1.0 Flex',
  veano_fabricacao: 2022,
  vefipe_ano_modelo: 2023,
  vecambio: 'M',
  vecor: 'Branco',
  veportas: 4,
  vecarroceria: 'Hatch',
  veiplaca: 'ABC1D23',
  vequilometragem: '35000',
  vevalor: '72.900,00',
};

type Rodada = { instancias: number; rps: number; p50: number; p99: number; erros: number; total: number };

/** `TELAS` live screens through the proxy, each reading its stream until `fechar`. */
async function abrirTelas(base: string, cookie: string) {
  const controle = new AbortController();
  // Each stream is read in the background (an object, not the promise itself, so the wait is only for the headers).
  const leituras = await Promise.all(
    Array.from({ length: TELAS }, async () => {
      const r = await fetch(`${base}/api/eventos`, { headers: { cookie }, signal: controle.signal });
      const leitura = (async () => {
        try {
          for await (const _ of r.body as unknown as AsyncIterable<Uint8Array>);
        } catch {}
      })();
      return { leitura };
    }),
  );
  return async () => {
    controle.abort();
    await Promise.all(leituras.map((l) => l.leitura));
  };
}

export async function medirMultiInstancia(databaseUrl: string): Promise<Rodada[]> {
  const banco = await bancoPostgres(databaseUrl, 'bench_multi');
  const processos: ChildProcess[] = [];
  const rodadas: Rodada[] = [];
  try {
    const inst = await Promise.all([1, 2, 3].map(() => iniciarServidor(banco.url, processos)));
    console.log(`3 instâncias no ar: ${inst.join(', ')}`);
    const gestor = await entrar(inst[0] as string, 'gestor@autodemo.test');
    const idRevenda = (await chamar<{ usuario: { revenda: string } }>(inst[0] as string, gestor, 'GET', '/api/auth/sessao')).usuario
      .revenda;
    const ids: string[] = [];
    for (let i = 0; i < 60; i++)
      ids.push((await chamar<{ id: string }>(inst[0] as string, gestor, 'POST', `/api/revendas/${idRevenda}/veiculos`, VEICULO)).id);
    console.log(`${ids.length} veículos criados`);
    const cabecalhos = { cookie: gestor.cookie, 'x-csrf-token': gestor.csrf };
    let k = 0;
    const proximo = () => ids[k++ % ids.length];
    for (const n of [1, 2, 3]) {
      const proxy = await subirProxy(inst.slice(0, n));
      const fecharTelas = await abrirTelas(proxy.base, gestor.cookie);
      console.log(`${n} instância(s): ${TELAS} telas abertas, carga por ${SEGUNDOS} s`);
      const r = await autocannon({
        url: proxy.base,
        connections: CONEXOES,
        duration: SEGUNDOS,
        headers: cabecalhos,
        requests: [
          { method: 'GET', path: `/api/revendas/${idRevenda}/veiculos` },
          {
            method: 'GET',
            setupRequest: (req: { path: string }) => ({ ...req, path: `/api/revendas/${idRevenda}/veiculos/${proximo()}` }),
          },
          { method: 'GET', path: `/api/revendas/${idRevenda}/veiculos` },
          {
            method: 'GET',
            setupRequest: (req: { path: string }) => ({ ...req, path: `/api/revendas/${idRevenda}/veiculos/${proximo()}` }),
          },
          {
            method: 'POST',
            path: `/api/revendas/${idRevenda}/veiculos`,
            headers: { ...cabecalhos, 'content-type': 'application/json' },
            body: JSON.stringify(VEICULO),
          },
        ],
      });
      await fecharTelas();
      await proxy.fechar();
      rodadas.push({
        instancias: n,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        erros: r.errors + r.non2xx,
        total: r.requests.total,
      });
      console.log(`${n} instância(s): ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} não-2xx`);
    }
  } finally {
    for (const p of processos) p.kill('SIGTERM');
    await new Promise((ok) => setTimeout(ok, 1000));
    await banco.descartar();
  }
  return rodadas;
}

// Alone: measure and write this benchmark's section of bench/resultados.md (replaced if there; the others stay).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('Defina DATABASE_URL (um PostgreSQL descartável): o bench cria e apaga um banco nele.');
    process.exit(1);
  }
  const inicio = performance.now();
  const rodadas = await medirMultiInstancia(url);
  const TITULO = '## Várias instâncias (`bench/multi-instancia.ts`): 1, 2 e 3 processos num PostgreSQL, atrás de um proxy';
  const secao = [
    TITULO,
    '',
    `Medido em ${new Date().toISOString().slice(0, 16)}Z (${Math.round((performance.now() - inicio) / 1000)} s ao todo; load average ` +
      `${loadavg()[0]?.toFixed(1)} na máquina de ${cpus().length} núcleos, PostgreSQL de um cluster descartável).`,
    `Carga mista do painel pelo proxy de rodízio do teste (autocannon, ${CONEXOES} conexões, ${SEGUNDOS} s por rodada): lista de`,
    'veículos (a lista inteira da revenda, que cresce com as inclusões das rodadas), leitura de um veículo e inclusão de veículo, 2 : 2 : 1, como o gestor da revenda de demonstração,',
    `com ${TELAS} telas ao vivo (SSE) abertas pelo proxy.`,
    '',
    '| instâncias | req/s | p50 | p99 | erros / não-2xx | requisições |',
    '|---|---|---|---|---|---|',
    ...rodadas.map((r) => `| ${r.instancias} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.erros} | ${r.total} |`),
    '',
    'O que o número quer dizer aqui: as instâncias, o PostgreSQL, o proxy e o gerador de carga dividem os mesmos núcleos',
    '(e a máquina é compartilhada), então mais instâncias não trazem mais CPU: a vazão fica parecida ou cai um pouco',
    '(mais processos disputando os núcleos, mais conexões e LISTEN no banco), e o p99 mede sobretudo a fila por CPU.',
    'Em máquinas separadas (cada instância com seus núcleos, o PostgreSQL na sua) espera-se, sem medida aqui, que a vazão das leituras cresça perto de',
    'linearmente com as instâncias até o PostgreSQL saturar; as escritas têm o custo das transações no banco, comum a todas.',
    '',
    'Do teste `apps/server/test/multi-instancia.int.test.ts` (três instâncias, mesma máquina): evento gravado por uma',
    'instância chega ao SSE de outra com p50 ≈ 55 ms e p95 ≈ 200–260 ms (50 mudanças); um lote cuja instância morre (SIGKILL)',
    'é retomado por outra na rodada do minuto seguinte, 22–33 s depois nas execuções (no pior caso, estimado, ~90 s: o minuto, a verificação das',
    'agendas a cada 30 s e a consulta da fila a cada 15 s), mais o lease de 5 min dos itens que estavam em voo.',
  ];
  const arquivo = path.join(RAIZ, 'bench/resultados.md');
  const atuais = readFileSync(arquivo, 'utf8').trimEnd().split('\n');
  const de = atuais.indexOf(TITULO);
  const ate = de < 0 ? -1 : atuais.findIndex((l, i) => i > de && l.startsWith('## '));
  const antes = de < 0 ? atuais : atuais.slice(0, de);
  const depois = de < 0 || ate < 0 ? [] : atuais.slice(ate);
  writeFileSync(
    arquivo,
    `${[...antes, ...(antes.at(-1) === '' ? [] : ['']), ...secao, ...(depois.length ? ['', ...depois] : [])].join('\n')}\n`,
  );
  process.exit(0);
}
