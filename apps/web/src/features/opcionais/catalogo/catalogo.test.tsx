import type { ItemCatalogo } from '@intermedio/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  comAltura,
  EventSourceFalso,
  falha,
  renderizarApp,
  respostaSessao,
  SESSAO_ADMIN,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';

const item = (id: string, descricao: string, ordenacao: number): ItemCatalogo => ({
  id,
  descricao,
  ordenacao,
  created_id: 'a1',
  updated_id: 'a1',
  created_at: '2026-01-01T12:00:00.000Z',
  updated_at: '2026-01-01T12:00:00.000Z',
});
const ID = '33333333-3333-4333-8333-333333333333';

// jsdom has no layout: give the list's scroll area a height so the virtualised rows render.
// Lazy pages, Mantine and the query client take longer than findBy's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

comAltura(480);
beforeEach(() => {
  simularEventSource();
});

const corpoDe = (api: ReturnType<typeof simularApi>, metodo: string) => {
  const chamada = api.mock.calls.find(([, init]) => init?.method === metodo);
  return chamada ? JSON.parse(String(chamada[1]?.body)) : undefined;
};
const preencher = (rotulo: string, valor: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${rotulo}`) }), { target: { value: valor } });

// Mantine forms and lists in jsdom take a few seconds when the machine is busy.
describe('listas de catálogos (spec 2 §2)', { timeout: 20_000 }, () => {
  it('opcionais: Descrição, Ordenação e Manutenção (Alterar / Excluir), na ordem do servidor', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/opcionais': sucesso([item(ID, 'Ar-condicionado', 10), item('o2', 'Alarme', 5)]),
    });
    renderizarApp('/opcionais/listar');
    expect(await screen.findByRole('heading', { name: 'Opcionais', level: 1 })).toBeInTheDocument();
    const tabela = await screen.findByRole('table', { name: 'Opcionais' });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Descrição', 'Ordenação', 'Manutenção']);
    const linhas = within(tabela)
      .getAllByRole('row')
      .filter((r) => r.getAttribute('aria-rowindex') !== '1');
    expect(linhas.map((l) => within(l).getAllByRole('cell')[0]?.textContent)).toEqual(['Ar-condicionado', 'Alarme']);
    expect(screen.getByRole('link', { name: 'Alterar Ar-condicionado' })).toHaveAttribute('href', `/opcionais/${ID}/alterar`);
    expect(screen.getByRole('link', { name: 'Excluir Ar-condicionado' })).toHaveAttribute('href', `/opcionais/${ID}/excluir`);
    expect(screen.getByRole('link', { name: 'Novo opcional' })).toHaveAttribute('href', '/opcionais/incluir');
  });

  it('locais de anúncio: mesmo quadro com o título Locais de anúncio', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/locais-anuncio': sucesso([item(ID, 'Vitrine', 3)]),
    });
    renderizarApp('/locais-anuncio/listar');
    expect(await screen.findByRole('heading', { name: 'Locais de anúncio', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Excluir Vitrine' })).toHaveAttribute('href', `/locais-anuncio/${ID}/excluir`);
    expect(screen.getByRole('link', { name: 'Novo local de anúncio' })).toBeInTheDocument();
  });

  it('a lista ao vivo se atualiza quando chega um evento da tabela', async () => {
    let resposta = [item(ID, 'Ar-condicionado', 10)];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/opcionais': () => sucesso(resposta),
    });
    renderizarApp('/opcionais/listar');
    await screen.findByText('Ar-condicionado');
    resposta = [...resposta, item('o9', 'Teto solar', 1)];
    EventSourceFalso.ultima()?.emitir({ tabela: 'opcionais', revenda: null, id: 'o9', op: 'INSERT' });
    expect(await screen.findByText('Teto solar')).toBeInTheDocument();
  });

  it('um gestor vai para acesso negado', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR) });
    const { router } = renderizarApp('/opcionais/listar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acesso-negado'));
  });
});

describe('incluir e alterar (spec 2 §4, §5, §8)', { timeout: 20_000 }, () => {
  it('valida Descrição e Ordenação com as mensagens da especificação, sem gravar', async () => {
    const api = simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN) });
    renderizarApp('/opcionais/incluir');
    fireEvent.click(await screen.findByRole('button', { name: 'Gravar' }));
    expect(await screen.findAllByText('Preenchimento obrigatório')).toHaveLength(2);
    preencher('Descrição', 'Ar-condicionado');
    preencher('Ordenação', '1,5');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Número inválido')).toBeInTheDocument();
    expect(screen.queryByText('Preenchimento obrigatório')).not.toBeInTheDocument();
    preencher('Ordenação', 'dez');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Número inválido')).toBeInTheDocument();
    expect(corpoDe(api, 'POST')).toBeUndefined();
  });

  it('trava Gravar enquanto grava e volta à lista com a mensagem de sucesso', async () => {
    let responder: (r: Response) => void = () => {};
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /api/opcionais': () =>
        new Promise<Response>((ok) => {
          responder = ok;
        }),
      'GET /api/opcionais': sucesso([item(ID, 'Ar-condicionado', 10)]),
    });
    const { router } = renderizarApp('/opcionais/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    preencher('Descrição', '  Ar-condicionado ');
    preencher('Ordenação', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Gravar/ })).toBeDisabled());
    expect(corpoDe(api, 'POST')).toEqual({ descricao: '  Ar-condicionado ', ordenacao: '10' });
    responder(sucesso(item(ID, 'Ar-condicionado', 10)));
    expect(await screen.findByText('Opcional incluído com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/opcionais/listar'));
  });

  it('volta à lista mesmo quando a gravação falha (regra da especificação)', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/opcionais/${ID}`]: sucesso(item(ID, 'Alarme', 5)),
      [`PUT /api/opcionais/${ID}`]: falha(500, 'Falha ao alterar opcional!'),
    });
    const { router } = renderizarApp(`/opcionais/${ID}/alterar`);
    expect(await screen.findByDisplayValue('Alarme')).toBeInTheDocument();
    expect(screen.getByDisplayValue('5')).toBeInTheDocument();
    preencher('Descrição', 'Alarme antifurto');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Falha ao alterar opcional!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/opcionais/listar'));
  });

  it('alterar local de anúncio: PUT com os valores e a mensagem de sucesso', async () => {
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/locais-anuncio': sucesso([]),
      [`GET /api/locais-anuncio/${ID}`]: sucesso(item(ID, 'Vitrine', 3)),
      [`PUT /api/locais-anuncio/${ID}`]: sucesso(item(ID, 'Vitrine da loja', 4)),
    });
    const { router } = renderizarApp(`/locais-anuncio/${ID}/alterar`);
    await screen.findByDisplayValue('Vitrine');
    preencher('Descrição', 'Vitrine da loja');
    preencher('Ordenação', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Local de anúncio alterado com sucesso!')).toBeInTheDocument();
    expect(corpoDe(api, 'PUT')).toEqual({ descricao: 'Vitrine da loja', ordenacao: '4', versao: '2026-01-01T12:00:00.000Z' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/locais-anuncio/listar'));
  });

  it('um item que não existe mostra a mensagem do servidor e Voltar', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [`GET /api/opcionais/${ID}`]: falha(404, 'Opcional não encontrado.'),
    });
    renderizarApp(`/opcionais/${ID}/alterar`);
    expect(await screen.findByText('Opcional não encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/opcionais/listar');
  });
});

