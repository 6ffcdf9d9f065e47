import type { FipeManualVeiculo, FipeOpcao } from '@intermedio/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { falha, renderizarApp, respostaSessao, SESSAO_ADMIN, simularApi, simularEventSource, sucesso } from '@/test/utils';

const veiculo = (id: string, extra: Partial<FipeManualVeiculo> = {}): FipeManualVeiculo => ({
  id,
  tipo: 1,
  marca_api: 'Fiat',
  modelo_api: 'Argo',
  versao_api: 'Drive 1.0 Edição Especial',
  anomod: '2026',
  created_at: '2026-01-01T12:00:00.000Z',
  ...extra,
});
const opcao = (codigo: string, nome: string, manual = false): FipeOpcao => ({ codigo, nome, manual });
const ID = '44444444-4444-4444-8444-444444444444';

// Lazy pages, Mantine and the query client take longer than findBy's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  simularEventSource();
});
afterEach(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
});

const chamadas = (api: ReturnType<typeof simularApi>, url: string) => api.mock.calls.filter(([u]) => u === url);
const corpoDe = (api: ReturnType<typeof simularApi>, url: string) => {
  const c = chamadas(api, url).at(-1);
  return c ? JSON.parse(String(c[1]?.body)) : undefined;
};

/** Opens a Mantine Select / Autocomplete and picks one of its options. */
async function escolher(rotulo: RegExp, opcaoNome: string) {
  const campo = screen.getByRole('combobox', { name: rotulo });
  fireEvent.click(campo);
  fireEvent.focus(campo);
  await waitFor(() => expect(campo).toHaveAttribute('aria-controls'));
  const lista = document.getElementById(campo.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(await within(lista).findByRole('option', { name: opcaoNome, hidden: true }));
}
const preencher = (rotulo: RegExp, valor: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: rotulo }), { target: { value: valor } });

// Mantine forms and lists in jsdom take a few seconds when the machine is busy.
describe('Veículos FIPE Manual (/fipe/listar)', { timeout: 20_000 }, () => {
  it('lista Tipo, Marca, Modelo, Versão, Ano modelo e Manutenção; Novo Veículo leva ao formulário', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /fipe-manual/listar': sucesso([
        veiculo(ID),
        veiculo('v2', { tipo: 0, marca_api: 'Agrale', modelo_api: 'Marruá', versao_api: 'AM 200' }),
      ]),
    });
    renderizarApp('/fipe/listar');
    expect(await screen.findByRole('heading', { name: 'Veículos FIPE Manual' })).toBeInTheDocument();
    const tabela = await screen.findByRole('table', { name: 'Veículos FIPE Manual' });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Tipo', 'Marca', 'Modelo', 'Versão', 'Ano modelo', 'Manutenção']);
    expect(within(tabela).getByRole('row', { name: /Carro Fiat Argo Drive 1.0 Edição Especial 2026/ })).toBeInTheDocument();
    expect(within(tabela).getByRole('row', { name: /Outros Agrale Marruá AM 200/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo Veículo' })).toHaveAttribute('href', '/fipe/incluir');
  });

  it('exclui depois de confirmar, avisa e recarrega a lista', async () => {
    let lista = [veiculo(ID)];
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /fipe-manual/listar': () => sucesso(lista),
      'POST /fipe-manual/deletar': () => {
        lista = [];
        return sucesso({ veiculo_id: ID });
      },
    });
    renderizarApp('/fipe/listar');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Fiat Argo Drive 1.0 Edição Especial 2026' }));
    const dialogo = await screen.findByRole('dialog');
    expect(dialogo).toHaveTextContent('Deseja excluir este veículo (Fiat Argo Drive 1.0 Edição Especial) permanentemente?');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Veículo excluído com sucesso!')).toBeInTheDocument();
    expect(corpoDe(api, '/fipe-manual/deletar')).toEqual({ veiculo_id: ID });
    // The empty list says what it is for and offers its primary action (issue 25 item 7).
    const vazio = await screen.findByTestId('estado-vazio');
    expect(vazio).toHaveTextContent('A FIPE manual dá marca, modelo e preço aos veículos que a tabela FIPE não traz.');
    expect(vazio).toHaveTextContent('Para começar, use “Novo Veículo”.');
    expect(chamadas(api, '/fipe-manual/listar').length).toBeGreaterThanOrEqual(2);
  });

  it('Cancelar não exclui; uma falha (inclusive de rede) mostra Erro ao excluir veículo!', async () => {
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /fipe-manual/listar': sucesso([veiculo(ID)]),
      'POST /fipe-manual/deletar': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderizarApp('/fipe/listar');
    const excluir = await screen.findByRole('button', { name: /^Excluir Fiat/ });
    fireEvent.click(excluir);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chamadas(api, '/fipe-manual/deletar')).toHaveLength(0);
    fireEvent.click(excluir);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Erro ao excluir veículo!')).toBeInTheDocument();
  });

  it('uma resposta que não é JSON conta como erro', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'POST /fipe-manual/listar': () => new Response('<html>proxy</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    });
    renderizarApp('/fipe/listar');
    // Counted as a server failure (500): retried twice (providers.tsx) before the alert shows.
    expect(await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 12_000 })).toBeInTheDocument();
  });
});

