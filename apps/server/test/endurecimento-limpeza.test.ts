import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessoesRepository } from '../src/auth/sessoes.repository.ts';
import { redefinicoesSenha, sessoes, tentativasLogin, veiculoIntegracoesHistorico } from '../src/db/schema/index.ts';
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

describe('the advert history of the timelines is bounded', () => {
  it('drops operations answered more than 24 months ago (HISTORICO_ANUNCIOS_MESES), keeping recent ones and any still pending', async () => {
    const db = amb.banco.db;
    const dia = 86_400_000;
    const linha = (chave: string, iniciado: number, respondido: number | null) => ({
      veiculo_id: amb.ids.veiculoA,
      revenda_id: amb.ids.revendaA,
      canal: 'autoscar',
      chave,
      operacao: 'enviar' as const,
      estado: respondido === null ? ('pendente' as const) : ('publicado' as const),
      iniciado_em: new Date(Date.now() - iniciado * dia),
      respondido_em: respondido === null ? null : new Date(Date.now() - respondido * dia),
    });
    await db
      .insert(veiculoIntegracoesHistorico)
      .values([linha('velha', 800, 800), linha('quase', 700, 700), linha('recente', 10, 10), linha('sem-resposta', 900, null)]);
    await amb.tarefas.executar('auth-limpeza');
    const chaves = (await db.select({ c: veiculoIntegracoesHistorico.chave }).from(veiculoIntegracoesHistorico)).map((r) => r.c);
    expect(chaves.sort()).toEqual(['quase', 'recente', 'sem-resposta']);
  });
});
