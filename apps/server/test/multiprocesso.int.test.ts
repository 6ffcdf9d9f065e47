import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import type { EventoMudanca } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from '../src/config.ts';
import { moderacao } from '../src/db/schema/index.ts';
import { novoBanco } from './ajuda/ambiente.ts';
import { abrirFluxo, type ItemFluxo } from './ajuda/fluxo.ts';
import { entrarHttp, iniciarServidor } from './ajuda/processo.ts';

/** Two server processes on one PostgreSQL database (needs DATABASE_URL: runs in the PostgreSQL pass). */
let b: Awaited<ReturnType<typeof novoBanco>>;
const processos: ChildProcess[] = [];

const iniciar = (url: string) => iniciarServidor(url, processos);
const entrarAdmin = (base: string) => entrarHttp(base, 'admin@intermedio.test');

beforeAll(async () => {
  b = await novoBanco();
});
afterAll(async () => {
  for (const p of processos) p.kill('SIGTERM');
  await b.descartar();
});

describe('two server processes on one PostgreSQL database', () => {
  it('start together (one seeds, both migrate), share sessions, and both stream a change written elsewhere', async () => {
    expect(b.url).toBeDefined();
    const url = b.url ?? '';
    const [s1, s2] = await Promise.all([iniciar(url), iniciar(url)]);
    // A session created on one instance is valid on the other (sessions live in the database).
    const admin = await entrarAdmin(s1);
    const viaOutro = await fetch(`${s2}/api/auth/sessao`, { headers: { cookie: admin.cookie } });
    expect(viaOutro.status).toBe(200);

    const f1 = await abrirFluxo(s1, admin);
    const f2 = await abrirFluxo(s2, admin);
    const [revenda] = await b.banco.db.query.revendas.findMany({ limit: 1 });
    const [linha] = await b.banco.db
      .insert(moderacao)
      .values({ fila: 'vendidos', revenda_id: revenda?.id ?? '', revenda: revenda?.penome_fantasia ?? '' })
      .returning();
    const chegou = (e: ItemFluxo): e is EventoMudanca => 'id' in e && e.id === linha?.id;
    await Promise.all([f1.esperar(chegou), f2.esperar(chegou)]);

    const contadores = await fetch(`${s2}/api/dashboard/contadores`, { headers: { cookie: admin.cookie } });
    expect(((await contadores.json()) as { data: { vendidos: number } }).data.vendidos).toBe(1);
    await Promise.all([f1.fechar(), f2.fechar()]);
    expect(lerConfig({ DATABASE_URL: url, SECRET_KEY: 'k'.repeat(40), DATA_DIR: tmpdir() }).seedDemo).toBe(false);
  }, 90_000); // child processes start, migrate and seed: slow on a busy machine
});
