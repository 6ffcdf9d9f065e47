/**
 * Bulk sale benchmark (issue 24, "delisting after a sale has a tail"): 50 vehicles published on Facebook, Na Pista and
 * Autoscar (their sandboxes, mounted on the server built here, listening on loopback), then marked sold through the
 * API, 5 requests at a time as a bulk action would. The app's own background job (pg-boss, woken by each sale) takes
 * the adverts down; an advert is gone when its sandbox answered the removal (timed at the adapter: no polling loads the
 * process), and the sandboxes are checked once all are. Per vehicle: from its sale request to the moment none of its
 * three adverts is online any more (p50, p99; goal p99 ≤ 5 s; 40 s before). The direct work beside it: the longest of
 * the vehicle's three channel removal calls (timed around the adapters' `excluir`), so the ratio is what the sale,
 * the queue and the waiting add. Duplicates: Autoscar's sandbox counts the DELETEs each advert received.
 * Runs on the embedded PGlite and, when DATABASE_URL is set, on that PostgreSQL server (a database created and dropped).
 * Alone: `node --import tsx bench/vendas-lote.ts` (replaces its section of bench/resultados.md), or within `npm run bench`.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CanalId } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { chamar, entrar, percentil } from './http.ts';
import { registradorDaSecao } from './secao.ts';
import { bancoPostgres, type Registrar } from './veiculos.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VEICULOS = 50;
const CANAIS: CanalId[] = ['facebook', 'meucarronovo', 'autoscar'];
const PAGINA_FB = '100000000000001';
const CONTA_IG = '17841400000000001';
const NA_PISTA = { email_meucarronovo: 'loja@autodemo.test', senha_meucarronovo: 's' };

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const { CANAIS_REGISTRADOS } = await import('../apps/server/src/canais/registro.ts');
  const { ArmazenamentoLocal } = await import('../apps/server/src/midia/armazenamento.ts');
  const { salvarImagemEnviada } = await import('../apps/server/src/midia/imagens-enviadas.ts');
  const { VEICULO_EXEMPLO } = await import('../apps/server/test/acesso.matriz.ts');
  const { revendas } = await import('../apps/server/src/db/schema/index.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-vendas-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_vendas') : null;
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1', SANDBOX_INSPECAO: '1' };
  if (pgBanco) Object.assign(env, { DATABASE_URL: pgBanco.url, SECRET_KEY: 'chave-do-bench-com-mais-de-32-caracteres!!' });
  const aplicacao = await buildApp(lerConfig(env), { logger: false });
  // Each channel removal call, timed (the direct work of a vehicle's removal).
  const chamadas = new Map<string, number>();
  /** When each advert's removal was answered by its sandbox (the advert gone). */
  const saiuEm = new Map<string, number>();
  const originais = CANAIS.map((canal) => {
    const pub = CANAIS_REGISTRADOS[canal].publicacao;
    if (!pub) throw new Error(`${canal} sem publicação`);
    const original = pub.excluir;
    pub.excluir = async (...args) => {
      const t = performance.now();
      const r = await original(...args);
      const fim = performance.now();
      chamadas.set(`${canal}:${args[2]}`, fim - t);
      if (r.ok && !saiuEm.has(`${canal}:${args[2]}`)) saiuEm.set(`${canal}:${args[2]}`, fim);
      return r;
    };
    return () => {
      pub.excluir = original;
    };
  });
  try {
    await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = aplicacao.app.server.address();
    const base = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
    const gestor = await entrar(base, 'gestor@autodemo.test');
    const admin = await entrar(base, 'admin@intermedio.test');
    const [demo] = await aplicacao.banco.db
      .select({ id: revendas.id })
      .from(revendas)
      .where(eq(revendas.penome_fantasia, 'Auto Demo Veículos'));
    const revenda = demo?.id ?? '';

    // The three channels, as the dealer (and, for Autoscar, the admin) configures them.
    for (const canal of ['facebook', 'instagram'] as const)
      await chamar(base, gestor, 'POST', `/api/integracao/${canal}/configurar`, { id_revenda: revenda, access_token: 'sbx.demo.teste' });
    await chamar(base, gestor, 'POST', '/api/integracao/facebook/configurar-pagina', {
      id_revenda: revenda,
      page_id: PAGINA_FB,
      page_name: 'Auto Demo Veículos',
      page_access_token: `sbxpage.${PAGINA_FB}`,
    });
    await chamar(base, gestor, 'POST', '/api/integracao/instagram/configurar-pagina', {
      id_revenda: revenda,
      page_id: CONTA_IG,
      page_name: 'autodemoveiculos',
    });
    await chamar(base, gestor, 'PUT', `/api/revendas/${revenda}/integracoes/meucarronovo`, { status: true, ...NA_PISTA });
    await chamar(base, gestor, 'POST', '/api/integracao/meucarronovo/configurar', { id_revenda: revenda, ...NA_PISTA });
    await chamar(base, admin, 'PUT', `/api/revendas/${revenda}/integracoes/autoscar`, { status: true, id_autoscar: '123' });

    // 50 vehicles with a photo each, published on the three channels (5 at a time).
    const armazenamento = new ArmazenamentoLocal(path.join(dir, 'arquivos'));
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#386641' } })
      .jpeg()
      .toBuffer();
    const publicar = async (i: number) => {
      const renditions = { formato: 'jpeg' as const, original: jpeg, exibicao: jpeg, miniatura: jpeg, moldura: null };
      const foto = await salvarImagemEnviada(armazenamento, { idRevenda: revenda, tipo: 'veiculo', nome: `lote-${i}.jpg`, renditions });
      const { id } = await chamar<{ id: string }>(base, gestor, 'POST', `/api/revendas/${revenda}/veiculos`, {
        ...VEICULO_EXEMPLO,
        imagens: [foto],
      });
      const fb = await chamar<{ id_anuncio: string }>(base, gestor, 'POST', '/api/integracao/facebook/enviar', {
        id_veiculo: id,
        veiculo_post: { face_descricao: `Lote ${i} — Fiat Argo Drive 2023`, face_link: 'https://autodemo.test/estoque' },
      });
      const d = await chamar<{ veiculoPost: object; retTiposAnuncio: { id: string; nome: string }[] }>(
        base,
        gestor,
        'POST',
        '/api/integracao/meucarronovo/incluir',
        { id_veiculo: id },
      );
      const np = await chamar<{ id_anuncio: string }>(base, gestor, 'POST', '/api/integracao/meucarronovo/enviar', {
        id_veiculo: id,
        veiculo_post: { ...d.veiculoPost, idTipoAnuncio: d.retTiposAnuncio.find((t) => t.nome === 'Simples')?.id, aceitaTroca: true },
      });
      const a = await chamar<{ veiculoPost: object }>(base, gestor, 'POST', '/api/integracao/autoscar/incluir', { id_veiculo: id });
      const as = await chamar<{ id_anuncio: string }>(base, gestor, 'POST', '/api/integracao/autoscar/enviar', {
        id_veiculo: id,
        veiculo_post: a.veiculoPost,
      });
      return { id, anuncios: { facebook: fb.id_anuncio, meucarronovo: np.id_anuncio, autoscar: as.id_anuncio } as Record<CanalId, string> };
    };
    const publicados: Awaited<ReturnType<typeof publicar>>[] = [];
    for (let i = 0; i < VEICULOS; i += 5)
      publicados.push(...(await Promise.all(Array.from({ length: Math.min(5, VEICULOS - i) }, (_, j) => publicar(i + j + 1)))));

    /** The adverts of these vehicles still online at the sandboxes. */
    const noAr = async () => {
      const [fb, np, as] = await Promise.all(
        ['facebook', 'meucarronovo', 'autoscar'].map(async (c) => (await fetch(`${base}/sandbox/${c}/_anuncios`)).json()),
      );
      const online = new Set<string>();
      for (const p of (fb as { data: { id: string }[] }).data) online.add(`facebook:${p.id}`);
      for (const a of (np as { anuncios: { id?: unknown; codigo?: unknown }[] }).anuncios) {
        online.add(`meucarronovo:${String(a.id)}`);
        online.add(`meucarronovo:${String(a.codigo)}`);
      }
      for (const a of (as as { anuncios: { advId: string; removidoEm: string | null }[] }).anuncios)
        if (!a.removidoEm) online.add(`autoscar:${a.advId}`);
      return online;
    };
    const antes = await noAr();
    const todos = publicados.flatMap((p) => CANAIS.map((c) => `${c}:${p.anuncios[c]}`));
    if (!todos.every((a) => antes.has(a))) throw new Error('nem todos os anúncios chegaram às sandboxes');

    // The sales (5 requests at a time). An advert is gone when its sandbox answered the removal (timed at the
    // adapter, so no polling loads the process); checked at the sandboxes once all are gone.
    const vendidoEm = new Map<string, number>();
    const t0 = performance.now();
    for (let i = 0; i < publicados.length; i += 5)
      await Promise.all(
        publicados.slice(i, i + 5).map(async (p) => {
          vendidoEm.set(p.id, performance.now());
          await chamar(base, gestor, 'POST', `/api/revendas/${revenda}/veiculos/${p.id}/vender`, { publicar_vendido: false });
        }),
      );
    const vendasMs = performance.now() - t0;
    const limite = performance.now() + 60_000;
    while (todos.some((a) => !saiuEm.has(a)) && performance.now() < limite) await new Promise((ok) => setTimeout(ok, 20));
    const faltando = todos.filter((a) => !saiuEm.has(a));
    if (faltando.length) throw new Error(`${faltando.length} anúncios ainda no ar 60 s depois das vendas`);
    const online = await noAr();
    if (todos.some((a) => online.has(a))) throw new Error('a sandbox ainda lista um anúncio que respondeu removido');

    const porVeiculo = publicados.map(
      (p) => Math.max(...CANAIS.map((c) => saiuEm.get(`${c}:${p.anuncios[c]}`) ?? 0)) - (vendidoEm.get(p.id) ?? 0),
    );
    const direto = publicados.map((p) => Math.max(...CANAIS.map((c) => chamadas.get(`${c}:${p.anuncios[c]}`) ?? 0)));
    const exclusoes = (
      (await (await fetch(`${base}/sandbox/autoscar/_anuncios`)).json()) as { anuncios: { advId: string; exclusoes: number }[] }
    ).anuncios.filter((a) => publicados.some((p) => p.anuncios.autoscar === a.advId));
    const duplicadas = exclusoes.reduce((n, a) => n + Math.max(0, a.exclusoes - 1), 0);
    const ultimo = Math.max(...saiuEm.values()) - t0;

    const nome = `venda em lote: ${VEICULOS} veículos em 3 canais (sandbox, ${rotulo})`;
    registrar(`${nome}: da venda até sair de todos os canais, p50 por veículo`, percentil(porVeiculo, 0.5), 'ms', 5000);
    registrar(`${nome}: da venda até sair de todos os canais, p99 por veículo`, percentil(porVeiculo, 0.99), 'ms', 5000);
    registrar(`${nome}: trabalho direto (a mais longa das 3 exclusões no canal), p50 por veículo`, percentil(direto, 0.5), 'ms', 5000);
    registrar(
      `${nome}: razão p50 da venda até sair ÷ trabalho direto p50`,
      percentil(porVeiculo, 0.5) / Math.max(percentil(direto, 0.5), 0.001),
      '×',
      Number.POSITIVE_INFINITY,
    );
    registrar(`${nome}: da 1ª venda até o último anúncio sair (as 50 vendas levaram ${Math.round(vendasMs)} ms)`, ultimo, 'ms', 10_000);
    registrar(`${nome}: exclusões repetidas no canal (Autoscar, contadas)`, duplicadas, 'exclusões', 0);
  } finally {
    for (const restaurar of originais) restaurar();
    await aplicacao.app.close();
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function medirVendasLote(registrar: Registrar) {
  await medirEm(registrar, 'PGlite');
  if (process.env.DATABASE_URL) await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL);
}

