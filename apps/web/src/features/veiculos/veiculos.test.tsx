import {
  CANAIS,
  type CanalId,
  type IntegracaoVeiculo,
  MENSAGENS,
  MENSAGENS_VEICULO,
  type VeiculoLinha,
  veiculoEntrada,
} from '@intermedio/contracts';
import { MantineProvider } from '@mantine/core';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listaTeste } from '@/features/integracoes/teste-dados';
import {
  comAltura,
  EventSourceFalso,
  falha,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_ADMIN,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';
import { veiculoDetalhe as detalhe, ID_VEICULO as V } from '@/test/veiculo';
import { IMAGEM_NAO_CARREGOU } from '@/ui/Miniatura';
import { mover } from '@/ui/UploadFotos';
import { ALTURA_LINHA_SELOS_COMPACTOS, filtrarPorAnuncios, linhasSelos } from './anuncios';
import { chaveFiltrosSalvos } from './FiltrosSalvos';
import { VeiculoNoTelefone } from './PaginaVeiculos';
import { ANOS_FABRICACAO, ANOS_MODELO, filtrarVeiculos } from './rotulos';
import { acoesIntegracao } from './TabelaIntegracoesVeiculo';
import { paraEntrada, VALORES_NOVO, type ValoresVeiculo } from './valores';

configure({ asyncUtilTimeout: 5000 });

const BASE = `/api/revendas/${ID_REVENDA}/veiculos`;
const linha = (extra: Partial<VeiculoLinha> = {}): VeiculoLinha => ({
  id: 'v1',
  vetipoveiculo: 'carro',
  vefipe_marca: 'Chevrolet',
  vefipe_name: 'Onix LT 1.0 Turbo',
  veano_fabricacao: 2021,
  vefipe_ano_modelo: 2022,
  vevalor: '75990.00',
  veiplaca: 'ABC1D23',
  vecor: 'Prata',
  vecodigo_interno: 'E-17',
  vevendido: 0,
  vealterado: 0,
  created_at: '2026-01-01T12:00:00.000Z',
  updated_at: '2026-03-05T17:07:00.000Z',
  dias_estoque: 12,
  vs_fipe: null,
  miniatura: '/arquivos/v1-thumb.jpg',
  anuncios: [],
  ...extra,
});
const MOTO = linha({
  id: 'v2',
  vetipoveiculo: 'moto',
  vefipe_marca: 'Honda',
  vefipe_name: 'CG 160 Fan',
  veano_fabricacao: 2020,
  vefipe_ano_modelo: 2020,
  vevalor: '14500.00',
  veiplaca: 'MOT0A12',
  vecor: 'Vermelho',
  vecodigo_interno: null,
  miniatura: null,
});

const usado: ValoresVeiculo = {
  ...VALORES_NOVO,
  vefipe_marca: 'Chevrolet',
  ve_modelo: 'Onix',
  ve_versao: 'LT 1.0',
  veano_fabricacao: '2021',
  vefipe_ano_modelo: '2022',
  vecambio: 'M',
  vecor: 'Prata',
  veportas: '4',
  vecarroceria: 'Hatch',
  veiplaca: 'ABC1D23',
  vequilometragem: '35000',
  vevalor: 75990,
};
/** The input of a labelled field (Mantine's lists carry the same label on their listbox). */
const campo = (rotulo: RegExp) => screen.getAllByLabelText(rotulo).find((e) => e.tagName === 'INPUT') as HTMLElement;
const erros = (v: ValoresVeiculo) => {
  const r = veiculoEntrada.safeParse(paraEntrada(v));
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

comAltura(800);

describe('Regras do formulário de veículo (o mesmo esquema do servidor)', () => {
  it('aceita um usado completo e acusa cada campo que falta com "Preenchimento obrigatório"', () => {
    expect(erros(usado)).toEqual({});
    const vazio = erros(VALORES_NOVO);
    for (const campo of [
      'vefipe_marca',
      've_modelo',
      've_versao',
      'veano_fabricacao',
      'vefipe_ano_modelo',
      'vecambio',
      'vecor',
      'veportas',
    ])
      expect(vazio[campo], campo).toBe(MENSAGENS.preenchimentoObrigatorio);
    expect(vazio.vevalor).toBe(MENSAGENS.preenchimentoObrigatorio);
    expect(vazio.vecarroceria).toBe(MENSAGENS.preenchimentoObrigatorio);
    expect(vazio.vequilometragem).toBe(MENSAGENS.preenchimentoObrigatorio);
    expect(vazio.veiplaca).toBe(MENSAGENS.preenchimentoObrigatorio);
  });

  it('usado: km só com dígitos ("Km inválido") e placa com 7 caracteres; novo dispensa os dois', () => {
    expect(erros({ ...usado, vequilometragem: '12.000' }).vequilometragem).toBe(MENSAGENS_VEICULO.kmInvalido);
    expect(erros({ ...usado, vequilometragem: '-5' }).vequilometragem).toBe(MENSAGENS_VEICULO.kmInvalido);
    expect(erros({ ...usado, veiplaca: 'ABC12' }).veiplaca).toBe(MENSAGENS.preenchimentoObrigatorio);
    expect(erros({ ...usado, veveiculonovo: 1, veiplaca: '', vequilometragem: '' })).toEqual({});
    expect(paraEntrada({ ...usado, veveiculonovo: 1 }).vequilometragem).toBeNull();
  });

  it('placa só nos formatos brasileiros (ABC1234, Mercosul ABC1D23; caixa e hífen livres): "Placa inválida"', () => {
    expect(erros({ ...usado, veiplaca: 'P000A00' }).veiplaca).toBe(MENSAGENS_VEICULO.placaInvalida);
    expect(erros({ ...usado, veiplaca: 'ABCD123' }).veiplaca).toBe(MENSAGENS_VEICULO.placaInvalida);
    expect(erros({ ...usado, veveiculonovo: 1, veiplaca: 'P000A00' }).veiplaca).toBe(MENSAGENS_VEICULO.placaInvalida);
    for (const placa of ['ABC1234', 'abc1d23', 'abc-1234', 'ABC-1D23'])
      expect(erros({ ...usado, veiplaca: placa }).veiplaca, placa).toBeUndefined();
  });

  it('carroceria só para carro; valor de pelo menos R$ 1', () => {
    expect(erros({ ...usado, vetipoveiculo: 'moto', vecarroceria: '' })).toEqual({});
    expect(paraEntrada({ ...usado, vetipoveiculo: 'moto' }).vecarroceria).toBeNull();
    expect(erros({ ...usado, vevalor: 0.5 }).vevalor).toBe(MENSAGENS.preenchimentoObrigatorio);
    expect(erros({ ...usado, vevalor: '1.00' })).toEqual({});
  });

  it('anos de 1950 até o atual; o ano modelo vai até o seguinte', () => {
    const atual = new Date().getFullYear();
    expect(ANOS_FABRICACAO[0]).toBe(String(atual));
    expect(ANOS_FABRICACAO.at(-1)).toBe('1950');
    expect(ANOS_MODELO[0]).toBe(String(atual + 1));
    expect(ANOS_MODELO.at(-1)).toBe('1950');
  });
});

describe('Filtro da lista e ordem das fotos', () => {
  const indexadas = [linha(), MOTO];
  it('cada palavra em qualquer campo, sem acento nem caixa; e por tipo', () => {
    expect(filtrarVeiculos(indexadas, 'onix 2022', null).map((l) => l.id)).toEqual(['v1']);
    expect(filtrarVeiculos(indexadas, 'mot0a12', null).map((l) => l.id)).toEqual(['v2']);
    expect(filtrarVeiculos(indexadas, 'caminhão', null)).toEqual([]);
    expect(filtrarVeiculos(indexadas, '', 'moto').map((l) => l.id)).toEqual(['v2']);
    expect(filtrarVeiculos(indexadas, 'prata', 'moto')).toEqual([]);
    expect(filtrarVeiculos(indexadas, '', null)).toHaveLength(2);
  });
  it('filtros de anúncio: sem anúncio (uma falha não é anúncio), desatualizado, falhou, mais de 60 dias; combinados', () => {
    const linhas = [
      linha({ id: 'a', anuncios: [{ canal: 'olx', estado: 'pendente' }] }),
      linha({ id: 'b', dias_estoque: 90, anuncios: [{ canal: 'olx', estado: 'falhou' }] }),
      linha({ id: 'c', dias_estoque: 61, anuncios: [{ canal: 'webmotors', estado: 'desatualizado' }] }),
      linha({ id: 'd', dias_estoque: 60 }),
    ];
    const ids = (f: Parameters<typeof filtrarPorAnuncios>[1]) => filtrarPorAnuncios(linhas, f).map((l) => l.id);
    expect(ids(['sem'])).toEqual(['b', 'd']);
    expect(ids(['desatualizado'])).toEqual(['c']);
    expect(ids(['falhou'])).toEqual(['b']);
    expect(ids(['estoque60'])).toEqual(['b', 'c']);
    expect(ids(['sem', 'estoque60'])).toEqual(['b']);
    expect(filtrarPorAnuncios(linhas, [])).toBe(linhas);
  });
  it('move uma foto de posição sem perder nenhuma', () => {
    expect(mover(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(mover(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(mover(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
  it('ações da tabela de integrações: Incluir se configurada e não publicada; Alterar só Autoscar e Webmotors', () => {
    const i = {
      descricao: '',
      id_anuncio: null,
      url_anuncio: null,
      configurada: true,
      status_configuracao: true,
      publicado: false,
      estado: null,
      ultimo_erro: null,
      desatualizado: false,
      operacao: null,
    };
    expect(acoesIntegracao({ ...i, canal: 'olx' })).toEqual(['incluir']);
    expect(acoesIntegracao({ ...i, canal: 'olx', status_configuracao: false })).toEqual([]);
    expect(acoesIntegracao({ ...i, canal: 'olx', configurada: false })).toEqual([]);
    expect(acoesIntegracao({ ...i, canal: 'olx', publicado: true, id_anuncio: 'A1' })).toEqual(['excluir']);
    expect(acoesIntegracao({ ...i, canal: 'webmotors', publicado: true, id_anuncio: 'A1' })).toEqual(['alterar', 'excluir']);
    expect(acoesIntegracao({ ...i, canal: 'autoscar', publicado: true, id_anuncio: 'A1' })).toEqual(['alterar', 'excluir']);
    // A removal running at the channel (Excluir, a sale's removal, a refused deal kept by the channel): nothing offered.
    expect(acoesIntegracao({ ...i, canal: 'autoscar', publicado: true, id_anuncio: 'A1', operacao: 'excluir' })).toEqual([]);
    expect(acoesIntegracao({ ...i, canal: 'mobiauto', estado: 'falhou', id_anuncio: 'D1', operacao: 'excluir' })).toEqual([]);
    // A change waiting for the channel's answer: nothing offered either (Alterar and Excluir answer 409 meanwhile).
    expect(acoesIntegracao({ ...i, canal: 'webmotors', publicado: true, id_anuncio: 'A1', operacao: 'alterar' })).toEqual([]);
    // A sold vehicle: no Incluir nor Alterar (the server refuses both, 422), Excluir stays; a removed one: no Incluir.
    const vendido = { vendido: true, removido: false };
    expect(acoesIntegracao({ ...i, canal: 'olx' }, vendido)).toEqual([]);
    expect(acoesIntegracao({ ...i, canal: 'webmotors', publicado: true, id_anuncio: 'A1' }, vendido)).toEqual(['excluir']);
    expect(acoesIntegracao({ ...i, canal: 'olx', estado: 'falhou' }, { vendido: false, removido: true })).toEqual([]);
    expect(acoesIntegracao({ ...i, canal: 'olx', estado: 'falhou' }, { vendido: false, removido: false })).toEqual(['incluir']);
  });
});

describe('Tela da lista de veículos', { timeout: 60_000 }, () => {
  it('mostra foto, veículo, ano, valor em R$, dias em estoque, data DD/MM/YYYY HH:mm e os links; filtra por texto e tipo', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([linha(), MOTO]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Veículos (2)' })).toBeInTheDocument();
    const tabela = screen.getByRole('table', { name: 'Veículos' });
    const onix = within(tabela).getByText('Chevrolet Onix LT 1.0 Turbo').closest('tr') as HTMLElement;
    expect(within(onix).getByText('2021/2022')).toBeInTheDocument();
    expect(within(onix).getByText(/R\$\s75\.990,00/)).toBeInTheDocument();
    expect(within(onix).getByText('12')).toBeInTheDocument();
    expect(within(onix).getByText('05/03/2026 14:07')).toBeInTheDocument();
    // One ⋯ menu per row (issue 25 item 4): the spec's actions, "Excluir" last and red, to its confirmation page.
    fireEvent.click(within(onix).getByRole('button', { name: 'Ações do veículo Chevrolet Onix LT 1.0 Turbo' }));
    const itens = await screen.findAllByRole('menuitem');
    expect(itens.map((i) => i.textContent)).toEqual(['Visualizar', 'Alterar', 'Marcar como vendido', 'Excluir']);
    const v1 = `/revenda/${ID_REVENDA}/veiculos/v1`;
    expect(itens[0]).toHaveAttribute('href', `${v1}/visualizar`);
    expect(itens[1]).toHaveAttribute('href', `${v1}/alterar`);
    expect(itens[3]).toHaveAttribute('href', `${v1}/excluir`);
    expect(itens[3]?.getAttribute('style')).toContain('red');
    expect(itens[2]?.getAttribute('style') ?? '').not.toContain('red');
    // A photo that does not load, and a vehicle without photo, show the spec's placeholder.
    const foto = within(onix).getByRole('img', { name: 'Foto de Chevrolet Onix LT 1.0 Turbo' });
    expect(within(onix).queryByText(IMAGEM_NAO_CARREGOU)).not.toBeInTheDocument();
    fireEvent.error(foto);
    expect(await within(onix).findByText(IMAGEM_NAO_CARREGOU)).toBeInTheDocument();
    const cg = within(tabela).getByText('Honda CG 160 Fan').closest('tr') as HTMLElement;
    expect(within(cg).getByText(IMAGEM_NAO_CARREGOU)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Incluir veículo/ })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/veiculos/incluir`);
    // Only an admin blocks users or the site.
    expect(screen.queryByRole('button', { name: /Bloquear acesso dos usuários/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Filtrar'), { target: { value: 'cg fan' } });
    await waitFor(() => expect(within(tabela).queryByText('Chevrolet Onix LT 1.0 Turbo')).not.toBeInTheDocument());
    expect(within(tabela).getByText('Honda CG 160 Fan')).toBeInTheDocument();
    expect(screen.getByText('1 de 2 veículos')).toBeInTheDocument();
  });

  it('um clique na linha (ou Enter nela) abre o veículo; a caixa de seleção e o menu ⋯ não abrem', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [`GET ${BASE}`]: sucesso([linha()]) });
    const { router } = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    const fila = () => within(tabela).getByText('Chevrolet Onix LT 1.0 Turbo').closest('tr') as HTMLElement;
    const lista = `/revenda/${ID_REVENDA}/veiculos/listar`;
    fireEvent.click(within(fila()).getByRole('checkbox', { name: /^Selecionar Chevrolet Onix/ }));
    expect(within(fila()).getByRole('checkbox', { name: /^Selecionar Chevrolet Onix/ })).toBeChecked();
    fireEvent.click(within(fila()).getByRole('button', { name: 'Ações do veículo Chevrolet Onix LT 1.0 Turbo' }));
    expect(await screen.findByRole('menuitem', { name: 'Alterar' })).toBeInTheDocument();
    fireEvent.keyDown(fila(), { key: ' ' });
    // Navigation settles asynchronously: give it time before saying it did not happen.
    await act(() => new Promise((fim) => setTimeout(fim, 100)));
    expect(router.state.location.pathname).toBe(lista);
    expect(fila()).toHaveAttribute('tabindex', '0');
    const vista = `/revenda/${ID_REVENDA}/veiculos/v1/visualizar`;
    fireEvent.keyDown(fila(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(vista));
    await act(() => router.navigate(lista));
    fireEvent.click(within(await screen.findByRole('table', { name: 'Veículos' })).getByText('2021/2022'));
    await waitFor(() => expect(router.state.location.pathname).toBe(vista));
  });

  it('vs FIPE: "+x %" vermelho acima de 10 %, "−x %" verde abaixo, "—" sem preço FIPE; ordena pela coluna', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([
        linha({ id: 'a', vefipe_name: 'Acima', vs_fipe: 12.54 }),
        linha({ id: 'b', vefipe_name: 'Abaixo', vs_fipe: -3 }),
        linha({ id: 'c', vefipe_name: 'Perto', vs_fipe: 10 }),
        linha({ id: 'd', vefipe_name: 'Sem', vs_fipe: null }),
      ]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    const coluna = within(tabela)
      .getAllByRole('columnheader')
      .findIndex((c) => c.textContent === 'vs FIPE');
    expect(coluna).toBeGreaterThan(0);
    const celula = (nome: string) =>
      (within(tabela).getByText(`Chevrolet ${nome}`).closest('tr') as HTMLElement).children[coluna] as HTMLElement;
    expect(celula('Acima').textContent).toBe('+12,5 %');
    expect(celula('Abaixo').textContent).toBe('−3 %');
    expect(celula('Perto').textContent).toBe('+10 %');
    expect(celula('Sem').textContent).toBe('—');
    const cor = (nome: string) => (celula(nome).querySelector('span') as HTMLElement).getAttribute('style') ?? '';
    expect(cor('Acima')).toContain('red');
    expect(cor('Abaixo')).toContain('green');
    expect(cor('Perto')).not.toMatch(/red|green/);
    fireEvent.click(within(tabela).getByRole('button', { name: /vs FIPE/ }));
    const ordem = () =>
      within(tabela)
        .queryAllByText(/^Chevrolet (Acima|Abaixo|Perto|Sem)$/)
        .map((e) => e.textContent);
    await waitFor(() => expect(ordem()).toEqual(['Chevrolet Abaixo', 'Chevrolet Perto', 'Chevrolet Acima', 'Chevrolet Sem']));
  });

  it('filtros salvos: salva o filtro atual com um nome (por usuário), reaplica pelo chip e remove', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [`GET ${BASE}`]: sucesso([linha(), MOTO]) });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    expect(screen.queryByRole('button', { name: 'Salvar filtro' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filtrar'), { target: { value: 'cg fan' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sem anúncio' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nome do filtro' }), { target: { value: 'Motos paradas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar filtro' }));
    const chip = await screen.findByRole('button', { name: 'Aplicar filtro Motos paradas' });
    expect(JSON.parse(localStorage.getItem(chaveFiltrosSalvos('g1')) ?? '[]')).toEqual([
      { nome: 'Motos paradas', texto: 'cg fan', tipo: null, filtros: ['sem'] },
    ]);
    // Cleared, then re-applied from the chip: the text and the advert chip come back.
    fireEvent.change(screen.getByLabelText('Filtrar'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sem anúncio' }));
    await waitFor(() => expect(within(tabela).getByText('Chevrolet Onix LT 1.0 Turbo')).toBeInTheDocument());
    fireEvent.click(chip);
    expect(screen.getByLabelText('Filtrar')).toHaveValue('cg fan');
    expect(screen.getByRole('checkbox', { name: 'Sem anúncio' })).toBeChecked();
    await waitFor(() => expect(within(tabela).queryByText('Chevrolet Onix LT 1.0 Turbo')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Remover filtro Motos paradas' }));
    expect(screen.queryByRole('button', { name: 'Aplicar filtro Motos paradas' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(chaveFiltrosSalvos('g1')) ?? 'null')).toEqual([]);
  });

  it('num telefone a célula Veículo mostra foto, nome, ano, preço e os selos dos canais', () => {
    const v = linha({ anuncios: [{ canal: 'olx', estado: 'publicado' }] });
    render(
      <MantineProvider>
        <VeiculoNoTelefone v={v} canais={['olx', 'webmotors']} />
      </MantineProvider>,
    );
    expect(screen.getByRole('img', { name: 'Foto de Chevrolet Onix LT 1.0 Turbo' })).toBeInTheDocument();
    expect(screen.getByText('Chevrolet Onix LT 1.0 Turbo')).toBeInTheDocument();
    // The price first, then the year: a narrow phone cuts the year, not the price.
    expect(screen.getByText(/2021\/2022/)).toHaveTextContent(/^R\$\s75\.990,00 · 2021\/2022$/);
    expect(screen.getByRole('img', { name: 'Olx: publicado' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Webmotors: sem anúncio' })).toBeInTheDocument();
  });

  it('um item de atenção do dashboard abre a lista só com aqueles carros: ?anuncios= marca o chip, ?filtro=estoque_90 avisa', async () => {
    const linhas = [
      linha({ anuncios: [{ canal: 'webmotors', estado: 'publicado' }] }),
      { ...MOTO, dias_estoque: 120, miniatura: null, anuncios: [{ canal: 'webmotors' as const, estado: 'falhou' as const }] },
      linha({ id: 'v3', vefipe_name: 'Argo Drive', dias_estoque: 95, vevendido: 1, anuncios: [] }),
    ];
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso(linhas),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste({ webmotors: { status: true } })),
    });
    const visiveis = async () => {
      const tabela = await screen.findByRole('table', { name: 'Veículos' });
      return within(tabela)
        .queryAllByText(/Onix|CG 160|Argo/)
        .map((e) => e.textContent);
    };
    const { unmount } = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar?anuncios=falhou`);
    await waitFor(async () => expect(await visiveis()).toEqual(['Honda CG 160 Fan']));
    expect(screen.getByRole('checkbox', { name: 'Falhou' })).toBeChecked();
    // The chip is the dealer's from then on: unticked, every car again.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Falhou' }));
    await waitFor(async () => expect(await visiveis()).toHaveLength(3));
    unmount();

    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar?anuncios=sem_fotos`);
    await waitFor(async () => expect(await visiveis()).toEqual(['Honda CG 160 Fan']));
    expect(screen.getByRole('checkbox', { name: 'Sem fotos' })).toBeChecked();
  });

  it('?filtro=estoque_90 (item "há mais de 90 dias" do dashboard): só os carros à venda há mais de 90 dias, com o aviso', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([
        linha(),
        { ...MOTO, dias_estoque: 120 },
        linha({ id: 'v3', vefipe_name: 'Argo Drive', dias_estoque: 95, vevendido: 1 }),
      ]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar?filtro=estoque_90`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    await waitFor(() =>
      expect(
        within(tabela)
          .queryAllByText(/Onix|CG 160|Argo/)
          .map((e) => e.textContent),
      ).toEqual(['Honda CG 160 Fan']),
    );
    expect(screen.getByText(/Filtro do dashboard: À venda há mais de 90 dias\./)).toBeInTheDocument();
  });

  it('um selo por canal configurado com o estado do anúncio; filtros Sem anúncio, Desatualizado, Falhou e mais de 60 dias', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([
        linha({
          anuncios: [
            { canal: 'olx', estado: 'desatualizado' },
            { canal: 'webmotors', estado: 'publicado' },
          ],
        }),
        { ...MOTO, dias_estoque: 61, anuncios: [{ canal: 'olx', estado: 'falhou' }] },
        // An advert on a channel no longer configured still shows.
        linha({ id: 'v3', vefipe_name: 'Argo Drive', dias_estoque: 60, anuncios: [{ canal: 'icarros', estado: 'atualizando' }] }),
      ]),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste({ webmotors: { status: true }, olx: { status: false } })),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    const fila = (nome: string) => within(tabela).getByText(nome).closest('tr') as HTMLElement;
    await waitFor(() =>
      expect(within(fila('Chevrolet Onix LT 1.0 Turbo')).getByRole('img', { name: 'Webmotors: publicado' })).toBeVisible(),
    );
    expect(within(fila('Chevrolet Onix LT 1.0 Turbo')).getByRole('img', { name: 'Olx: desatualizado' })).toBeVisible();
    expect(within(fila('Honda CG 160 Fan')).getByRole('img', { name: 'Webmotors: sem anúncio' })).toBeVisible();
    expect(within(fila('Honda CG 160 Fan')).getByRole('img', { name: 'Olx: falhou' })).toBeVisible();
    expect(within(fila('Chevrolet Argo Drive')).getByRole('img', { name: 'iCarros: atualizando' })).toBeVisible();
    // Only configured channels (and those with an advert): no Autoscar badge.
    expect(within(tabela).queryByRole('img', { name: /^Autoscar/ })).not.toBeInTheDocument();

    const filtro = (nome: string) => fireEvent.click(screen.getByRole('checkbox', { name: nome }));
    const visiveis = () =>
      within(tabela)
        .queryAllByText(/Onix|CG 160|Argo/)
        .map((e) => e.textContent);
    filtro('Sem anúncio');
    await waitFor(() => expect(visiveis()).toEqual(['Honda CG 160 Fan']));
    expect(screen.getByText('1 de 3 veículos')).toBeInTheDocument();
    filtro('Sem anúncio');
    filtro('Desatualizado');
    await waitFor(() => expect(visiveis()).toEqual(['Chevrolet Onix LT 1.0 Turbo']));
    filtro('Desatualizado');
    filtro('Falhou');
    await waitFor(() => expect(visiveis()).toEqual(['Honda CG 160 Fan']));
    filtro('Falhou');
    filtro('Em estoque há mais de 60 dias');
    await waitFor(() => expect(visiveis()).toEqual(['Honda CG 160 Fan']));
    filtro('Em estoque há mais de 60 dias');
    await waitFor(() => expect(visiveis()).toHaveLength(3));
  });

  it('a 1366 px (1102 px de lista) as colunas cabem sem rolar sob Manutenção; com os dez canais a linha tem até 64 px e cabe os selos compactos', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([linha()]),
      // Ten configured channels: ten badges in the Veículo cell.
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(
        listaTeste(Object.fromEntries(CANAIS.map((c) => [c, { status: true }])) as Record<CanalId, { status: boolean }>),
      ),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    await waitFor(() => expect(within(tabela).getAllByRole('img', { name: /: sem anúncio$/ })).toHaveLength(10));
    const cabecalhos = within(tabela).getAllByRole('columnheader');
    expect(cabecalhos.map((c) => c.textContent)).toEqual(expect.arrayContaining(['Dias em estoque', 'Atualizado em', 'Manutenção']));
    // jsdom measures nothing: every column shows at its own width (a column without one gets at least 120 px).
    const soma = cabecalhos.reduce((total, c) => total + (Number.parseFloat(c.style.width) || 120), 0);
    // 1366 less the menu (232) and the margins (32), less a scrollbar (17): nothing scrolls under the sticky column.
    expect(soma).toBeLessThanOrEqual(1366 - 232 - 32 - 17);
    // The name's cell is what the others leave: the ten full badges would take four lines; the compact ones take
    // two, and the row (issue 25: at most 64 px) is tall enough for the name and them.
    const celula = 1366 - 232 - 32 - 17 - (soma - 120) - 20;
    expect(linhasSelos(CANAIS, celula)).toBeGreaterThanOrEqual(3);
    const compactas = linhasSelos(CANAIS, celula, true);
    expect(compactas).toBeLessThanOrEqual(2);
    const fila = within(tabela).getByText('Chevrolet Onix LT 1.0 Turbo').closest('tr') as HTMLElement;
    const altura = Number.parseFloat(fila.style.height);
    expect(altura).toBeLessThanOrEqual(64);
    expect(altura).toBeGreaterThanOrEqual(9 + 22 + compactas * ALTURA_LINHA_SELOS_COMPACTOS);
    // Compact badges show the initials; the accessible name stays whole.
    expect(within(fila).getByRole('img', { name: 'Webmotors: sem anúncio' })).toHaveTextContent('– WM');
  });

  it('sem canal configurado a linha fica com 57 px (miniatura de 48 px); as colunas são as mesmas', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [`GET ${BASE}`]: sucesso([linha()]),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste()),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso({ id: ID_REVENDA, penome_fantasia: 'Auto Demo', ativo: 1 }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    const tabela = await screen.findByRole('table', { name: 'Veículos' });
    const fila = within(tabela).getByText('Chevrolet Onix LT 1.0 Turbo').closest('tr') as HTMLElement;
    expect(fila.style.height).toBe('57px');
    expect(within(tabela).queryAllByRole('img', { name: /: sem anúncio$/ })).toHaveLength(0);
  });

  it('ao vivo: uma mudança feita em outra tela busca só aquela linha e a põe no lugar; remoção tira a linha', async () => {
    simularEventSource();
    const novo = linha({ id: 'v3', vefipe_name: 'Tracker 1.0 Turbo', updated_at: '2026-03-06T10:00:00.000Z' });
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([linha(), MOTO]),
      [`GET ${BASE}/lista/v3`]: sucesso(novo),
      [`GET ${BASE}/lista/v2`]: falha(404, 'Veículo não encontrado.'),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Veículos (2)' })).toBeInTheDocument();
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'veiculos', revenda: ID_REVENDA, id: 'v3', op: 'INSERT' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Veículos (3)' })).toBeInTheDocument();
    // Newest change first (same order as the server's).
    const nomes = () =>
      within(screen.getByRole('table', { name: 'Veículos' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent ?? '');
    expect(nomes()[0]).toContain('Chevrolet Tracker 1.0 Turbo');
    // A vehicle removed elsewhere leaves the list (its row answers 404).
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'veiculos', revenda: ID_REVENDA, id: 'v2', op: 'UPDATE' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Veículos (2)' })).toBeInTheDocument();
    expect(screen.queryByText('Honda CG 160 Fan')).not.toBeInTheDocument();
    // Another reseller's vehicle is none of this screen's business.
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'veiculos', revenda: 'outra', id: 'v9', op: 'INSERT' }));
    await new Promise((ok) => setTimeout(ok, 300));
    expect(api.mock.calls.filter(([u]) => String(u) === BASE)).toHaveLength(1);
    expect(api.mock.calls.some(([u]) => String(u).endsWith('/lista/v9'))).toBe(false);
  });

  it('ao vivo: a mudança de um anúncio (veiculo_integracoes, que nomeia o veículo) busca aquela linha e o selo muda', async () => {
    simularEventSource();
    let atual = linha();
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([linha(), MOTO]),
      [`GET ${BASE}/lista/v1`]: () => sucesso(atual),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Veículos (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Webmotors: publicado' })).not.toBeInTheDocument();
    atual = linha({ anuncios: [{ canal: 'webmotors', estado: 'publicado' }] });
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'veiculo_integracoes', revenda: ID_REVENDA, id: 'v1', op: 'UPDATE' }));
    expect(await screen.findByRole('img', { name: 'Webmotors: publicado' })).toBeInTheDocument();
    // The advert removed (its record deleted): the row is fetched again, never dropped from the list.
    atual = linha();
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'veiculo_integracoes', revenda: ID_REVENDA, id: 'v1', op: 'DELETE' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Webmotors: publicado' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Veículos (2)' })).toBeInTheDocument();
    expect(api.mock.calls.filter(([u]) => String(u) === BASE)).toHaveLength(1);
  });

  it('ao admin oferece bloquear ou liberar os usuários e o site da revenda', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [`GET ${BASE}`]: sucesso([linha()]),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso({ id: ID_REVENDA, penome_fantasia: 'Auto Demo', ativo: 1 }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Veículos (1)' })).toBeInTheDocument();
    // The reseller answer above is partial (it does not parse): the buttons wait for the reseller.
    expect(screen.queryByRole('button', { name: 'Bloquear site' })).not.toBeInTheDocument();
  });
});

