import type { FipeVersao } from '@intermedio/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { falha, ID_REVENDA, renderizarApp, respostaSessao, SESSAO_GESTOR, simularApi, simularEventSource, sucesso } from '@/test/utils';
import { veiculoDetalhe as detalhe, ID_VEICULO as V } from '@/test/veiculo';
import { diferencaFipe, mesAnoFipe } from './PrecoFipe';

const BASE = `/api/revendas/${ID_REVENDA}/veiculos`;
const FIPE = '/api/fipe/1/marcas';
const VERSOES = `${FIPE}/23/modelos/onix/anos/2022/versoes`;
/** The form waits for the session, the vehicle and four lookups in a row: slow on a loaded machine. */
const LENTO = { timeout: 15_000 };
const campo = (rotulo: RegExp) => screen.getAllByLabelText(rotulo).find((e) => e.tagName === 'INPUT') as HTMLElement;

const versao = (extra: Partial<FipeVersao>): FipeVersao => ({
  codigo: '4001_2022-1',
  nome: 'LT 1.0 Turbo',
  nome_fipe: 'Onix LT 1.0 Turbo',
  codigo_fipe: '004001-1',
  preco: '70000.00',
  combustivel: 'Gasolina',
  sigla_combustivel: 'G',
  ano_modelo: 2022,
  mes_referencia: 'novembro de 2026 ',
  manual: false,
  ...extra,
});

/** The lookup cascade of the saved Onix (detalhe()): brand 23, model "onix", year 2022, then its versions. */
const cascata = (versoes: FipeVersao[]) => ({
  [`GET ${FIPE}`]: sucesso([{ codigo: '23', nome: 'GM - Chevrolet', manual: false }]),
  [`GET ${FIPE}/23/modelos`]: sucesso([{ codigo: 'onix', nome: 'Onix', manual: false }]),
  [`GET ${FIPE}/23/modelos/onix/anos`]: sucesso([{ codigo: '2022', nome: '2022', ano: 2022, manual: false }]),
  [`GET ${VERSOES}`]: sucesso(versoes),
});

describe('Preço FIPE: mês de referência e diferença', () => {
  it('"novembro de 2026" vira "novembro/2026"; a diferença em % com sinal, vírgula e uma casa', () => {
    expect(mesAnoFipe('novembro de 2026 ')).toBe('novembro/2026');
    expect(mesAnoFipe(null)).toBeNull();
    expect(diferencaFipe('75990.00', 70000)).toBe('+8,6 %');
    expect(diferencaFipe(63000, 70000)).toBe('−10 %');
    expect(diferencaFipe(70000, 70000)).toBe('0 %');
    expect(diferencaFipe('', 70000)).toBeNull();
  });
});

describe('Preço FIPE no formulário e na visualização', { timeout: 60_000 }, () => {
  it('alterar mostra "FIPE novembro/2026: R$ 70.000,00 (seu preço +8,6 %)" e recalcula ao mudar o valor, sem consultar a FIPE de novo', async () => {
    simularEventSource();
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe()),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}/locais-anuncio`]: sucesso([]),
      ...cascata([versao({ codigo: '4002_2022-1', nome: 'LTZ 1.0 Turbo', codigo_fipe: '004002-1', preco: '80000.00' }), versao({})]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/alterar`);
    expect(await screen.findByText('FIPE novembro/2026: R$ 70.000,00 (seu preço +8,6 %)', {}, LENTO)).toBeInTheDocument();

    const valor = campo(/^Valor/);
    fireEvent.change(valor, { target: { value: 'R$ 63.000' } });
    expect(await screen.findByText('FIPE novembro/2026: R$ 70.000,00 (seu preço −10 %)')).toBeInTheDocument();
    fireEvent.change(valor, { target: { value: '' } });
    expect(await screen.findByText('FIPE novembro/2026: R$ 70.000,00')).toBeInTheDocument();
    const consultasVersoes = api.mock.calls.filter(([url]) => String(url).includes('/versoes'));
    expect(consultasVersoes).toHaveLength(1);
  });

  it('uma versão só da tabela FIPE manual (sem preço): "FIPE sem preço para esta versão e ano." e Gravar segue livre', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ vefipe_codigo: null })),
      'GET /api/opcionais': sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}/locais-anuncio`]: sucesso([]),
      ...cascata([versao({ codigo: 'm-7', codigo_fipe: null, preco: null, mes_referencia: null, manual: true })]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/alterar`);
    expect(await screen.findByText('FIPE sem preço para esta versão e ano.', {}, LENTO)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gravar' })).toBeEnabled();
  });

  it('visualizar mostra o mesmo preço FIPE junto do valor', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ vevalor: '66500.00' })),
      ...cascata([versao({})]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    const linha = await screen.findByText('FIPE novembro/2026: R$ 70.000,00 (seu preço −5 %)', {}, LENTO);
    // Issue 25 item 5: beside the price in the page's heading.
    await waitFor(() => expect(linha.closest('[data-testid="preco-veiculo"]')).toHaveTextContent('R$ 66.500,00'));
  });

  it('visualizar: FIPE sem o item (404) é "sem preço"; FIPE fora do ar (502) diz que está indisponível', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe()),
      ...cascata([]),
      [`GET ${VERSOES}`]: falha(404, 'Não encontrado na tabela FIPE.'),
    });
    const { unmount } = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    expect(await screen.findByText('FIPE sem preço para esta versão e ano.', {}, LENTO)).toBeInTheDocument();
    unmount();

    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe()),
      [`GET ${FIPE}`]: falha(502, 'Tabela FIPE indisponível no momento.'),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    expect(await screen.findByText('Preço FIPE indisponível no momento.', {}, LENTO)).toBeInTheDocument();
  });
});