// Alone: measure and replace this benchmark's section in bench/resultados.md.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { linhas, registrar, ok } = registradorDaSecao();
  const t = performance.now();
  await medirVendasLote(registrar);
  const titulo = '## Venda em lote (`bench/vendas-lote.ts`): 50 veículos em 3 canais (sandbox)';
  const secao = [
    titulo,
    '',
    `Medido em ${new Date().toISOString().slice(0, 16)}Z (${Math.round((performance.now() - t) / 1000)} s ao todo, com a publicação dos 150`,
    `anúncios; load average ${loadavg()[0]?.toFixed(1)} na máquina de ${cpus().length} núcleos).`,
    'Facebook, Na Pista e Autoscar nas sandboxes montadas no próprio servidor; as 50 vendas pela API, 5 por vez;',
    'o job da venda (pg-boss, acordado por cada venda) retira os anúncios; um anúncio saiu quando a sandbox respondeu à exclusão. Por',
    'veículo: do pedido de venda até nenhum dos 3 anúncios estar no ar. Trabalho direto: a mais longa das 3 chamadas',
    '`excluir` do veículo. Antes da edição 24: 17 de 50 veículos com anúncio por ~40 s.',
    '',
    '| medida | valor | meta | |',
    '|---|---|---|---|',
    ...linhas,
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