describe('Incluir veículo FIPE (/fipe/incluir)', { timeout: 30_000 }, () => {
  it('exige cada campo (Preenchimento obrigatório), também quando só há espaços', async () => {
    const api = simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN) });
    renderizarApp('/fipe/incluir');
    fireEvent.click(await screen.findByRole('button', { name: 'Gravar' }));
    expect(await screen.findAllByText('Preenchimento obrigatório')).toHaveLength(5);
    preencher(/^Versão/, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findAllByText('Preenchimento obrigatório')).toHaveLength(5);
    expect(chamadas(api, '/fipe-manual/incluir')).toHaveLength(0);
  });

  it('carrega marcas pelo tipo e modelos pela marca; grava os valores aparados e volta à lista', async () => {
    let responder: (r: Response) => void = () => {};
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/fipe/1/marcas': sucesso([opcao('21', 'Fiat'), opcao('23', 'GM - Chevrolet'), opcao('m-lecar', 'Lecar', true)]),
      'GET /api/fipe/2/marcas': sucesso([opcao('80', 'Honda')]),
      'GET /api/fipe/1/marcas/21/modelos': sucesso([opcao('argo', 'Argo'), opcao('mobi', 'Mobi')]),
      'POST /fipe-manual/incluir': () =>
        new Promise<Response>((ok) => {
          responder = ok;
        }),
      'POST /fipe-manual/listar': sucesso([veiculo(ID)]),
    });
    const { router } = renderizarApp('/fipe/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    expect(screen.getByRole('combobox', { name: /^Marca/ })).toBeDisabled();

    await escolher(/^Tipo/, 'Moto');
    await waitFor(() => expect(chamadas(api, '/api/fipe/2/marcas')).toHaveLength(1));
    await escolher(/^Tipo/, 'Carro');
    await waitFor(() => expect(chamadas(api, '/api/fipe/1/marcas')).toHaveLength(1));
    await escolher(/^Marca/, 'Fiat');
    await waitFor(() => expect(chamadas(api, '/api/fipe/1/marcas/21/modelos')).toHaveLength(1));
    await escolher(/^Modelo/, 'Argo');
    preencher(/^Versão/, '  Drive 1.0 Edição Especial ');
    preencher(/^Ano modelo/, ' 2026 ');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /Gravar/ })).toBeDisabled());
    expect(corpoDe(api, '/fipe-manual/incluir')).toEqual({
      tipo: 1,
      marca_api: 'Fiat',
      modelo_api: 'Argo',
      versao_api: 'Drive 1.0 Edição Especial',
      anomod: '2026',
    });
    responder(sucesso(veiculo(ID)));
    expect(await screen.findByText('Veículo incluído com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fipe/listar'));
  });

  it('trocar o tipo limpa marca e modelo; uma marca fora da lista pode ser digitada', async () => {
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/fipe/0/marcas': sucesso([]),
      'GET /api/fipe/1/marcas': sucesso([opcao('21', 'Fiat')]),
      'GET /api/fipe/1/marcas/21/modelos': sucesso([opcao('argo', 'Argo')]),
      'POST /fipe-manual/incluir': sucesso(veiculo(ID, { tipo: 0 })),
      'POST /fipe-manual/listar': sucesso([]),
    });
    renderizarApp('/fipe/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    await escolher(/^Tipo/, 'Carro');
    await escolher(/^Marca/, 'Fiat');
    await escolher(/^Modelo/, 'Argo');
    await escolher(/^Tipo/, 'Outros');
    expect(screen.getByRole('combobox', { name: /^Marca/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Modelo/ })).toHaveValue('');
    fireEvent.change(screen.getByRole('combobox', { name: /^Marca/ }), { target: { value: 'Agrale' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Modelo/ }), { target: { value: 'Marruá' } });
    preencher(/^Versão/, 'AM 200');
    preencher(/^Ano modelo/, '2024');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() =>
      expect(corpoDe(api, '/fipe-manual/incluir')).toEqual({
        tipo: 0,
        marca_api: 'Agrale',
        modelo_api: 'Marruá',
        versao_api: 'AM 200',
        anomod: '2024',
      }),
    );
  });

  it('uma falha mantém o formulário e mostra Erro ao incluir veículo!', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/fipe/1/marcas': falha(502, 'Tabela FIPE indisponível no momento.'),
      'POST /fipe-manual/incluir': falha(409, 'Este veículo já está na tabela FIPE manual.'),
    });
    const { router } = renderizarApp('/fipe/incluir');
    await screen.findByRole('button', { name: 'Gravar' });
    await escolher(/^Tipo/, 'Carro');
    // A 502 is retried twice (providers.tsx) before the message shows.
    expect(await screen.findByText(/Não foi possível carregar as marcas/, undefined, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: /^Marca/ }), { target: { value: 'Fiat' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Modelo/ }), { target: { value: 'Argo' } });
    preencher(/^Versão/, 'Drive');
    preencher(/^Ano modelo/, '2026');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Erro ao incluir veículo!')).toBeInTheDocument();
    expect(screen.getByText(/Este veículo já está na tabela FIPE manual./)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fipe/incluir');
    expect(screen.getByRole('textbox', { name: /^Versão/ })).toHaveValue('Drive');
  });
});
