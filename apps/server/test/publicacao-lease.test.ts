import { setTimeout as esperar } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { criarIntegracoesService } from '../src/modules/integracoes/integracoes.service.ts';
import { criarPublicacaoVeiculoService } from '../src/modules/publicacao/publicacao.service.ts';
import type { Ambiente, Credencial } from './ajuda/ambiente.ts';
import { ambienteComAutoscar, registroDoEnvio } from './ajuda/publicacao.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * The lease of a send, a change or a removal is kept alive while its channel call runs in this process (heartbeat):
 * a call that outlasts its lease is not taken for dead by the reconciliation or a second click, so the channel gets
 * one call. When the process dies (no heartbeat) the lease runs out and the reconciliation takes over as before.
 * Leases here last LEASE seconds (injected), and the channel's call is held for several of them.
 */
const LEASE = 2;
const MAIS_QUE_O_LEASE = 2.5 * LEASE * 1000;
const NADA_TOMADO = { publicado: 0, falhou: 0, pendente: 0, alteracoes: 0, exclusoes: 0 };

let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

/** The publishing service of one "instance", with short leases (`batimentoMs` 0: a process whose heartbeat died). */
const instancia = (batimentoMs?: number) =>
  criarPublicacaoVeiculoService({
    db: amb.banco.db,
    integracoes: criarIntegracoesService({
      db: amb.banco.db,
      cofre: amb.cofre,
      canais: amb.config.canais,
      origemInterna: () => base,
      publicUrl: amb.config.publicUrl,
      renovacao: amb.renovacao,
    }),
    publicUrl: amb.config.publicUrl,
    log: () => {},
    lease: { segundos: LEASE, ...(batimentoMs === undefined ? {} : { batimentoMs }) },
  });

type Chamada = 'enviar' | 'alterar' | 'excluir' | 'consultar';
/**
 * Autoscar's calls counted as they reach the channel; the first `segurada` held just before it (a slow channel):
 * `chegou` once held, `soltar()` lets it go on, `soltar(true)` makes it die there (the process died).
 */
function canalLento(segurada: Chamada) {
  const pub = CANAIS_REGISTRADOS.autoscar.publicacao as unknown as Record<Chamada, (...args: unknown[]) => Promise<unknown>>;
  const nomes: Chamada[] = ['enviar', 'alterar', 'excluir', 'consultar'];
  const originais = { ...pub };
  const chamadas: Record<Chamada, number> = { enviar: 0, alterar: 0, excluir: 0, consultar: 0 };
  let avisar = () => {};
  let soltar: (morreu?: boolean) => void = () => {};
  const chegou = new Promise<void>((ok) => {
    avisar = ok;
  });
  const solto = new Promise<boolean | undefined>((ok) => {
    soltar = ok;
  });
  let primeira = true;
  for (const n of nomes)
    pub[n] = async (...args) => {
      if (n === segurada && primeira) {
        primeira = false;
        avisar();
        if (await solto) throw new Error('processo morto');
      }
      chamadas[n]++;
      return originais[n](...args);
    };
  return { chegou, soltar, chamadas, restaurar: () => Object.assign(pub, originais) };
}

async function novoVeiculo() {
  const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
  expect(v.statusCode, v.body).toBe(200);
  const id = v.json().data.id as string;
  const d = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id })).json().data;
  return { id, post: d.veiculoPost as Record<string, unknown> };
}

/** A new car of reseller A published on Autoscar by `servico` (no channel held). */
async function publicado(servico: ReturnType<typeof instancia>) {
  const v = await novoVeiculo();
  const r = await servico.enviar('autoscar', v.id, v.post);
  expect(r.estado).toBe('publicado');
  return { ...v, idAnuncio: r.id_anuncio ?? '' };
}

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteComAutoscar());
}, 120_000);
afterAll(() => amb.encerrar());