describe('Tela de inclusão', { timeout: 60_000 }, () => {
  it('Gravar vazio marca cada campo com "Preenchimento obrigatório" e leva o foco ao primeiro', async () => {
    simularEventSource();
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}/locais-anuncio`]: sucesso([]),
      'GET /api/fipe/1/marcas': sucesso([
        { codigo: '23', nome: 'GM - Chevrolet', manual: false },
        { codigo: '59', nome: 'VW - VolksWagen', manual: false },
        { codigo: '21', nome: 'Fiat', manual: false },
      ]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/incluir`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Veículos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Incluir veículo' })).toBeInTheDocument();
    expect(campo(/^Placa/)).toHaveAttribute('maxlength', '7');
    expect(campo(/^Carroceria/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(screen.getAllByText(MENSAGENS.preenchimentoObrigatorio).length).toBeGreaterThanOrEqual(10));
    await waitFor(() => expect(document.activeElement).toBe(campo(/^Marca/)));
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(campo(/^Quilometragem/), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText(MENSAGENS_VEICULO.kmInvalido)).toBeInTheDocument();

    // Brand suggestions by prefix (also after " - "), none for empty input.
    const marca = campo(/^Marca/);
    fireEvent.click(marca);
    fireEvent.change(marca, { target: { value: 'chev' } });
    expect(await screen.findByText('GM - Chevrolet')).toBeInTheDocument();
    expect(screen.queryByText('VW - VolksWagen')).not.toBeInTheDocument();
    expect(screen.queryByText('Fiat')).not.toBeInTheDocument();
    // Prefix, not substring: "olks" suggests nothing; empty input neither.
    fireEvent.change(marca, { target: { value: 'olks' } });
    await waitFor(() => expect(screen.queryByText('GM - Chevrolet')).not.toBeInTheDocument());
    expect(screen.queryByText('VW - VolksWagen')).not.toBeInTheDocument();
    fireEvent.change(marca, { target: { value: '' } });
    expect(screen.queryByText('Fiat')).not.toBeInTheDocument();

    // A motorcycle has no body.
    fireEvent.click(campo(/^Tipo/));
    fireEvent.click(await screen.findByText('Moto'));
    await waitFor(() => expect(screen.queryAllByLabelText(/^Carroceria/)).toHaveLength(0));
  });
});

