import type { ModeracaoVeiculoLinha } from '@intermedio/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventSourceFalso, renderizarApp, respostaSessao, SESSAO_ADMIN, simularApi, simularEventSource, sucesso } from '@/test/utils';

configure({ asyncUtilTimeout: 5000 });

// The virtualised list renders the rows that fit its height (jsdom measures 0).
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
});
afterEach(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
});

const R1 = '11111111-1111-4111-8111-111111111111';
const R2 = '22222222-2222-4222-8222-222222222222';
const entrada = (n: number, idRevenda: string, revenda: string, modelo: string, ano: number): ModeracaoVeiculoLinha => ({
  id: `e${n}`,
  fila: 'incluidos',
  idRevenda,
  idVeiculo: `v${n}`,
  revenda,
  logo_revenda: null,
  created_at: `2026-03-0${n}T12:00:00.000Z`,
  updated_at: `2026-03-0${n}T12:00:00.000Z`,
  vedataremovido: null,
  veiculo: {
    miniatura: null,
    vetipoveiculo: 'carro',
    vefipe_marca: 'Fiat',
    vefipe_name: modelo,
    veano_fabricacao: ano,
    vefipe_ano_modelo: ano + 1,
  },
  integracao_revenda: { webmotors: { status: true } },
  integracao_veiculo: {},
  alteracoes: [],
});
const FILA = [
  entrada(3, R1, 'Auto Centro', 'Mobi Like', 2020),
  entrada(2, R2, 'Bela Vista Motors', 'Toro Volcano', 2022),
  entrada(1, R1, 'Auto Centro', 'Argo Drive', 2021),
];
const URL_FILA = '/api/moderacao/veiculos/incluidos';

describe('filas de moderação', () => {
  it('uma mudança da revenda (S.I.) busca as entradas dela num só pedido, sem baixar a fila de novo', async () => {
    simularEventSource();
    let listas = 0;
    const pedidos: string[][] = [];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [`GET ${URL_FILA}`]: () => {
        listas++;
        return sucesso(FILA);
      },
      [`POST ${URL_FILA}/linhas`]: (_c, init) => {
        const ids = (JSON.parse(String(init.body)) as { ids: string[] }).ids;
        pedidos.push(ids);
        return sucesso(FILA.filter((l) => ids.includes(l.id)).map((l) => ({ ...l, integracao_revenda: { webmotors: { status: false } } })));
      },
    });
    renderizarApp('/dashboard/incluidos');
    const linha = (await screen.findByRole('button', { name: 'Dados do veículo: Fiat Argo Drive' })).closest('tr') as HTMLElement;
    expect(within(linha).getByRole('img', { name: 'S.I. Webmotors: ativo' })).toBeInTheDocument();
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'revenda_integracoes', revenda: R1, id: 'webmotors', op: 'UPDATE' }));
    await waitFor(() => expect(within(linha).getByRole('img', { name: 'S.I. Webmotors: inativo' })).toBeInTheDocument());
    expect(pedidos.map((p) => [...p].sort())).toEqual([['e1', 'e3']]);
    expect(listas).toBe(1);
  });
});
