import { MENSAGENS_PUBLICACAO_VEICULO as M, MENSAGENS_VENDA } from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { falha } from '../src/canais/tipos.ts';
import { veiculoIntegracoes, veiculoRemocoes } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
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
  suspenderNoCanal,
} from './ajuda/publicacao.ts';
import type { chamarComo } from './ajuda/veiculos.ts';

/**
 * Excluir and the sale's removal of the same advert are exclusive per vehicle × channel (docs/publicacao.md §3
 * "Excluir", §7): whichever takes the advert's removal lease calls the channel; the other answers 409 or finds the
 * advert already removed. Autoscar's sandbox counts every DELETE that reaches an advert. A removal interrupted
 * after the channel's answer is finished by the reconciliation (the channel answers "already removed").
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

const noCanal = (advId: string) => anuncioNaSandboxAutoscar(base, advId);
const remocao = (idVeiculo: string) => remocaoDaVenda(amb, idVeiculo, 'autoscar');
const registro = (idVeiculo: string) => registroDoEnvio(amb, idVeiculo, 'autoscar');
/** Autoscar's row of the vehicle view's integrations table (GET …/veiculos/:id, as the screen reads it). */
async function integracaoNaVisualizacao(idVeiculo: string) {
  const r = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${idVeiculo}`, gestor);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data.integracoes as { canal: string }[]).find((i) => i.canal === 'autoscar');
}
const publicado = (descricao: string) => publicarNaAutoscar(amb, chamar, gestor, descricao);
const excluir = (p: AnuncioAutoscar) =>
  chamar('POST', '/api/integracao/autoscar/excluir', gestor, { id_veiculo: p.id, id_anuncio: p.idAnuncio });
const vender = (id: string) =>
  chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}/vender`, gestor, { publicar_vendido: false });
/** Runs the removal job until the sale's removal of Autoscar has ended (a round that found the advert held waits). */
async function retirar(id: string) {
  for (let i = 0; i < 5 && (await remocao(id))?.estado === 'removendo'; i++) {
    await amb.banco.db
      .update(veiculoRemocoes)
      .set({ lease_ate: null })
      .where(and(eq(veiculoRemocoes.veiculo_id, id), eq(veiculoRemocoes.estado, 'removendo')));
    await amb.tarefas.executar(TAREFA_RETIRAR);
  }
  return remocao(id);
}

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteComAutoscar());
}, 120_000);
afterAll(() => amb.encerrar());

describe('Excluir e a retirada da venda ao mesmo tempo', () => {
  it('Excluir em andamento: a retirada espera, não chama o canal, e conclui sem nova exclusão', async () => {
    const p = await publicado('Excluído enquanto é vendido');
    const s = suspenderNoCanal('autoscar', 'excluir', 'antes');
    try {
      const pedido = excluir(p);
      await s.chegou; // the click holds the advert's removal; Autoscar has not been called yet

      expect((await vender(p.id)).statusCode).toBe(200);
      await amb.tarefas.executar(TAREFA_RETIRAR);
      expect(await remocao(p.id)).toMatchObject({ estado: 'removendo', ultimo_erro: MENSAGENS_VENDA.aguardandoExclusao });
      expect((await noCanal(p.idAnuncio))?.exclusoes).toBe(0);

      s.soltar();
      const r = await pedido;
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toEqual({ mensagem: M.excluido, ja_removido: false });
    } finally {
      s.restaurar();
    }
    expect(await registro(p.id)).toBeUndefined();
    // The advert is gone: the sale's removal ends without calling the channel again.
    expect(await retirar(p.id)).toMatchObject({ estado: 'removido', id_anuncio: p.idAnuncio });
    expect(await noCanal(p.idAnuncio)).toMatchObject({ exclusoes: 1, removidoEm: expect.any(String) });
  });

  it('retirada da venda em andamento: Excluir responde 409 e o canal recebe uma exclusão', async () => {
    const p = await publicado('Vendido enquanto é excluído');
    const s = suspenderNoCanal('autoscar', 'excluir', 'antes');
    let rodada: Promise<unknown> = Promise.resolve();
    try {
      expect((await vender(p.id)).statusCode).toBe(200);
      rodada = amb.tarefas.executar(TAREFA_RETIRAR); // held at Autoscar
      await s.chegou;

      const r = await excluir(p);
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().data).toBe(M.exclusaoEmAndamento('Autoscar'));
      expect((await noCanal(p.idAnuncio))?.exclusoes).toBe(0);
    } finally {
      s.soltar();
      await rodada;
      s.restaurar();
    }
    expect(await retirar(p.id)).toMatchObject({ estado: 'removido', ultimo_erro: null });
    expect(await registro(p.id)).toBeUndefined();
    expect(await noCanal(p.idAnuncio)).toMatchObject({ exclusoes: 1, removidoEm: expect.any(String) });
    // Removed: a late click finds nothing to remove and does not call the channel.
    expect((await excluir(p)).statusCode).toBe(404);
    expect((await noCanal(p.idAnuncio))?.exclusoes).toBe(1);
  });
});