describe('excluir (spec 2 §2, §8)', { timeout: 20_000 }, () => {
  it('opcional: pergunta, mostra descrição e ordenação, Remover e Voltar; remove e volta à lista', async () => {
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/opcionais/${ID}`]: sucesso(item(ID, 'Alarme', 5)),
      [`DELETE /api/opcionais/${ID}`]: sucesso(null),
    });
    const { router } = renderizarApp(`/opcionais/${ID}/excluir`);
    expect(await screen.findByText('Deseja remover este opcional?')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Descrição Alarme' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Ordenação 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/opcionais/listar');
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Opcional removido com sucesso!')).toBeInTheDocument();
    expect(api.mock.calls.some(([url, init]) => url === `/api/opcionais/${ID}` && init?.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/opcionais/listar'));
  });

  it('local de anúncio: sua própria pergunta; a falha avisa e volta à lista', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/locais-anuncio': sucesso([]),
      [`GET /api/locais-anuncio/${ID}`]: sucesso(item(ID, 'Vitrine', 3)),
      [`DELETE /api/locais-anuncio/${ID}`]: falha(500, 'Falha ao remover local de anúncio!'),
    });
    const { router } = renderizarApp(`/locais-anuncio/${ID}/excluir`);
    expect(await screen.findByText('Deseja remover este local de anúncio?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Falha ao remover local de anúncio!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/locais-anuncio/listar'));
  });
});
