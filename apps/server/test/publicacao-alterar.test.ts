import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { veiculoIntegracoes } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import type { Ambiente, Credencial } from './ajuda/ambiente.ts';
import {
  type AnuncioAutoscar,
  alterarNaAutoscar,
  ambienteComAutoscar,
  publicarNaAutoscar,
  registroDoEnvio,
  suspenderAlterarDepoisDoCanal,
} from './ajuda/publicacao.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Alterar (the change of a published advert) is lease-protected like enviar (docs/publicacao.md §3), through
 * Autoscar and its sandbox, which counts the changes each advert received: a double click reaches the channel
 * once; a refusal, an outage and a change interrupted between the channel's answer and the write each leave a
 * known state; a change whose request died is reconciled without calling the channel again.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

type NoCanal = { advId: string; description: string; alteracoes: number };
const noCanal = async (advId: string) =>
  ((await (await fetch(`${base}/sandbox/autoscar/_anuncios`)).json()) as { anuncios: NoCanal[] }).anuncios.find((a) => a.advId === advId);
const registro = (idVeiculo: string) => registroDoEnvio(amb, idVeiculo, 'autoscar');

const publicado = (descricao: string) => publicarNaAutoscar(amb, chamar, gestor, descricao);
const alterar = (p: AnuncioAutoscar, descricao: string) => alterarNaAutoscar(chamar, gestor, p, descricao);

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteComAutoscar());
}, 120_000);
afterAll(() => amb.encerrar());

describe('alterar com lease', () => {
  it('clique duplo: a segunda alteração, com a primeira em andamento, recebe 409 e o canal recebe uma só alteração', async () => {
    const p = await publicado('Anúncio para alterar duas vezes');
    const primeira = alterar(p, 'Alteração do teste lento'); // "lento": the sandbox answers after 2 s
    await new Promise((ok) => setTimeout(ok, 400));
    expect((await registro(p.id))?.lease_ate).not.toBeNull();
    const segunda = await alterar(p, 'Alteração do teste lento');
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().data).toBe(
      'A alteração deste anúncio em Autoscar já está em andamento. Aguarde a conclusão antes de enviar novamente.',
    );
    // Excluir waits for the change too (a delete racing the change would leave the channel's order unknown).
    const x = await chamar('POST', '/api/integracao/autoscar/excluir', gestor, { id_veiculo: p.id, id_anuncio: p.idAnuncio });
    expect(x.statusCode).toBe(409);
    const r = await primeira;
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ estado: 'publicado', id_anuncio: p.idAnuncio, mensagem: 'Anúncio alterado em Autoscar.' });
    expect(await noCanal(p.idAnuncio)).toMatchObject({ description: 'Alteração do teste lento', alteracoes: 1 });
    expect(await registro(p.id)).toMatchObject({ estado: 'publicado', lease_ate: null, ultimo_erro: null, desatualizado: false });
    // Once the first is done, a new change goes through.
    expect((await alterar(p, 'Outra alteração')).statusCode).toBe(200);
    expect(await noCanal(p.idAnuncio)).toMatchObject({ description: 'Outra alteração', alteracoes: 2 });
  });

  it('recusa do canal: o anúncio continua publicado, com o motivo, e pode ser alterado de novo', async () => {
    const p = await publicado('Anúncio com alteração recusada');
    const r = await alterar(p, 'Texto para recusar');
    expect(r.statusCode).toBe(422);
    const reg = await registro(p.id);
    expect(reg).toMatchObject({ estado: 'publicado', lease_ate: null, desatualizado: false });
    expect(reg?.ultimo_erro).toBeTruthy();
    expect((await noCanal(p.idAnuncio))?.alteracoes).toBe(0);
    expect((await alterar(p, 'Texto aceito')).statusCode).toBe(200);
    expect(await registro(p.id)).toMatchObject({ ultimo_erro: null, lease_ate: null });
  });

  it('canal fora do ar: 502 em português; o anúncio fica desatualizado com o motivo, sem nova chamada automática', async () => {
    const p = await publicado('Anúncio com canal fora do ar');
    const r = await alterar(p, 'Alteração para falhar');
    expect(r.statusCode).toBe(502);
    expect(r.json().data).toContain('Autoscar não confirmou a alteração do anúncio');
    expect(await registro(p.id)).toMatchObject({ estado: 'publicado', lease_ate: null, desatualizado: true });
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect((await noCanal(p.idAnuncio))?.alteracoes).toBe(0);
  });

  it('queda entre a resposta do canal e a gravação: a reconciliação marca a alteração como não confirmada sem chamar o canal', async () => {
    const p = await publicado('Anúncio para alteração interrompida');
    const s = suspenderAlterarDepoisDoCanal('autoscar');
    try {
      const pedido = alterar(p, 'Alteração interrompida');
      await s.chegou;
      expect(await noCanal(p.idAnuncio)).toMatchObject({ description: 'Alteração interrompida', alteracoes: 1 });
      // The request still owns the change: another click is refused.
      expect((await alterar(p, 'Alteração interrompida')).statusCode).toBe(409);
      // The request "died": its lease runs out and the job resolves it without calling the channel.
      await amb.banco.db
        .update(veiculoIntegracoes)
        .set({ lease_ate: sql`now() - interval '1 second'` })
        .where(and(eq(veiculoIntegracoes.veiculo_id, p.id), eq(veiculoIntegracoes.canal, 'autoscar')));
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      const reg = await registro(p.id);
      expect(reg).toMatchObject({ estado: 'publicado', lease_ate: null, desatualizado: true, id_anuncio: p.idAnuncio });
      expect(reg?.ultimo_erro).toBe(
        'A alteração do anúncio em Autoscar foi interrompida antes da resposta do canal. Confira o anúncio e, se preciso, envie a alteração de novo.',
      );
      expect((await noCanal(p.idAnuncio))?.alteracoes).toBe(1);
      // The stalled request's late failure does not overwrite what the reconciliation recorded.
      s.soltar(new Error('queda simulada depois da resposta do canal'));
      expect((await pedido).statusCode).toBe(500);
      expect((await registro(p.id))?.ultimo_erro).toBe(reg?.ultimo_erro);
    } finally {
      s.restaurar();
    }
    // The reseller sends the change again: one more change at the channel, and the advert is current.
    expect((await alterar(p, 'Alteração interrompida')).statusCode).toBe(200);
    expect((await noCanal(p.idAnuncio))?.alteracoes).toBe(2);
    expect(await registro(p.id)).toMatchObject({ desatualizado: false, ultimo_erro: null, lease_ate: null });
  });

  it('o veículo alterado durante a alteração continua desatualizado depois dela', async () => {
    const p = await publicado('Anúncio e veículo alterados juntos');
    const s = suspenderAlterarDepoisDoCanal('autoscar');
    try {
      const pedido = alterar(p, 'Alteração com o veículo mudando');
      await s.chegou;
      const atual = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${p.id}`, gestor)).json().data;
      const v = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/veiculos/${p.id}`, gestor, {
        ...VEICULO_EXEMPLO,
        vevalor: '69.900,00',
        versao: atual.versao,
      });
      expect(v.statusCode, v.body).toBe(200);
      s.soltar();
      expect((await pedido).statusCode).toBe(200);
    } finally {
      s.restaurar();
    }
    expect(await registro(p.id)).toMatchObject({ lease_ate: null, ultimo_erro: null, desatualizado: true });
  });
});
