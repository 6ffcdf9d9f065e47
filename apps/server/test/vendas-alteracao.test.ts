import { MENSAGENS_PUBLICACAO_VEICULO, MENSAGENS_VENDA } from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { TAREFA_RETIRAR } from '../src/modules/vendas/vendas.service.ts';
import type { Ambiente, Credencial } from './ajuda/ambiente.ts';
import {
  type AnuncioAutoscar,
  alterarNaAutoscar,
  ambienteComAutoscar,
  anuncioNaSandboxAutoscar,
  publicarNaAutoscar,
  registroDoEnvio,
  remocaoDaVenda,
  suspenderAlterarDepoisDoCanal,
} from './ajuda/publicacao.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * The sale's removal and a change (alterar) of the same advert, through Autoscar and its sandbox: a sale while a
 * change is in flight leaves the removal waiting until the change has answered, then the advert is removed once;
 * no change starts on a sold vehicle (docs/publicacao.md §7).
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

/** Every answer of Autoscar's `excluir`, per advert (each advert must be removed once). */
const exclusoes: Record<string, string[]> = {};

const noCanal = (advId: string) => anuncioNaSandboxAutoscar(base, advId);
const remocao = (idVeiculo: string) => remocaoDaVenda(amb, idVeiculo, 'autoscar');
const registro = (idVeiculo: string) => registroDoEnvio(amb, idVeiculo, 'autoscar');

const publicado = (descricao: string) => publicarNaAutoscar(amb, chamar, gestor, descricao);
const alterar = (p: AnuncioAutoscar, descricao: string) => alterarNaAutoscar(chamar, gestor, p, descricao);
const vender = (id: string) =>
  chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}/vender`, gestor, { publicar_vendido: false });

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteComAutoscar());
  const pub = CANAIS_REGISTRADOS.autoscar.publicacao;
  if (!pub) throw new Error('Autoscar sem publicação');
  const original = pub.excluir;
  pub.excluir = async (...args) => {
    const r = await original(...args);
    exclusoes[args[2]] = [...(exclusoes[args[2]] ?? []), r.ok ? r.valor : r.erro.tipo];
    return r;
  };
}, 120_000);
afterAll(() => amb.encerrar());

describe('venda com uma alteração do anúncio em andamento', () => {
  it('a retirada espera a alteração responder e então remove o anúncio uma vez', async () => {
    const p = await publicado('Anúncio alterado na hora da venda');
    const s = suspenderAlterarDepoisDoCanal('autoscar');
    try {
      const pedido = alterar(p, 'Alteração durante a venda');
      await s.chegou; // Autoscar applied the change; the server has not recorded it yet (the lease is held)

      expect((await vender(p.id)).statusCode).toBe(200);
      // No new change on a sold vehicle (the sale's removal would race it).
      const depois = await alterar(p, 'Alteração depois da venda');
      expect(depois.statusCode).toBe(422);
      expect(depois.json().data).toBe(MENSAGENS_PUBLICACAO_VEICULO.alteracaoVendido);

      // The removal waits while the change holds the advert: nothing is deleted mid-change.
      await amb.tarefas.executar(TAREFA_RETIRAR);
      await amb.tarefas.executar(TAREFA_RETIRAR);
      expect(await remocao(p.id)).toMatchObject({ estado: 'removendo', ultimo_erro: MENSAGENS_VENDA.aguardandoAlteracao });
      expect(exclusoes[p.idAnuncio]).toBeUndefined();
      expect(await noCanal(p.idAnuncio)).toMatchObject({ description: 'Alteração durante a venda', alteracoes: 1 });
      expect((await noCanal(p.idAnuncio))?.removidoEm).toBeNull();

      s.soltar();
      const r = await pedido;
      expect(r.statusCode, r.body).toBe(200);
    } finally {
      s.restaurar();
    }
    expect((await registro(p.id))?.lease_ate).toBeNull();

    // The change answered: the next round removes the advert, once, and forgets it.
    await amb.tarefas.executar(TAREFA_RETIRAR);
    expect(await remocao(p.id)).toMatchObject({ estado: 'removido', ultimo_erro: null, id_anuncio: p.idAnuncio });
    expect(exclusoes[p.idAnuncio]).toEqual(['removido']);
    expect((await noCanal(p.idAnuncio))?.removidoEm).toEqual(expect.any(String));
    expect((await noCanal(p.idAnuncio))?.alteracoes).toBe(1);
    expect(await registro(p.id)).toBeUndefined();
    await amb.tarefas.executar(TAREFA_RETIRAR);
    expect(exclusoes[p.idAnuncio]).toEqual(['removido']);
  });

  it('veículo vendido ou removido: o rascunho (incluir, alterar-get) é recusado ao carregar, não depois de preenchido', async () => {
    const p = await publicado('Anúncio de um veículo que será vendido');
    expect((await vender(p.id)).statusCode).toBe(200);
    const alterarGet = await chamar('POST', '/api/integracao/autoscar/alterar-get', gestor, { id_veiculo: p.id, id_anuncio: p.idAnuncio });
    expect(alterarGet.statusCode).toBe(422);
    expect(alterarGet.json().data).toBe(MENSAGENS_PUBLICACAO_VEICULO.alteracaoVendido);
    const incluir = await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: p.id });
    expect(incluir.statusCode).toBe(422);
    expect(incluir.json().data).toBe(MENSAGENS_PUBLICACAO_VEICULO.veiculoVendido);

    const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    const id = v.json().data.id as string;
    await amb.banco.db.update(veiculos).set({ veremovido: 1 }).where(eq(veiculos.id, id));
    const removido = await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id });
    expect(removido.statusCode).toBe(422);
    expect(removido.json().data).toBe(MENSAGENS_PUBLICACAO_VEICULO.veiculoRemovido);
  });

  it('uma alteração interrompida (prazo vencido) não segura a retirada', async () => {
    const p = await publicado('Anúncio com alteração interrompida antes da venda');
    const s = suspenderAlterarDepoisDoCanal('autoscar');
    try {
      const pedido = alterar(p, 'Alteração que morreu');
      await s.chegou;
      expect((await vender(p.id)).statusCode).toBe(200);
      // The request "died": its lease ran out, so nothing is in flight any more.
      await amb.banco.db
        .update(veiculoIntegracoes)
        .set({ lease_ate: sql`now() - interval '1 second'` })
        .where(and(eq(veiculoIntegracoes.veiculo_id, p.id), eq(veiculoIntegracoes.canal, 'autoscar')));
      await amb.tarefas.executar(TAREFA_RETIRAR);
      expect(await remocao(p.id)).toMatchObject({ estado: 'removido' });
      expect(exclusoes[p.idAnuncio]).toEqual(['removido']);
      // The stalled request's late answer finds no change of its own to record.
      s.soltar();
      expect((await pedido).statusCode).toBe(409);
    } finally {
      s.restaurar();
    }
    expect(await registro(p.id)).toBeUndefined();
    expect((await noCanal(p.idAnuncio))?.removidoEm).toEqual(expect.any(String));
  });
});
