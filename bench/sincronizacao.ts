/**
 * Sync benchmark (issue 24 item 1, "a price change reached 0 of 30 adverts after 91 s"): one vehicle published on
 * Autoscar, Webmotors and Na Pista (their sandboxes, mounted on the server built here, listening on loopback), then its
 * price changed through the API 20 times, one after the other, with the reseller's setting "automático". The app's own
 * background job (pg-boss, queued and woken by the save) updates the three adverts. A change has arrived at a channel
 * when that channel's `atualizar` answered ok for the new price (timed at the adapter: no polling loads the process);
 * the sandboxes are checked for the last price at the end. Per change: from the save request to all three channels
 * holding the new price (p50, p95; goal p95 ≤ 5 s). Autoscar's sandbox counts the changes each advert received.
 * Runs on the embedded PGlite and, when DATABASE_URL is set, on that PostgreSQL server (a database created and dropped).
 * Alone: `node --import tsx bench/sincronizacao.ts` (replaces its section of bench/resultados.md), or within `npm run bench`.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CanalId } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { PublicacaoVeiculo } from '../apps/server/src/canais/publicacao.ts';
import { chamar, entrar, percentil } from './http.ts';
import { registradorDaSecao } from './secao.ts';
import { bancoPostgres, type Registrar } from './veiculos.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MUDANCAS = 20;
const CANAIS: CanalId[] = ['autoscar', 'webmotors', 'meucarronovo'];
const NA_PISTA = { email_meucarronovo: 'loja@autodemo.test', senha_meucarronovo: 's' };

async function medirEm(registrar: Registrar, rotulo: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const { CANAIS_REGISTRADOS } = await import('../apps/server/src/canais/registro.ts');
  const { ArmazenamentoLocal } = await import('../apps/server/src/midia/armazenamento.ts');
  const { salvarImagemEnviada } = await import('../apps/server/src/midia/imagens-enviadas.ts');
  const { VEICULO_EXEMPLO } = await import('../apps/server/test/acesso.matriz.ts');
  const { revendas } = await import('../apps/server/src/db/schema/index.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-sinc-'));
  const pgBanco = databaseUrl ? await bancoPostgres(databaseUrl, 'bench_sincronizacao') : null;
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1', SANDBOX_INSPECAO: '1' };
  if (pgBanco) Object.assign(env, { DATABASE_URL: pgBanco.url, SECRET_KEY: 'chave-do-bench-com-mais-de-32-caracteres!!' });
  const aplicacao = await buildApp(lerConfig(env), { logger: false });
  /** When each channel first answered ok an update carrying this price. */
  const chegouEm = new Map<string, number>();
  const originais = CANAIS.map((canal) => {
    // Any channel's adapter (the three are wrapped alike; `atualizar` takes each its own post).
    const pub: PublicacaoVeiculo | undefined = CANAIS_REGISTRADOS[canal].publicacao;
    const original = pub?.atualizar;
    if (!pub || !original) throw new Error(`${canal} sem atualizar`);
    pub.atualizar = async (...args) => {
      const r = await original(...args);
      const chave = `${canal}:${args[2].valor}`;
      if (r.ok && !chegouEm.has(chave)) chegouEm.set(chave, performance.now());
      return r;
    };
    return () => {
      pub.atualizar = original;
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
    await chamar(base, admin, 'PUT', `/api/revendas/${revenda}/integracoes/autoscar`, { status: true, id_autoscar: '123' });
    await chamar(base, gestor, 'POST', '/api/integracao/webmotors/configurar', {
      id_revenda: revenda,
      cnpj_revenda: '12345678000195',
      email_webmotors: 'loja@autodemo.test',
      senha_webmotors: 's',
    });
    await chamar(base, gestor, 'PUT', `/api/revendas/${revenda}/integracoes/meucarronovo`, { status: true, ...NA_PISTA });
    await chamar(base, gestor, 'POST', '/api/integracao/meucarronovo/configurar', { id_revenda: revenda, ...NA_PISTA });
    await chamar(base, gestor, 'PUT', `/api/revendas/${revenda}/sincronizacao`, { sincronizacao: 'automatico' });

    // The vehicle, with one photo, published on the three channels.
    const armazenamento = new ArmazenamentoLocal(path.join(dir, 'arquivos'));
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#386641' } })
      .jpeg()
      .toBuffer();
    const renditions = { formato: 'jpeg' as const, original: jpeg, exibicao: jpeg, miniatura: jpeg, moldura: null };
    const foto = await salvarImagemEnviada(armazenamento, { idRevenda: revenda, tipo: 'veiculo', nome: 'sinc.jpg', renditions });
    const corpo = { ...VEICULO_EXEMPLO, imagens: [foto] };
    const { id } = await chamar<{ id: string }>(base, gestor, 'POST', `/api/revendas/${revenda}/veiculos`, corpo);
    const a = await chamar<{ veiculoPost: object }>(base, gestor, 'POST', '/api/integracao/autoscar/incluir', { id_veiculo: id });
    const as = await chamar<{ id_anuncio: string }>(base, gestor, 'POST', '/api/integracao/autoscar/enviar', {
      id_veiculo: id,
      veiculo_post: a.veiculoPost,
    });
    const w = await chamar<{ veiculoPost: { TipoAnuncio: string }; retModalidade: { id: string; tipoAnuncio: string }[] }>(
      base,
      gestor,
      'POST',
      '/api/integracao/webmotors/incluir',
      { id_veiculo: id },
    );
    const wm = await chamar<{ id_anuncio: string }>(base, gestor, 'POST', '/api/integracao/webmotors/enviar', {
      id_veiculo: id,
      veiculo_post: { ...w.veiculoPost, CodigoModalidade: w.retModalidade.find((m) => m.tipoAnuncio === w.veiculoPost.TipoAnuncio)?.id },
    });
    const d = await chamar<{ veiculoPost: object; retTiposAnuncio: { id: string; nome: string }[] }>(
      base,
      gestor,
      'POST',
      '/api/integracao/meucarronovo/incluir',
      { id_veiculo: id },
    );
    await chamar(base, gestor, 'POST', '/api/integracao/meucarronovo/enviar', {
      id_veiculo: id,
      veiculo_post: { ...d.veiculoPost, idTipoAnuncio: d.retTiposAnuncio.find((t) => t.nome === 'Simples')?.id, aceitaTroca: true },
    });

    // The price changes, one after the other: each waits until the three channels hold it (60 s at most).
    const tempos: number[] = [];
    let preco = 72900;
    for (let i = 0; i < MUDANCAS; i++) {
      preco += 100;
      const atual = await chamar<{ versao: string }>(base, gestor, 'GET', `/api/revendas/${revenda}/veiculos/${id}`);
      const t0 = performance.now();
      await chamar(base, gestor, 'PUT', `/api/revendas/${revenda}/veiculos/${id}`, {
        ...corpo,
        vevalor: `${preco.toLocaleString('pt-BR')},00`,
        versao: atual.versao,
      });
      const chegou = () => CANAIS.every((c) => chegouEm.has(`${c}:${preco}`));
      const limite = performance.now() + 60_000;
      while (!chegou() && performance.now() < limite) await new Promise((ok) => setTimeout(ok, 10));
      if (!chegou()) throw new Error(`o preço ${preco} não chegou aos 3 canais em 60 s`);
      tempos.push(Math.max(...CANAIS.map((c) => chegouEm.get(`${c}:${preco}`) ?? 0)) - t0);
    }
    // The sandboxes hold the last price; Autoscar counted one change per save.
    const asAnuncio = (
      (await (await fetch(`${base}/sandbox/autoscar/_anuncios`)).json()) as {
        anuncios: { advId: string; price: number; alteracoes: number }[];
      }
    ).anuncios.find((x) => x.advId === as.id_anuncio);
    const wmAnuncio = (
      (await (await fetch(`${base}/sandbox/webmotors/_anuncios`)).json()) as { anuncios: { CodigoAnuncio: number; PrecoReal: string }[] }
    ).anuncios.find((x) => String(x.CodigoAnuncio) === String(wm.id_anuncio));
    if (asAnuncio?.price !== preco || Number(wmAnuncio?.PrecoReal) !== preco) throw new Error('a sandbox não tem o último preço');

    const nome = `sincronização: mudança de preço de 1 veículo em 3 canais (Autoscar, Webmotors, Na Pista; sandbox, ${rotulo})`;
    registrar(`${nome}: do salvamento até os 3 canais terem o preço novo, p50 de ${MUDANCAS}`, percentil(tempos, 0.5), 'ms', 5000);
    registrar(`${nome}: do salvamento até os 3 canais terem o preço novo, p95 de ${MUDANCAS}`, percentil(tempos, 0.95), 'ms', 5000);
    registrar(
      `${nome}: alterações repetidas no canal (Autoscar, contadas)`,
      Math.max(0, (asAnuncio?.alteracoes ?? 0) - MUDANCAS),
      'alterações',
      0,
    );
  } finally {
    for (const restaurar of originais) restaurar();
    await aplicacao.app.close();
    await pgBanco?.descartar();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function medirSincronizacao(registrar: Registrar) {
  await medirEm(registrar, 'PGlite');
  if (process.env.DATABASE_URL) await medirEm(registrar, 'PostgreSQL', process.env.DATABASE_URL);
}

// Alone: measure and replace this benchmark's section in bench/resultados.md.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { linhas, registrar, ok } = registradorDaSecao();
  const t = performance.now();
  await medirSincronizacao(registrar);
  const titulo = '## Sincronização (`bench/sincronizacao.ts`): mudança de preço em 3 canais (sandbox)';
  const secao = [
    titulo,
    '',
    `Medido em ${new Date().toISOString().slice(0, 16)}Z (${Math.round((performance.now() - t) / 1000)} s ao todo; load average`,
    `${loadavg()[0]?.toFixed(1)} na máquina de ${cpus().length} núcleos). Configuração "automático"; ${MUDANCAS} mudanças de preço pela API,`,
    'uma depois da outra; o job de sincronização (pg-boss, enfileirado e acordado pelo salvamento) atualiza os 3 anúncios; um',
    'canal tem o preço quando o seu `atualizar` respondeu ok com ele; no fim as sandboxes têm o último preço. Antes da edição 24:',
    '0 de 30 anúncios atualizados depois de 91 s.',
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