describe('lease mantido enquanto a chamada ao canal dura', () => {
  it('envio: nem a reconciliação nem um segundo clique o tomam, e o canal recebe um envio', async () => {
    const servico = instancia();
    const { id, post } = await novoVeiculo();
    const envio = canalLento('enviar');
    try {
      const pedido = servico.enviar('autoscar', id, post);
      await envio.chegou;
      await esperar(MAIS_QUE_O_LEASE);
      expect((await registroDoEnvio(amb, id, 'autoscar'))?.lease_ate?.getTime()).toBeGreaterThan(Date.now());
      expect(await servico.reconciliar()).toEqual(NADA_TOMADO);
      await expect(servico.enviar('autoscar', id, post)).rejects.toMatchObject({ statusCode: 409 });
      envio.soltar();
      expect((await pedido).estado).toBe('publicado');
    } finally {
      envio.restaurar();
    }
    expect(envio.chamadas).toEqual({ enviar: 1, alterar: 0, excluir: 0, consultar: 0 });
  }, 60_000);

  it('alteração: nem a reconciliação nem um segundo clique a tomam, e o canal recebe uma alteração', async () => {
    const servico = instancia();
    const { id, post, idAnuncio } = await publicado(servico);
    const alteracao = canalLento('alterar');
    try {
      const pedido = servico.alterar('autoscar', id, idAnuncio, { ...post, description: 'Alteração lenta' });
      await alteracao.chegou;
      await esperar(MAIS_QUE_O_LEASE);
      expect(await servico.reconciliar()).toEqual(NADA_TOMADO);
      await expect(servico.alterar('autoscar', id, idAnuncio, post)).rejects.toMatchObject({ statusCode: 409 });
      alteracao.soltar();
      expect((await pedido).estado).toBe('publicado');
    } finally {
      alteracao.restaurar();
    }
    expect(alteracao.chamadas).toEqual({ enviar: 0, alterar: 1, excluir: 0, consultar: 0 });
    expect(await registroDoEnvio(amb, id, 'autoscar')).toMatchObject({ desatualizado: false, lease_ate: null });
  }, 60_000);

  it('exclusão: nem a reconciliação nem um segundo clique a tomam, e o canal recebe uma exclusão', async () => {
    const servico = instancia();
    const { id, idAnuncio } = await publicado(servico);
    const exclusao = canalLento('excluir');
    try {
      const pedido = servico.excluir('autoscar', id, idAnuncio);
      await exclusao.chegou;
      await esperar(MAIS_QUE_O_LEASE);
      expect(await servico.reconciliar()).toEqual(NADA_TOMADO);
      await expect(servico.excluir('autoscar', id, idAnuncio)).rejects.toMatchObject({ statusCode: 409 });
      exclusao.soltar();
      expect(await pedido).toMatchObject({ ja_removido: false });
    } finally {
      exclusao.restaurar();
    }
    expect(exclusao.chamadas).toEqual({ enviar: 0, alterar: 0, excluir: 1, consultar: 0 });
    expect(await registroDoEnvio(amb, id, 'autoscar')).toBeUndefined();
  }, 60_000);

  it('sem batimento (o processo morreu) o lease vence e a reconciliação assume como antes', async () => {
    const morto = instancia(0);
    const vivo = instancia();
    const { id, post } = await novoVeiculo();
    const envio = canalLento('enviar');
    try {
      const pedido = morto.enviar('autoscar', id, post).catch((e: unknown) => e);
      await envio.chegou;
      await esperar(1.5 * LEASE * 1000);
      // Nothing reached Autoscar: the other instance's reconciliation asks it once and frees the send to be sent again.
      expect(await vivo.reconciliar()).toEqual({ ...NADA_TOMADO, falhou: 1 });
      expect(await registroDoEnvio(amb, id, 'autoscar')).toMatchObject({ estado: 'falhou' });
      envio.soltar(true);
      expect(await pedido).toBeInstanceOf(Error);
    } finally {
      envio.restaurar();
    }
    expect(envio.chamadas).toEqual({ enviar: 0, alterar: 0, excluir: 0, consultar: 1 });
  }, 60_000);
});
