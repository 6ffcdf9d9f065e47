import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessoesRepository } from '../src/auth/sessoes.repository.ts';
import { redefinicoesSenha, sessoes, tentativasLogin } from '../src/db/schema/index.ts';
import { type Ambiente, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

const contar = async (tabela: typeof sessoes | typeof redefinicoesSenha | typeof tentativasLogin) =>
  (await amb.banco.db.select({ n: sql<number>`count(*)::int` }).from(tabela))[0]?.n ?? 0;

describe('issue 10 item 10: housekeeping job', () => {
  it('is a periodic pg-boss job that deletes expired sessions, used or expired links and old attempts, keeping the live ones', async () => {
    expect(await amb.tarefas.agendas()).toContainEqual({ nome: 'auth-limpeza', cron: '*/15 * * * *' });
    const db = amb.banco.db;
    const hora = 3_600_000;
    const sessao = (id: string, expira: number) =>
      sessoesRepository.criar(db, {
        id,
        usuarioId: amb.ids.gestorA,
        csrf: 'c',
        ip: '1',
        userAgent: null,
        expira: new Date(Date.now() + expira),
      });
    await sessao('expirada', -hora);
    await sessao('viva', hora);
    await db.insert(redefinicoesSenha).values([
      { id: 'vencido', usuario_id: amb.ids.gestorA, expires_at: new Date(Date.now() - hora) },
      { id: 'usado', usuario_id: amb.ids.gestorA, expires_at: new Date(Date.now() + hora), usado_em: new Date() },
      { id: 'valido', usuario_id: amb.ids.gestorA, expires_at: new Date(Date.now() + hora) },
    ]);
    await db
      .insert(tentativasLogin)
      .values([{ chave: 'email:velho@x.test', created_at: new Date(Date.now() - 48 * hora) }, { chave: 'email:novo@x.test' }]);

    await amb.tarefas.executar('auth-limpeza');

    const ids = async (t: typeof sessoes | typeof redefinicoesSenha) => (await db.select({ id: t.id }).from(t)).map((r) => r.id);
    expect(await ids(sessoes)).toEqual(['viva']);
    expect(await ids(redefinicoesSenha)).toEqual(['valido']);
    expect(await contar(tentativasLogin)).toBe(1);
  });
});
