import type { ModeracaoPublicacaoLinha, ModeracaoVeiculoLinha } from '@intermedio/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  comAltura,
  EventSourceFalso,
  falha,
  renderizarApp,
  respostaSessao,
  SESSAO_ADMIN,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';

configure({ asyncUtilTimeout: 5000 });

comAltura(800);

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
  vedataincluido: `2026-03-0${n}T12:00:00.000Z`,
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
// The server's order: newest first.
const FILA = [
  entrada(3, R1, 'Auto Centro', 'Mobi Like', 2020),
  entrada(2, R2, 'Bela Vista Motors', 'Toro Volcano', 2022),
  entrada(1, R1, 'Auto Centro', 'Argo Drive', 2021),
];
const URL_FILA = '/api/moderacao/veiculos/incluidos';
const PAINEL = 'Lista de veículos incluídos';

/** The drawn rows' vehicle names, in order (row 0 is the header). */
const veiculosNaTela = () =>
  within(screen.getByRole('table', { name: PAINEL }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getByRole('button', { name: /^Dados do veículo/ }).textContent);

describe('filas de moderação', () => {
  it('busca por texto, colunas ordenáveis e a contagem "Lista de … - N veículos (de M)"; marcar todas marca só as exibidas', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), [`GET ${URL_FILA}`]: sucesso(FILA) });
    renderizarApp('/dashboard/incluidos');
    expect(await screen.findByRole('heading', { name: `${PAINEL} - 3 veículos` })).toBeInTheDocument();
    expect(veiculosNaTela()).toEqual(['Fiat Mobi Like', 'Fiat Toro Volcano', 'Fiat Argo Drive']);

    // Any word of the reseller or the vehicle, accents and case ignored.
    const busca = screen.getByRole('searchbox', { name: `Buscar em ${PAINEL}` });
    fireEvent.change(busca, { target: { value: 'bela toro' } });
    expect(await screen.findByRole('heading', { name: `${PAINEL} - 1 veículo (de 3)` })).toBeInTheDocument();
    expect(veiculosNaTela()).toEqual(['Fiat Toro Volcano']);
    fireEvent.change(busca, { target: { value: 'AUTO' } });
    expect(await screen.findByRole('heading', { name: `${PAINEL} - 2 veículos (de 3)` })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Marcar todas as exibidas' }));
    expect(screen.getByRole('button', { name: 'Validar incluídos (2)' })).toBeEnabled();
    fireEvent.change(busca, { target: { value: '' } });
    expect(await screen.findByRole('heading', { name: `${PAINEL} - 3 veículos` })).toBeInTheDocument();

    // Sort by a header: ascending, descending, back to the server's order.
    const veiculo = screen.getByRole('button', { name: /^Veículo/ });
    fireEvent.click(veiculo);
    expect(screen.getByRole('columnheader', { name: /Veículo/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(veiculosNaTela()).toEqual(['Fiat Argo Drive', 'Fiat Mobi Like', 'Fiat Toro Volcano']);
    fireEvent.click(veiculo);
    expect(veiculosNaTela()).toEqual(['Fiat Toro Volcano', 'Fiat Mobi Like', 'Fiat Argo Drive']);
    fireEvent.click(screen.getByRole('button', { name: /^Ano/ }));
    expect(veiculosNaTela()).toEqual(['Fiat Mobi Like', 'Fiat Argo Drive', 'Fiat Toro Volcano']);
    // The column's sort button (the admin menu has a "Revenda" group button too).
    fireEvent.click(within(screen.getByRole('table', { name: PAINEL })).getByRole('button', { name: /^Revenda/ }));
    expect(veiculosNaTela().slice(-1)).toEqual(['Fiat Toro Volcano']);
  });

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

  it('Excluir num bloco de canal pede a confirmação da especificação e exclui o anúncio ali mesmo; a falha vai para o alerta vermelho', async () => {
    simularEventSource();
    const comAnuncio = FILA.map((l) =>
      l.id === 'e1' ? { ...l, integracao_veiculo: { webmotors: { status: true, id_anuncio: 'WM-9' } } } : l,
    );
    const corpos: unknown[] = [];
    let falhar = false;
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [`GET ${URL_FILA}`]: sucesso(comAnuncio),
      [`POST ${URL_FILA}/linhas`]: (_c, init) => {
        const ids = (JSON.parse(String(init.body)) as { ids: string[] }).ids;
        return sucesso(FILA.filter((l) => ids.includes(l.id)));
      },
      'POST /api/integracao/webmotors/excluir': (_c, init) => {
        corpos.push(JSON.parse(String(init.body)));
        return falhar ? falha(502, 'Webmotors: anúncio bloqueado.') : sucesso({ mensagem: 'Anúncio excluído com sucesso.' });
      },
    });
    renderizarApp('/dashboard/incluidos');
    const linha = (await screen.findByRole('button', { name: 'Dados do veículo: Fiat Argo Drive' })).closest('tr') as HTMLElement;
    // A button in place, not a link to another screen.
    expect(within(linha).queryByRole('link', { name: 'Excluir anúncio no Webmotors' })).not.toBeInTheDocument();

    falhar = true;
    fireEvent.click(within(linha).getByRole('button', { name: 'Excluir anúncio no Webmotors' }));
    let dialogo = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(within(dialogo).getByText('Confirma a exclusão deste anúncio no Webmotors?')).toBeInTheDocument();
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Erro ao excluir anúncio! Webmotors: anúncio bloqueado.')).toBeInTheDocument();

    falhar = false;
    fireEvent.click(within(linha).getByRole('button', { name: 'Excluir anúncio no Webmotors' }));
    dialogo = await screen.findByRole('dialog', { name: 'Confirmação' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Anúncio excluído com sucesso.')).toBeInTheDocument();
    expect(corpos).toEqual([
      { id_anuncio: 'WM-9', id_veiculo: 'v1' },
      { id_anuncio: 'WM-9', id_veiculo: 'v1' },
    ]);
    // The row comes again (S.A. none): no Excluir left.
    await waitFor(() => expect(within(linha).queryByRole('button', { name: 'Excluir anúncio no Webmotors' })).not.toBeInTheDocument());
  });

  it('alterados: Data incluído é a inclusão do veículo, não a alteração; só os canais configurados têm bloco; legenda de S.I. / S.A.', async () => {
    simularEventSource();
    const alterado: ModeracaoVeiculoLinha = {
      ...entrada(5, R1, 'Auto Centro', 'Cronos Drive', 2021),
      fila: 'alterados',
      vedataincluido: '2025-01-02T12:00:00.000Z',
      integracao_revenda: { webmotors: { status: true }, autoline: { status: false } },
    };
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), 'GET /api/moderacao/veiculos/alterados': sucesso([alterado]) });
    renderizarApp('/dashboard/alterados');
    const linha = (await screen.findByRole('button', { name: 'Dados do veículo: Fiat Cronos Drive' })).closest('tr') as HTMLElement;
    const cabecalhos = within(screen.getByRole('table', { name: 'Lista de veículos alterados' }))
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    const celulas = within(linha).getAllByRole('cell');
    expect(celulas[cabecalhos.indexOf('Data incluído')]).toHaveTextContent(/^02\/01\/2025/);
    expect(celulas[cabecalhos.indexOf('Data alterado')]).toHaveTextContent(/^05\/03\/2026/);
    // Configured channels have their block; the others (Olx, Facebook…) show nothing.
    expect(within(linha).getByRole('img', { name: 'S.I. Webmotors: ativo' })).toBeInTheDocument();
    expect(within(linha).getByRole('img', { name: 'S.I. Autoline: inativo' })).toBeInTheDocument();
    expect(within(linha).queryByRole('img', { name: /Olx|Facebook|Instagram|iCarros/ })).not.toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Legenda dos canais' })).toHaveTextContent('S.I.: integração da revenda');
    // Manutenção is the last column (it sticks to the right edge), after the channel blocks.
    expect(cabecalhos.at(-1)).toBe('Manutenção');
  });

  it('banners: Ações (com Validar) é a última coluna, presa à borda direita, depois dos três blocos', async () => {
    simularEventSource();
    const item: ModeracaoPublicacaoLinha = {
      id: 'p1',
      fila: 'banners',
      idRevenda: R1,
      idItem: 'b1',
      revenda: 'Auto Centro',
      logo_revenda: null,
      created_at: '2026-03-01T12:00:00.000Z',
      imagem: null,
      texto: 'Feirão de sábado',
      ig_stories: true,
      ig_feed: false,
      fb_feed: true,
      valida_stories: false,
      valida_feed: false,
      fb_valida_feed: true,
    };
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), 'GET /api/moderacao/publicacoes/banners': sucesso([item]) });
    renderizarApp('/dashboard/banners');
    const tabela = await screen.findByRole('table', { name: 'Lista de banners' });
    await within(tabela).findByRole('button', { name: 'Validar: Feirão de sábado' });
    const cabecalhos = within(tabela)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(cabecalhos.slice(-4)).toEqual(['Instagram Stories', 'Instagram Feed', 'Facebook Feed', 'Ações']);
    expect(within(tabela).getByRole('columnheader', { name: 'Ações' })).toHaveStyle({ position: 'sticky' });
  });
});
