import type { Lote, VeiculoLinha } from '@intermedio/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listaTeste } from '@/features/integracoes/teste-dados';
import {
  comAltura,
  EventSourceFalso,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';

configure({ asyncUtilTimeout: 5000 });
comAltura(800);

const BASE = `/api/revendas/${ID_REVENDA}/veiculos`;
const LOTES = `/api/revendas/${ID_REVENDA}/lotes`;
const CURSOR = '2026-03-06T10:00:00.000000Z';
const DESDE = `?desde=${encodeURIComponent(CURSOR)}`;
const linha = (id: string, nome: string, placa: string): VeiculoLinha => ({
  id,
  vetipoveiculo: 'carro',
  vefipe_marca: 'Fiat',
  vefipe_name: nome,
  veano_fabricacao: 2022,
  vefipe_ano_modelo: 2023,
  vevalor: '80000.00',
  veiplaca: placa,
  vecor: 'Branco',
  vecodigo_interno: null,
  vevendido: 0,
  vealterado: 0,
  created_at: '2026-01-01T12:00:00.000Z',
  updated_at: '2026-03-05T17:07:00.000Z',
  dias_estoque: 12,
  vs_fipe: null,
  miniatura: null,
  anuncios: [],
});
const LINHAS = [linha('v1', 'Argo Drive', 'AAA1A11'), linha('v2', 'Mobi Like', 'BBB2B22'), linha('v3', 'Pulse Audace', 'CCC3C33')];

const item = (id: string, veiculo: string, canal: 'autoscar' | 'webmotors', extra: Partial<Lote['itens'][number]> = {}) => ({
  id: `${id}-${canal}`,
  veiculo_id: id,
  veiculo,
  canal,
  estado: 'aguardando' as const,
  motivo: null,
  revisao: [],
  tentativas: 0,
  ...extra,
});
const lote = (itens: Lote['itens'], estado: Lote['estado'] = 'executando'): Lote => ({
  id: 'l1',
  acao: 'publicar',
  canais: ['autoscar', 'webmotors'],
  estado,
  total: itens.length,
  concluidos: itens.filter((i) => i.estado !== 'aguardando' && i.estado !== 'enviando').length,
  created_at: '2026-03-06T10:00:00.000Z',
  concluido_em: null,
  itens,
  parcial: false,
  cursor: CURSOR,
});
/** A read with ?desde= answers only the items that changed (here: those no longer waiting). */
const soMudados = (l: Lote): Lote => ({ ...l, parcial: true, itens: l.itens.filter((i) => i.estado !== 'aguardando') });

describe('Ações em lote na lista de veículos', { timeout: 60_000 }, () => {
  it('seleciona por linha e "todos os filtrados", publica em dois canais e acompanha o progresso ao vivo', async () => {
    simularEventSource();
    const corpos: unknown[] = [];
    const inicial = lote([
      item('v1', 'Fiat Argo Drive · AAA1A11', 'autoscar'),
      item('v1', 'Fiat Argo Drive · AAA1A11', 'webmotors'),
      item('v2', 'Fiat Mobi Like · BBB2B22', 'autoscar'),
      item('v2', 'Fiat Mobi Like · BBB2B22', 'webmotors'),
    ]);
    let atual = inicial;
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso(LINHAS),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste({ autoscar: { status: true }, webmotors: { status: true } })),
      [`POST ${LOTES}`]: (_c, init) => {
        corpos.push(JSON.parse(String(init.body)));
        return sucesso(inicial);
      },
      [`GET ${LOTES}/l1`]: () => sucesso(atual),
      [`GET ${LOTES}/l1${DESDE}`]: () => sucesso(soMudados(atual)),
      [`POST ${LOTES}/l1/cancelar`]: () => {
        atual = lote(atual.itens, 'cancelado');
        return sucesso(atual);
      },
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    expect(screen.queryByRole('region', { name: 'Ações em lote' })).not.toBeInTheDocument();

    // One row, then every filtered one (the filter leaves one), then the bar.
    fireEvent.click(within(tabela).getByRole('checkbox', { name: 'Selecionar Fiat Argo Drive AAA1A11' }));
    const barra = await screen.findByRole('region', { name: 'Ações em lote' });
    expect(within(barra).getByText('1 veículo selecionado')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filtrar', { exact: true }), { target: { value: 'mobi' } });
    const todos = screen.getByRole('checkbox', { name: 'Selecionar todos os filtrados' });
    await waitFor(() => expect(within(tabela).queryByText('Fiat Argo Drive')).not.toBeInTheDocument());
    fireEvent.click(todos); // adds Mobi, the only filtered one; Argo stays selected, Pulse is not
    expect(await within(barra).findByText('2 veículos selecionados')).toBeInTheDocument();
    expect(todos).toBeChecked();
    fireEvent.click(todos); // every filtered one selected: unselects them (Mobi)
    expect(await within(barra).findByText('1 veículo selecionado')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filtrar', { exact: true }), { target: { value: '' } });
    fireEvent.click(await within(tabela).findByRole('checkbox', { name: 'Selecionar Fiat Mobi Like BBB2B22' }));
    const barra2 = await screen.findByRole('region', { name: 'Ações em lote' });
    expect(within(barra2).getByText('2 veículos selecionados')).toBeInTheDocument();
    for (const b of ['Publicar em…', 'Atualizar anúncios', 'Retirar de…', 'Marcar como vendido'])
      expect(within(barra2).getByRole('button', { name: b })).toBeInTheDocument();

    // Publicar em… → the configured channels → Publicar.
    fireEvent.click(within(barra2).getByRole('button', { name: 'Publicar em…' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Publicar em…' });
    expect(within(dialogo).getByText('Publicar 2 veículos nos canais escolhidos?')).toBeInTheDocument();
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: 'Autoscar' }));
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: 'Webmotors' }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(corpos).toEqual([{ acao: 'publicar', veiculos: ['v1', 'v2'], canais: ['autoscar', 'webmotors'] }]));

    // The progress panel: n of N, one row per vehicle × channel.
    const painel = await screen.findByRole('dialog', { name: 'Ação em lote: Publicar em…' });
    expect(within(painel).getByText('0 de 4 · Em andamento')).toBeInTheDocument();
    expect(within(within(painel).getByRole('list', { name: 'Itens da ação em lote' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('region', { name: 'Ações em lote' })).not.toBeInTheDocument(); // selection cleared

    // Live: an item event refetches the batch (no polling), asking only what changed since the last read (?desde=):
    // the three items that changed replace theirs, the fourth stays as it was.
    atual = lote([
      item('v1', 'Fiat Argo Drive · AAA1A11', 'autoscar', { estado: 'publicado' }),
      item('v1', 'Fiat Argo Drive · AAA1A11', 'webmotors', { estado: 'falhou', motivo: 'Webmotors recusou os dados: Preço inválido.' }),
      item('v2', 'Fiat Mobi Like · BBB2B22', 'autoscar', { estado: 'revisao', motivo: 'Precisa de revisão: versão', revisao: ['versão'] }),
      item('v2', 'Fiat Mobi Like · BBB2B22', 'webmotors'),
    ]);
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'lote_itens', revenda: ID_REVENDA, id: 'v1-webmotors', op: 'UPDATE' }));
    expect(await within(painel).findByText('3 de 4 · Em andamento')).toBeInTheDocument();
    expect(within(painel).getByText('Webmotors recusou os dados: Preço inválido.')).toBeInTheDocument();
    expect(within(painel).getByRole('link', { name: 'Precisa de revisão: versão' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/veiculos/v2/integracao/autoscar/incluir`,
    );
    expect(within(painel).getAllByText('Publicado')).toHaveLength(1);

    // The states as filters: the failures alone, then every item again.
    const estados = within(painel).getByRole('group', { name: 'Filtrar os itens por estado' });
    expect(
      within(estados)
        .getAllByRole('radio')
        .map((c) => c.closest('div')?.textContent),
    ).toEqual(['Todos (4)', 'Aguardando (1)', 'Publicado (1)', 'Falhou (1)', 'Precisa de revisão (1)']);
    fireEvent.click(within(estados).getByLabelText('Falhou (1)'));
    const lista = () => within(within(painel).getByRole('list', { name: 'Itens da ação em lote' }));
    await waitFor(() => expect(lista().getAllByRole('listitem')).toHaveLength(1));
    expect(lista().getByText('Webmotors recusou os dados: Preço inválido.')).toBeInTheDocument();
    fireEvent.click(within(estados).getByLabelText('Todos (4)'));
    await waitFor(() => expect(lista().getAllByRole('listitem')).toHaveLength(4));

    // Cancelar: the answer shows the batch cancelled, the button goes.
    fireEvent.click(within(painel).getByRole('button', { name: 'Cancelar' }));
    expect(await within(painel).findByText('3 de 4 · Cancelado')).toBeInTheDocument();
    expect(within(painel).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    fireEvent.click(within(painel).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ação em lote: Publicar em…' })).not.toBeInTheDocument());
  });

  it('Marcar como vendido pede confirmação e abre o progresso', async () => {
    simularEventSource();
    const corpos: unknown[] = [];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso(LINHAS),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste({ autoscar: { status: true } })),
      [`POST ${LOTES}`]: (_c, init) => {
        corpos.push(JSON.parse(String(init.body)));
        return sucesso({ ...lote([]), acao: 'vendido', canais: [] });
      },
      [`GET ${LOTES}/l1`]: () => sucesso({ ...lote([]), acao: 'vendido', canais: [] }),
      [`GET ${LOTES}/l1${DESDE}`]: () => sucesso({ ...lote([]), acao: 'vendido', canais: [], parcial: true }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    fireEvent.click(within(tabela).getByRole('checkbox', { name: 'Selecionar Fiat Pulse Audace CCC3C33' }));
    const barra = await screen.findByRole('region', { name: 'Ações em lote' });
    fireEvent.click(within(barra).getByRole('button', { name: 'Marcar como vendido' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar como vendido' });
    expect(within(dialogo).getByText('Marcar 1 veículo como vendido? Os anúncios serão retirados de todos os canais.')).toBeInTheDocument();
    expect(corpos).toEqual([]);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Marcar como vendido' }));
    await waitFor(() => expect(corpos).toEqual([{ acao: 'vendido', veiculos: ['v3'], canais: [] }]));
    expect(await screen.findByRole('dialog', { name: 'Ação em lote: Marcar como vendido' })).toBeInTheDocument();
  });
  it('"Ações em lote" reabre o progresso de um lote recente; um lote em andamento aparece na lista e abre o seu', async () => {
    simularEventSource();
    const { itens: _i, parcial: _p, cursor: _c, ...resumo } = lote([]);
    const rodando = { ...resumo, id: 'l2', total: 30, concluidos: 12 };
    const antigo = {
      ...resumo,
      id: 'l1',
      acao: 'retirar' as const,
      canais: ['autoscar' as const],
      estado: 'concluido' as const,
      total: 2,
      concluidos: 2,
    };
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso(LINHAS),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste({ autoscar: { status: true } })),
      [`GET ${LOTES}`]: sucesso([rodando, antigo]),
      [`GET ${LOTES}/l1`]: sucesso({
        ...lote([item('v1', 'Fiat Argo Drive · AAA1A11', 'autoscar', { estado: 'feito', motivo: 'Anúncio retirado.' })], 'concluido'),
        acao: 'retirar',
      }),
      [`GET ${LOTES}/l2`]: sucesso({ ...lote([]), id: 'l2', total: 30, concluidos: 12 }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    await screen.findByRole('table', { name: 'Veículos' });

    // The running batch, live on the list: opens its progress panel.
    fireEvent.click(await screen.findByRole('button', { name: 'Publicando… 12 de 30' }));
    const painel = await screen.findByRole('dialog', { name: 'Ação em lote: Publicar em…' });
    fireEvent.click(within(painel).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ação em lote: Publicar em…' })).not.toBeInTheDocument());

    // The menu of recent batches: a finished one is reopened.
    fireEvent.click(screen.getByRole('button', { name: 'Ações em lote' }));
    const itens = await screen.findAllByRole('menuitem');
    expect(itens.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Publicar em… Autoscar, Webmotors12 de 30 · Em andamento · /),
      expect.stringMatching(/^Retirar de… Autoscar2 de 2 · Concluído · /),
    ]);
    fireEvent.click(itens[1] as HTMLElement);
    const reaberto = await screen.findByRole('dialog', { name: 'Ação em lote: Retirar de…' });
    expect(await within(reaberto).findByText('1 de 1 · Concluído')).toBeInTheDocument();
    expect(within(reaberto).getByText('Anúncio retirado.')).toBeInTheDocument();
  });
});
