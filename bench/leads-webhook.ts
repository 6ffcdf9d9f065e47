/**
 * Leads webhook burst (issue 26 "Measured"): 1,000 OLX lead deliveries to a reseller's signed endpoint, 800 distinct
 * leads and 200 redeliveries of leads already sent (20 %), 50 at a time, while the reseller's gestor has the inbox
 * open: an SSE stream (`/api/eventos`) and what the inbox screen does with it (apps/web lib/lista-ao-vivo.ts): the
 * events of 40 ms gathered, then the new leads among them read in one request (`POST …/leads/linhas`; one lead alone:
 * `GET …/leads/:idLead`). Measured:
 * - the webhook's answer (p99; target 100 ms: the channel must not time out);
 * - from the first delivery of a lead until the inbox holds it (p99; target 1 s);
 * - counted: leads lost (not stored, or never shown) and duplicated (more than one row per channel id), both 0.
 * PostgreSQL runs too when DATABASE_URL is set (a database created and dropped). The server runs in a child process
 * (the channel and the browser are other machines): the clients below do not take its CPU turns; the deliveries go
 * through node:http on kept-alive connections (`postar`), not WHATWG fetch, so the load generator is not what is timed.
 * Alone: `node --import tsx bench/leads-webhook.ts` replaces its section of bench/resultados.md.
 * Investigating: BENCH_LEADS_PERFIL=dir writes the server's CPU profile (`--cpu-prof`, one file per thread, per
 * database) when it stops; BENCH_LEADS_NODE_ARGS adds Node flags to the server (e.g. `--import ./my-hook.mjs`).
 */
import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { chamar, entrar, percentil, type Sessao } from './http.ts';
import { registradorDaSecao, substituirSecao } from './secao.ts';
import { bancoPostgres, linhas, type Registrar } from './veiculos.ts';

// BENCH_LEADS_ENTREGAS / BENCH_LEADS_SIMULTANEAS: a smaller burst while investigating (the figures use the defaults).
const ENTREGAS = Number(process.env.BENCH_LEADS_ENTREGAS ?? 1000);
const DUPLICADAS = ENTREGAS / 5;
const SIMULTANEAS = Number(process.env.BENCH_LEADS_SIMULTANEAS ?? 50);
const ESPERA_MS = 120_000;
/** Deliveries before the burst, not measured (a server in service is warm). */
const AQUECIMENTO = 100;

/**
 * One POST with node:http on a kept-alive agent: the load generator must not be what is measured. WHATWG fetch cost
 * this process ~1 ms of CPU per delivery, a whole core for the burst on the 2-core machine the server shares, so its
 * own event loop's wait was most of the "answer" time (the server's own time from request to answer: p99 ~35 ms).
 */
function postar(agente: Agent, url: URL, corpo: string) {
  return new Promise<number>((ok, falhou) => {
    const pedido = httpRequest(
      url,
      { method: 'POST', agent: agente, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(corpo) } },
      (r) => {
        r.resume();
        r.on('end', () => ok(r.statusCode ?? 0));
        r.on('error', falhou);
      },
    );
    pedido.on('error', falhou);
    pedido.end(corpo);
  });
}

/** Delivers `ordem` (OLX lead ids) to the webhook, `simultaneas` at a time; each answer's time, each lead's first send. */
async function entregar(agente: Agent, endereco: string, ordem: string[], simultaneas: number) {
  const url = new URL(endereco);
  const enviadoEm = new Map<string, number>();
  const respostas: number[] = [];
  const falhas: string[] = [];
  let proxima = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: simultaneas }, async () => {
      while (proxima < ordem.length) {
        const leadId = ordem[proxima++] ?? '';
        const t = performance.now();
        if (!enviadoEm.has(leadId)) enviadoEm.set(leadId, t);
        const status = await postar(
          agente,
          url,
          JSON.stringify({
            leadId,
            adId: 'nao-publicado',
            name: `Comprador ${leadId}`,
            email: 'comprador@olx.bench',
            phone: '(11) 91234-5678',
            message: 'Olá, o carro ainda está disponível?',
            createdAt: new Date().toISOString(),
          }),
        );
        respostas.push(performance.now() - t);
        if (status !== 200) falhas.push(`${leadId}: ${status}`);
      }
    }),
  );
  if (falhas.length) throw new Error(`webhook recusou ${falhas.length} entregas: ${falhas.slice(0, 3).join('; ')}`);
  return { enviadoEm, respostas, rajadaMs: performance.now() - t0 };
}