describe('Alterar e visualizar', { timeout: 60_000 }, () => {
  it('alterar manda a versão lida e, no 409, mostra a mensagem sem perder o que foi digitado', async () => {
    simularEventSource();
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe()),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}/locais-anuncio`]: falha(404, 'Endereço não encontrado.'),
      [`PUT ${BASE}/${V}`]: falha(409, MENSAGENS.conflitoVersao),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/alterar`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alterar veículo' })).toBeInTheDocument();
    expect(campo(/^Placa/)).toHaveValue('ABC1D23');
    expect(await screen.findByText('Os locais de anúncio da revenda não estão disponíveis.')).toBeInTheDocument();
    fireEvent.change(campo(/^Quilometragem/), { target: { value: '36000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText(MENSAGENS.conflitoVersao)).toBeInTheDocument();
    expect(campo(/^Quilometragem/)).toHaveValue('36000');
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT');
    const corpo = JSON.parse(String(put?.[1]?.body));
    expect(corpo.versao).toBe('2026-03-05T17:07:00.000Z');
    expect(corpo.vequilometragem).toBe('36000');
    expect(corpo.vevalor).toBe('75990.00');
  });

  it('Gravar com mais fotos que o limite mostra o motivo junto das fotos em vez de não fazer nada', async () => {
    simularEventSource();
    const imagens = Array.from({ length: 41 }, (_, i) => ({
      id: `f${i}`,
      imagem: null,
      fileName: `foto-${i}.jpg`,
      fileUrl: `/arquivos/f${i}.jpg`,
      fileThumb: `/arquivos/f${i}-thumb.jpg`,
      fileOriginal: `/arquivos/f${i}-original.jpg`,
    }));
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ imagens })),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}/locais-anuncio`]: sucesso([]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/alterar`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alterar veículo' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('No máximo 40 fotos por veículo')).toBeInTheDocument();
    expect(api.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    // Removing one photo clears the message.
    fireEvent.click(screen.getByRole('button', { name: /^Remover foto 41/ }));
    await waitFor(() => expect(screen.queryByText('No máximo 40 fotos por veículo')).not.toBeInTheDocument());
  });

  it('Buscar versões aplica a versão que o servidor reconheceu (e os códigos de marca e modelo) ao local escolhido', async () => {
    simularEventSource();
    const local = { id: '33333333-3333-4333-8333-333333333333', idLocal: 'C1', descricao: 'Portal X', ordenacao: 1 };
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ locais_anuncio: [{ ...local, codigoMarca: null, codigoModelo: null, codigoVersao: null }] })),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}/locais-anuncio`]: sucesso([local]),
      'POST /api/locais-anuncio/buscar-versoes': sucesso([
        {
          ...local,
          codigoMarca: '23',
          codigoModelo: '5',
          codigoVersao: '004001-1',
          selecionaVersao: true,
          versoes: [
            { codigo_versao: '004000-0', versao: 'LS 1.0' },
            { codigo_versao: '004001-1', versao: 'LT 1.0 Turbo' },
          ],
        },
      ]),
      [`PUT ${BASE}/${V}`]: sucesso({ id: V }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/alterar`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alterar veículo' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Buscar versões' }));
    await waitFor(() => expect(campo(/^Versão em Portal X/)).toHaveValue('LT 1.0 Turbo'));
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(api.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT');
    // The version's name goes with its code (issue 23 item 14).
    expect(JSON.parse(String(put?.[1]?.body)).locais_anuncio).toEqual([
      { id: local.id, codigoMarca: '23', codigoModelo: '5', codigoVersao: '004001-1', versao: 'LT 1.0 Turbo' },
    ]);
  });

  it('a versão escolhida para um local de anúncio aparece pelo nome, não pelo código, em Alterar e em Visualizar', async () => {
    simularEventSource();
    const local = { id: '33333333-3333-4333-8333-333333333333', idLocal: 'C1', descricao: 'Portal X', ordenacao: 1 };
    const salvo = { ...local, codigoMarca: '59', codigoModelo: '5940', codigoVersao: '005015-5', versao: 'Highline 200 TSI 1.0 Flex Aut.' };
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ locais_anuncio: [salvo] })),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}/locais-anuncio`]: sucesso([local]),
      [`PUT ${BASE}/${V}`]: sucesso({ id: V }),
    });
    const { unmount } = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/alterar`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alterar veículo' })).toBeInTheDocument();
    await waitFor(() => expect(campo(/^Versão em Portal X/)).toHaveValue('Highline 200 TSI 1.0 Flex Aut.'));
    // Saving again keeps the name with the code.
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(api.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body)).locais_anuncio).toEqual([
      { id: local.id, codigoMarca: '59', codigoModelo: '5940', codigoVersao: '005015-5', versao: 'Highline 200 TSI 1.0 Flex Aut.' },
    ]);
    unmount();

    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    expect(await screen.findByText('Portal X (versão Highline 200 TSI 1.0 Flex Aut.)')).toBeInTheDocument();
    expect(screen.queryByText(/005015-5/)).not.toBeInTheDocument();
  });

  it('visualizar mostra os dados, a tabela de integrações e esconde Alterar quando a remoção foi validada', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe()),
    });
    const { unmount } = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    // Issue 25 item 5: the vehicle's name is the h1, the screen's name the breadcrumb's current page above it.
    expect(await screen.findByRole('heading', { level: 1, name: 'GM - Chevrolet Onix LT 1.0 Turbo' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Trilha de navegação' })).getByText('Visualizar veículo')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('cell', { name: 'ABC1D23' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alterar' })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/veiculos/${V}/alterar`);
    const tabela = screen.getByRole('table', { name: 'Integrações' });
    const webmotors = within(tabela).getByText('Webmotors').closest('tr') as HTMLElement;
    expect(within(webmotors).getByText('Publicado')).toBeInTheDocument();
    expect(within(webmotors).getByRole('link', { name: 'Alterar anúncio no Webmotors' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/veiculos/${V}/integracao/webmotors/W9/alterar`,
    );
    const olx = within(tabela).getByText('Olx').closest('tr') as HTMLElement;
    expect(within(olx).getByRole('link', { name: 'Incluir anúncio no Olx' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/veiculos/${V}/integracao/olx/incluir`,
    );
    unmount();

    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ veremovido: 1, vevalidacaoremovido: 1 })),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    expect(await screen.findByText('Removido')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Alterar' })).not.toBeInTheDocument();
  });

  it('visualizar: por canal o nº do anúncio, "Ver anúncio ↗" em nova aba, a última sincronização e o estado (Atualizando…)', async () => {
    simularEventSource();
    const base = detalhe().integracoes[0] as IntegracaoVeiculo;
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(
        detalhe({
          integracoes: [
            { ...base, url_anuncio: 'https://www.webmotors.com.br/comprar/W9', sincronizado_em: '2026-03-05T17:07:00.000Z' },
            { ...base, canal: 'icarros', descricao: 'iCarros', id_anuncio: '77', url_anuncio: 'https://www.icarros.com.br/anuncio/77' },
            { ...base, canal: 'autoscar', descricao: 'Autoscar', id_anuncio: 'A1', operacao: 'alterar', desatualizado: true },
            { ...base, canal: 'olx', descricao: 'Olx', id_anuncio: 'iv9k2', codigo_anuncio: '8000005' },
            {
              ...base,
              canal: 'mercadolivre',
              descricao: 'Mercado Livre',
              publicado: false,
              estado: 'falhou',
              id_anuncio: null,
              ultimo_erro: 'Recusado',
            },
          ],
        }),
      ),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    const tabela = await screen.findByRole('table', { name: 'Integrações' });
    const fila = (nome: string) => within(tabela).getByText(nome).closest('tr') as HTMLElement;
    const webmotors = fila('Webmotors');
    const link = within(webmotors).getByRole('link', { name: /^Ver anúncio no Webmotors/ });
    expect(link).toHaveTextContent('Ver anúncio ↗');
    expect(link).toHaveAttribute('href', 'https://www.webmotors.com.br/comprar/W9');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(webmotors).toHaveTextContent('Anúncio nº W9');
    expect(webmotors).toHaveTextContent('Sincronizado em 05/03/2026 14:07');
    expect(within(webmotors).getByText('Publicado')).toBeInTheDocument();
    // iCarros (issue 24): the id and the link the channel answered are shown, not only "Publicado".
    expect(fila('iCarros')).toHaveTextContent('Anúncio nº 77');
    expect(within(fila('iCarros')).getByRole('link', { name: /^Ver anúncio no iCarros/ })).toHaveAttribute(
      'href',
      'https://www.icarros.com.br/anuncio/77',
    );
    expect(within(fila('Autoscar')).getByText('Atualizando…')).toBeInTheDocument();
    // OLX: its own number (list_id), not the integrator's import id.
    expect(fila('Olx')).toHaveTextContent('Anúncio nº 8000005');
    expect(fila('Olx')).not.toHaveTextContent('iv9k2');
    expect(within(fila('Mercado Livre')).getByText('Falhou')).toBeInTheDocument();
    expect(within(fila('Mercado Livre')).queryByRole('link', { name: /Ver anúncio/ })).not.toBeInTheDocument();
  });

  it('visualizar num telefone (390 px): a tabela de integrações tem duas colunas, com as ações ao lado do status, sem cortar', async () => {
    const original = window.matchMedia;
    // Only the phone query matches (the shell's own queries keep their desktop answer).
    window.matchMedia = ((q: string) => ({ ...original(q), matches: q === '(max-width: 36em)' })) as typeof window.matchMedia;
    try {
      simularEventSource();
      simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [`GET ${BASE}/${V}`]: sucesso(detalhe()) });
      renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
      const tabela = await screen.findByRole('table', { name: 'Integrações' });
      expect(
        within(tabela)
          .getAllByRole('columnheader')
          .map((c) => c.textContent),
      ).toEqual(['Integração', 'Publicação']);
      const webmotors = within(tabela).getByText('Webmotors').closest('tr') as HTMLElement;
      const [canal, publicacao] = within(webmotors).getAllByRole('cell');
      expect(canal).toHaveTextContent('Ativa');
      expect(within(publicacao as HTMLElement).getByText('Publicado')).toBeInTheDocument();
      expect(within(publicacao as HTMLElement).getByRole('link', { name: 'Alterar anúncio no Webmotors' })).toBeInTheDocument();
      expect(publicacao).toHaveTextContent('Anúncio nº W9');
    } finally {
      window.matchMedia = original;
    }
  });

  it('visualizar: o título é o nome do veículo, com o preço e os selos de situação (À venda, Vendido, Removido, alterado)', async () => {
    simularEventSource();
    const chips = () => within(screen.getByRole('group', { name: 'Situação do veículo' }));
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ vevalor: '66500.00', vealterado: 1 })),
    });
    const { unmount } = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent('GM - Chevrolet Onix LT 1.0 Turbo');
    expect(screen.getByTestId('preco-veiculo')).toHaveTextContent('R$ 66.500,00');
    expect(chips().getByText('À venda')).toBeInTheDocument();
    expect(chips().getByText('Alterado aguardando validação')).toBeInTheDocument();
    expect(chips().queryByText('Vendido')).not.toBeInTheDocument();
    unmount();

    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ vevendido: 1 })),
    });
    const segunda = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    await screen.findByRole('heading', { level: 1 });
    expect(chips().getByText('Vendido')).toBeInTheDocument();
    expect(chips().queryByText('À venda')).not.toBeInTheDocument();
    expect(chips().queryByText('Alterado aguardando validação')).not.toBeInTheDocument();
    segunda.unmount();

    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ veremovido: 1 })),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    await screen.findByRole('heading', { level: 1 });
    expect(chips().getByText('Removido')).toBeInTheDocument();
    expect(chips().queryByText('À venda')).not.toBeInTheDocument();
  });

  it('visualizar esconde Alterar também de um veículo removido cuja remoção ainda não foi validada (o servidor recusa a alteração)', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ veremovido: 1, vevalidacaoremovido: 0 })),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    expect(await screen.findByText('Removido')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baixar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Alterar' })).not.toBeInTheDocument();
  });
});