describe('Excluir na visualização do veículo', () => {
  it('a integração traz operacao "excluir" enquanto a exclusão corre, e some com o anúncio', async () => {
    const p = await publicado('Excluindo na visualização');
    expect(await integracaoNaVisualizacao(p.id)).toMatchObject({ publicado: true, estado: 'publicado', operacao: null });
    const s = suspenderNoCanal('autoscar', 'excluir', 'antes');
    try {
      const pedido = excluir(p);
      await s.chegou; // the removal holds the advert; Autoscar has not been called yet
      expect(await integracaoNaVisualizacao(p.id)).toMatchObject({ publicado: true, id_anuncio: p.idAnuncio, operacao: 'excluir' });
      s.soltar();
      expect((await pedido).statusCode).toBe(200);
    } finally {
      s.restaurar();
    }
    expect(await integracaoNaVisualizacao(p.id)).toMatchObject({ publicado: false, estado: null, id_anuncio: null, operacao: null });
  });
});

describe('Excluir interrompido depois da resposta do canal', () => {
  it('a reconciliação conclui a exclusão ("já removido") e nada mais chama o canal', async () => {
    const p = await publicado('Exclusão interrompida');
    const s = suspenderNoCanal('autoscar', 'excluir', 'depois');
    try {
      const pedido = excluir(p);
      await s.chegou; // Autoscar removed it; the request stalls before recording it (as a process that dies there)
      expect((await noCanal(p.idAnuncio))?.exclusoes).toBe(1);
      // The removal holds the advert: no change starts on it meanwhile, nor a second removal.
      expect(await registro(p.id)).toMatchObject({ estado: 'publicado', operacao: 'excluir' });
      const alteracao = await alterarNaAutoscar(chamar, gestor, p, 'Alteração durante a exclusão');
      expect(alteracao.statusCode).toBe(409);
      expect(alteracao.json().data).toBe(M.exclusaoEmAndamento('Autoscar'));
      expect((await excluir(p)).statusCode).toBe(409);
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      expect((await noCanal(p.idAnuncio))?.exclusoes).toBe(1);

      // The lease runs out (the process died): the reconciliation asks the channel again and forgets the advert.
      await amb.banco.db
        .update(veiculoIntegracoes)
        .set({ lease_ate: sql`now() - interval '1 second'` })
        .where(and(eq(veiculoIntegracoes.veiculo_id, p.id), eq(veiculoIntegracoes.canal, 'autoscar')));
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      expect(await registro(p.id)).toBeUndefined();
      expect((await noCanal(p.idAnuncio))?.exclusoes).toBe(2); // the second one answered "already removed" (410)

      // The stalled request's late answer finds the advert already forgotten.
      s.soltar();
      expect((await pedido).statusCode).toBe(200);
    } finally {
      s.restaurar();
    }
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect(await registro(p.id)).toBeUndefined();
    expect((await noCanal(p.idAnuncio))?.exclusoes).toBe(2);
  });
});

describe('Excluir depois de uma alteração que morreu', () => {
  it('toma a alteração vencida marcando o anúncio desatualizado, que fica assim quando a exclusão é recusada', async () => {
    const p = await publicado('Alteração morta antes da exclusão');
    const alt = suspenderAlterarDepoisDoCanal('autoscar');
    const pub = CANAIS_REGISTRADOS.autoscar.publicacao;
    if (!pub) throw new Error('autoscar sem publicação');
    const excluirOriginal = pub.excluir;
    let pedidoAlteracao: ReturnType<typeof alterarNaAutoscar> | undefined;
    try {
      pedidoAlteracao = alterarNaAutoscar(chamar, gestor, p, 'Alteração que não respondeu');
      await alt.chegou; // Autoscar applied the change; the request stalls before recording it (as one that died)
      expect(await registro(p.id)).toMatchObject({ operacao: 'alterar', desatualizado: false, ultimo_erro: null });
      // Its lease runs out before the reconciliation records it: the next Excluir takes the advert over.
      await amb.banco.db
        .update(veiculoIntegracoes)
        .set({ lease_ate: sql`now() - interval '1 second'` })
        .where(and(eq(veiculoIntegracoes.veiculo_id, p.id), eq(veiculoIntegracoes.canal, 'autoscar')));

      pub.excluir = async () => falha('rejected', 'Anúncio bloqueado para exclusão.');
      const r = await excluir(p);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().data).toContain(M.erroExcluir);
      // The advert stays, free again, and desatualizado: whether the dead change reached the channel is unknown.
      expect(await registro(p.id)).toMatchObject({ estado: 'publicado', operacao: null, lease_ate: null, desatualizado: true });
      expect(await integracaoNaVisualizacao(p.id)).toMatchObject({ publicado: true, desatualizado: true, operacao: null });
    } finally {
      pub.excluir = excluirOriginal;
      alt.soltar();
      await pedidoAlteracao;
      alt.restaurar();
    }
    // The dead change's late answer was not recorded (its key was taken over): still desatualizado.
    expect((await pedidoAlteracao)?.statusCode).toBe(409);
    expect(await registro(p.id)).toMatchObject({ estado: 'publicado', desatualizado: true });
  });
});