/** lib/lista-ao-vivo.ts ATRASO_LISTA_MS: the screen patches its list once per 40 ms of events. */
const ATRASO_CAIXA_MS = 40;

/**
 * The inbox of one reseller, as the screen: SSE events gathered for ATRASO_CAIXA_MS, then their new leads read in one
 * request (one alone: its GET); answers when each external id was shown.
 */
async function abrirCaixa(base: string, { cookie, csrf }: Sessao, idRevenda: string) {
  const controle = new AbortController();
  const r = await fetch(`${base}/api/eventos`, { headers: { cookie }, signal: controle.signal });
  const leitor = r.body?.getReader();
  if (!leitor) throw new Error('sem fluxo SSE');
  const vistos = new Map<string, number>(); // id_externo → when the inbox had it
  const pedidos = new Set<string>();
  const buscas: Promise<void>[] = [];
  let pendentes: string[] = [];
  let ultimoEvento = performance.now();
  let relogio: ReturnType<typeof setTimeout> | undefined;
  const daRevenda = `${base}/api/revendas/${idRevenda}/leads`;
  const buscar = async (ids: string[]) => {
    const r =
      ids.length === 1
        ? await fetch(`${daRevenda}/${ids[0]}`, { headers: { cookie } })
        : await fetch(`${daRevenda}/linhas`, {
            method: 'POST',
            headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
            body: JSON.stringify({ ids }),
          });
    const corpo = (await r.json()) as { data: { id_externo: string } | { id_externo: string }[] };
    if (r.status !== 200) return;
    const agora = performance.now();
    for (const l of Array.isArray(corpo.data) ? corpo.data : [corpo.data]) vistos.set(l.id_externo, agora);
  };
  const aplicar = () => {
    relogio = undefined;
    const ids = pendentes;
    pendentes = [];
    buscas.push(buscar(ids));
  };
  const decodificador = new TextDecoder();
  let resto = '';
  let conectado!: () => void;
  const pronto = new Promise<void>((ok) => {
    conectado = ok;
  });
  const ler = (async () => {
    for (;;) {
      const { value, done } = await leitor.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      resto += decodificador.decode(value, { stream: true });
      const blocos = resto.split('\n\n');
      resto = blocos.pop() ?? '';
      for (const b of blocos) {
        if (b.includes('event: conectado')) conectado();
        const dados = /^data: (.*)$/m.exec(b)?.[1];
        if (!dados || b.includes('event:')) continue;
        const e = JSON.parse(dados) as { tabela: string; id: string };
        ultimoEvento = performance.now();
        if (e.tabela !== 'leads' || pedidos.has(e.id)) continue;
        pedidos.add(e.id);
        pendentes.push(e.id);
        relogio ??= setTimeout(aplicar, ATRASO_CAIXA_MS);
      }
    }
  })();
  await pronto;
  return {
    vistos,
    ultimoEvento: () => ultimoEvento,
    async fechar() {
      if (relogio) {
        clearTimeout(relogio);
        aplicar();
      }
      await Promise.all(buscas);
      controle.abort();
      await ler;
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 0 elsewhere). */
function cpuDe(pid: number | undefined) {
  try {
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(campos[11]) + Number(campos[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return 0;
  }
}

/**
 * The server runs in a child process (apps/server/test/ajuda/processo.ts), as in production: the channel and the
 * browser are other machines, so the load generator and the open inbox (this process) do not take the server's CPU
 * turns. BENCH_LEADS_PERFIL=dir: the server writes a CPU profile there (`--cpu-prof`) when it stops.
 */
async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { abrirBanco } = await import('../apps/server/src/db/cliente.ts');
  const { iniciarServidor } = await import('../apps/server/test/ajuda/processo.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-leads-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_leads') : null;
  const segredo = 'chave-do-bench-com-mais-de-32-caracteres!!';
  const perfil = process.env.BENCH_LEADS_PERFIL;
  const processos: ChildProcess[] = [];
  const encerrar = async () => {
    const filho = processos[0];
    if (!filho || filho.exitCode !== null) return;
    const saiu = new Promise((ok) => filho.once('exit', ok));
    filho.kill('SIGTERM');
    await saiu;
  };
  try {
    const base = await iniciarServidor(pgBanco?.url ?? null, processos, { DATA_DIR: dir, SECRET_KEY: segredo, LOG_LEVEL: 'warn' }, [
      ...(perfil ? ['--cpu-prof', `--cpu-prof-dir=${path.join(perfil, rotulo)}`] : []),
      ...(process.env.BENCH_LEADS_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ]);
    const gestor = await entrar(base, 'gestor@autodemo.test');
    const eu = await chamar<{ usuario: { revenda: string } }>(base, gestor, 'GET', '/api/auth/sessao');
    const idRevenda = eu.usuario.revenda;
    // The reseller's own OLX endpoint (docs/leads.md): its last segment is HMAC-SHA256(SECRET_KEY, "olx-leads:{id}").
    const assinatura = createHmac('sha256', segredo).update(`olx-leads:${idRevenda}`).digest('base64url');
    const url = `${base}/api/webhooks/olx/leads/${idRevenda}.${assinatura}`;
    const caixa = await abrirCaixa(base, gestor, idRevenda);
    const agente = new Agent({ keepAlive: true, maxSockets: SIMULTANEAS });

    // 1,000 deliveries: every 5th re-delivers a lead already sent (the channel retrying), the others are new.
    const prefixo = `BENCH-${rotulo}-${Date.now()}`;
    const ordem: string[] = [];
    let novos = 0;
    for (let i = 0; i < ENTREGAS; i++) {
      if (i % (ENTREGAS / DUPLICADAS) === ENTREGAS / DUPLICADAS - 1) ordem.push(ordem[Math.floor(Math.random() * ordem.length)] ?? '');
      else ordem.push(`${prefixo}-${novos++}`);
    }
    // A server in service has taken deliveries before: AQUECIMENTO of them first, not measured, so the burst does not
    // time the first compilation of the webhook's, the inbox's and the processing job's code. They go SIMULTANEAS at a
    // time, so the burst finds its connections open, as the server behind the deployment's proxy does (nginx's upstream
    // `keepalive`, docs/implantacao.md §3): 40 new TCP connections at the Node server itself cost the burst's first
    // wave 100–250 ms waiting to be accepted while the server answers the others (measured 27/11; docs/leads.md).
    const aquecer = Array.from({ length: AQUECIMENTO }, (_, i) => `AQUECE-${rotulo}-${Date.now()}-${i}`);
    await entregar(agente, url, aquecer, SIMULTANEAS);
    while (aquecer.some((id) => !caixa.vistos.has(id))) await new Promise((ok) => setTimeout(ok, 20));
    // …and processed (vehicle, round-robin, notices: their events stop coming) before the burst starts.
    while (performance.now() - caixa.ultimoEvento() < 500) await new Promise((ok) => setTimeout(ok, 50));

    const cpu0 = cpuDe(processos[0]?.pid);
    const { enviadoEm, respostas, rajadaMs } = await entregar(agente, url, ordem, SIMULTANEAS);
    // Until the inbox shows every distinct lead (or the wait runs out: what is missing counts as lost).
    const limite = performance.now() + ESPERA_MS;
    const vistosDaRajada = () => [...enviadoEm.keys()].filter((id) => caixa.vistos.has(id)).length;
    while (vistosDaRajada() < novos && performance.now() < limite) await new Promise((ok) => setTimeout(ok, 50));
    await caixa.fechar();
    const cpuMs = cpuDe(processos[0]?.pid) - cpu0;
    // Counted in the database itself, once the server stopped (PGlite has one process at a time).
    await encerrar();
    const banco = await abrirBanco({ databaseUrl: pgBanco?.url, dataDir: dir });
    const [contagem] = await linhas<{ linhas: number; distintos: number }>(
      banco.db.execute(sql`
        select count(*)::int as linhas, count(distinct id_externo)::int as distintos
        from leads where revenda_id = ${idRevenda} and canal = 'olx' and id_externo like ${`${prefixo}-%`}`),
    ).finally(() => banco.fechar());
    const visiveis = [...enviadoEm].flatMap(([id, t]) => {
      const v = caixa.vistos.get(id);
      return v === undefined ? [] : [v - t];
    });
    const perdidos = novos - Math.min(Number(contagem?.distintos ?? 0), vistosDaRajada());
    const n = `leads: ${ENTREGAS} entregas de webhook (${DUPLICADAS} repetidas), ${SIMULTANEAS} simultâneas (${rotulo})`;
    registrar(`${n}: resposta do webhook p99`, percentil(respostas, 0.99), 'ms', 100);
    registrar(`${n}: entrega → lead na caixa aberta (SSE + leitura da tela) p99`, percentil(visiveis, 0.99), 'ms', 1000);
    registrar(`${n}: leads perdidos (não gravados ou não mostrados, de ${novos})`, perdidos, 'leads', 0);
    registrar(
      `${n}: leads duplicados (linhas a mais por id do canal)`,
      Number(contagem?.linhas ?? 0) - Number(contagem?.distintos ?? 0),
      'leads',
      0,
    );
    return [
      `${rotulo}: rajada enviada em ${Math.round(rajadaMs)} ms; resposta p50 ${percentil(respostas, 0.5).toFixed(1)} ms; ` +
        `entrega → caixa p50 ${percentil(visiveis, 0.5).toFixed(0)} ms, máximo ${Math.max(0, ...visiveis).toFixed(0)} ms; ` +
        `CPU do servidor da rajada até a caixa completa ${Math.round(cpuMs)} ms (${(cpuMs / ENTREGAS).toFixed(1)} ms por entrega)`,
    ];
  } finally {
    await encerrar();
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function medirLeadsWebhook(registrar: Registrar) {
  const notas = await medirEm(registrar, 'PGlite');
  if (process.env.DATABASE_URL) notas.push(...(await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL)));
  return notas;
}

// Alone: measure and write this benchmark's section of bench/resultados.md (replaced if there; the others stay).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { linhas, registrar, ok } = registradorDaSecao();
  const inicio = performance.now();
  const notas = await medirLeadsWebhook(registrar);
  const TITULO = '## Leads por webhook (`bench/leads-webhook.ts`): rajada de 1.000 entregas, 20 % repetidas, caixa aberta';
  const secao = [
    TITULO,
    '',
    `Medido em ${new Date().toISOString().slice(0, 16)}Z (${Math.round((performance.now() - inicio) / 1000)} s ao todo; load average ` +
      `${loadavg()[0]?.toFixed(1)} na máquina de 2 núcleos${process.env.DATABASE_URL ? '; PostgreSQL de um cluster descartável' : ''}).`,
    `${ENTREGAS} POSTs de leads da OLX no endereço assinado da revenda demo, ${SIMULTANEAS} de cada vez: ${ENTREGAS - DUPLICADAS} leads`,
    `distintos e ${DUPLICADAS} reentregas de leads já enviados. O gestor está com a caixa aberta: um fluxo SSE (/api/eventos) e,`,
    'o que a tela faz com ele (lib/lista-ao-vivo.ts): junta os eventos de 40 ms e lê os leads novos deles num pedido só',
    '(POST …/leads/linhas; um lead sozinho, o seu GET). "Entrega → caixa": da primeira entrega do lead até a resposta da',
    'leitura que o trouxe. Perdidos: leads distintos não gravados ou nunca mostrados; duplicados: linhas além de uma por id.',
    'O servidor roda num processo à parte (como em produção: o canal e o navegador são outras máquinas); os clientes e a',
    'caixa, no processo do bench. As entregas vão por node:http em conexões mantidas abertas, aquecidas com 100 entregas',
    '50 de cada vez, como o servidor as recebe atrás do proxy (keepalive, docs/implantacao.md §3; docs/leads.md diz o que',
    'muda com conexões novas). Contagens no banco, com o servidor já parado.',
    '',
    '| medida | valor | meta | |',
    '|---|---|---|---|',
    ...linhas,
    '',
    ...notas.map((n) => `- ${n}`),
  ];
  substituirSecao(TITULO, secao);
  console.log([...linhas, ...notas].join('\n'));
  process.exit(ok() ? 0 : 1);
}
