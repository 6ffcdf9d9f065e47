import type { Importacao, LinhaPrevia, LinhaResultadoImportacao, PreviaImportacao } from '@intermedio/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
afterEach(() => vi.unstubAllGlobals());

const BASE = `/api/revendas/${ID_REVENDA}/importacoes`;

const importacao = (extra: Partial<Importacao> = {}): Importacao => ({
  id: 'i1',
  origem: 'csv',
  nome: 'estoque.csv',
  estado: 'rascunho',
  colunas: ['MARCA', 'MODELO', 'VERSAO', 'ANO', 'PLACA', 'PRECO'],
  amostra: [
    { MARCA: 'Fiat', MODELO: 'Argo', VERSAO: 'Drive 1.0', ANO: '2022', PLACA: 'AAA1A11', PRECO: '80000' },
    { MARCA: 'VW', MODELO: 'Gol', VERSAO: '', ANO: '2019', PLACA: 'BBB2B22', PRECO: '45000' },
  ],
  total_linhas: 3,
  mapeamento: { marca: 'MARCA', modelo: 'MODELO', versao: 'VERSAO', ano_modelo: 'ANO', placa: 'PLACA' },
  progresso: { total: 0, feitas: 0, criados: 0, atualizados: 0, ignorados: 0, fotos_falhas: 0 },
  motivo: null,
  created_at: '2026-03-06T10:00:00.000Z',
  concluida_em: null,
  ...extra,
});

const linhaPrevia = (numero: number, extra: Partial<LinhaPrevia> = {}): LinhaPrevia => ({
  numero,
  acao: 'criar',
  veiculo: 'Fiat Argo Drive 1.0 2022',
  placa: 'AAA1A11',
  codigo_interno: '',
  valor: '80000.00',
  erros: [],
  avisos: [],
  fipe: { estado: 'encontrado', escolhido: { codigo: '001', marca: 'Fiat', modelo: 'Argo', versao: 'Drive 1.0' }, opcoes: [] },
  duplicado: null,
  fotos: 0,
  ...extra,
});

const OPCOES = [
  { codigo: '005-1', marca: 'VW', modelo: 'Gol', versao: '1.0 MPI' },
  { codigo: '005-2', marca: 'VW', modelo: 'Gol', versao: '1.6 MSI' },
];
const PREVIA: PreviaImportacao = {
  linhas: [
    linhaPrevia(1, { acao: 'atualizar', duplicado: { id: 'v9', nome: 'Fiat Argo Drive 1.0 2022' } }),
    // As the server plans it: ignorar until the version is chosen.
    linhaPrevia(2, {
      acao: 'ignorar',
      veiculo: 'VW Gol 2019',
      placa: 'BBB2B22',
      erros: [{ campo: 'versao', mensagem: 'Mais de uma versão FIPE corresponde: escolha uma.' }],
      fipe: { estado: 'ambiguo', escolhido: null, opcoes: OPCOES },
    }),
    linhaPrevia(3, {
      acao: 'ignorar',
      veiculo: 'Xyz 1800',
      placa: '',
      erros: [
        { campo: 'ano_modelo', mensagem: 'Ano inválido.' },
        { campo: 'valor', mensagem: 'Preenchimento obrigatório' },
      ],
      fipe: { estado: 'nao_encontrado', escolhido: null, opcoes: [] },
    }),
  ],
  resumo: { criar: 0, atualizar: 1, ignorar: 2, ambiguas: 1 },
};

/** Opens a Mantine Select and picks one of its options. */
async function escolher(campo: HTMLElement, opcao: string) {
  fireEvent.click(campo);
  fireEvent.focus(campo);
  await waitFor(() => expect(campo).toHaveAttribute('aria-controls'));
  const lista = document.getElementById(campo.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(await within(lista).findByRole('option', { name: opcao, hidden: true }));
}

/** A stand-in XMLHttpRequest: reports half the upload, then answers `resposta`; keeps the sent form. */
function simularUpload(resposta: unknown) {
  const enviados: { url: string; corpo: FormData }[] = [];
  class XhrFalso {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    responseType = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_m: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(corpo: FormData) {
      enviados.push({ url: this.url, corpo });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      setTimeout(() => {
        this.status = 200;
        this.responseText = JSON.stringify({ status: 'success', data: resposta });
        this.onload?.();
      }, 300);
    }
  }
  vi.stubGlobal('XMLHttpRequest', XhrFalso);
  return enviados;
}

describe('Importar estoque', { timeout: 60_000 }, () => {
  it('início: modelos para baixar, envia a planilha no campo "arquivo" e abre o mapeamento; recusa um arquivo que não é planilha', async () => {
    simularEventSource();
    const enviados = simularUpload(importacao());
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([{ ...importacao({ id: 'i0', nome: 'antigo.xlsx', estado: 'concluida' }), amostra: undefined }]),
      [`GET ${BASE}/i1`]: sucesso(importacao()),
    });
    const { container, router } = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/importar`);
    expect(await screen.findByRole('link', { name: 'Baixar modelo CSV' })).toHaveAttribute('href', `${BASE}/modelo?formato=csv`);
    expect(screen.getByRole('link', { name: 'Baixar modelo XLSX' })).toHaveAttribute('href', `${BASE}/modelo?formato=xlsx`);
    const recentes = await screen.findByRole('list', { name: 'Importações recentes' });
    expect(within(recentes).getByRole('link', { name: 'antigo.xlsx' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/veiculos/importar/i0`,
    );
    expect(within(recentes).getByText('Concluída')).toBeInTheDocument();

    const entrada = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(entrada, { target: { files: [new File(['x'], 'fotos.zip', { type: 'application/zip' })] } });
    expect(await screen.findByText('Arquivo inválido: envie uma planilha CSV ou XLSX.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar planilha' }));
    expect(enviados).toHaveLength(0);

    fireEvent.change(entrada, { target: { files: [new File(['MARCA;MODELO'], 'estoque.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar planilha' }));
    expect(await screen.findByText(/Enviando a planilha… 50\s*%/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/revenda/${ID_REVENDA}/veiculos/importar/i1`));
    expect(enviados[0]?.url).toBe(`${BASE}/arquivo`);
    expect((enviados[0]?.corpo.get('arquivo') as File | undefined)?.name).toBe('estoque.csv');
    expect(await screen.findByRole('button', { name: 'Ver prévia' })).toBeInTheDocument();
  });

  it('feed: endereço inválido é recusado no navegador; um válido vai ao servidor', async () => {
    simularEventSource();
    const corpos: unknown[] = [];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([]),
      [`POST ${BASE}/url`]: (_c, init) => {
        corpos.push(JSON.parse(String(init.body)));
        return sucesso(importacao({ origem: 'xml', nome: 'https://loja.example/estoque.xml' }));
      },
      [`GET ${BASE}/i1`]: sucesso(importacao({ origem: 'xml', nome: 'https://loja.example/estoque.xml' })),
    });
    const { router } = renderizarApp(`/revenda/${ID_REVENDA}/veiculos/importar`);
    const campo = await screen.findByLabelText('Endereço do feed (XML ou JSON)');
    fireEvent.change(campo, { target: { value: 'ftp://loja.example/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ler feed' }));
    expect(await screen.findByText('Endereço inválido: use um endereço http ou https.')).toBeInTheDocument();
    expect(corpos).toEqual([]);
    fireEvent.change(campo, { target: { value: 'https://loja.example/estoque.xml' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ler feed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/revenda/${ID_REVENDA}/veiculos/importar/i1`));
    expect(corpos).toEqual([{ url: 'https://loja.example/estoque.xml' }]);
  });

  it('mapeamento pré-preenchido com os exemplos; prévia com erros por campo, duplicado e escolha FIPE que libera a confirmação', async () => {
    simularEventSource();
    const previas: unknown[] = [];
    const confirmacoes: unknown[] = [];
    let atual = importacao();
    let linhas: LinhaResultadoImportacao[] = [];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/i1`]: () => sucesso(atual),
      [`POST ${BASE}/i1/previa`]: (_c, init) => {
        previas.push(JSON.parse(String(init.body)));
        return sucesso(PREVIA);
      },
      [`POST ${BASE}/i1/confirmar`]: (_c, init) => {
        confirmacoes.push(JSON.parse(String(init.body)));
        atual = importacao({
          estado: 'importando',
          progresso: { total: 2, feitas: 0, criados: 0, atualizados: 0, ignorados: 0, fotos_falhas: 0 },
        });
        return sucesso(atual);
      },
      [`GET ${BASE}/i1/linhas`]: () => sucesso(linhas),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/importar/i1`);

    // Mapping: the answer's columns chosen, what each holds beside; an unmapped field says so.
    const marca = await screen.findByRole('combobox', { name: 'Marca' });
    expect(marca).toHaveValue('MARCA');
    expect(screen.getByRole('combobox', { name: 'Placa' })).toHaveValue('PLACA');
    expect(marca).toHaveAccessibleDescription('Exemplos: Fiat · VW');
    expect(screen.getByRole('combobox', { name: 'Valor' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Valor' })).toHaveAccessibleDescription('Não importado.');

    // Valor → PRECO, then the preview with the mapping sent.
    await escolher(screen.getByRole('combobox', { name: 'Valor' }), 'PRECO');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Valor' })).toHaveAccessibleDescription('Exemplos: 80000 · 45000'));
    fireEvent.click(screen.getByRole('button', { name: 'Ver prévia' }));
    await waitFor(() => expect(previas).toHaveLength(1));
    expect(previas[0]).toEqual({
      mapeamento: expect.objectContaining({ marca: 'MARCA', placa: 'PLACA', valor: 'PRECO', km: null }),
    });

    const resumo = await screen.findByRole('group', { name: 'Resumo da prévia' });
    expect(within(resumo).getByText('0 a criar')).toBeInTheDocument();
    expect(within(resumo).getByText('1 a atualizar')).toBeInTheDocument();
    expect(within(resumo).getByText('1 a ignorar')).toBeInTheDocument();
    expect(within(resumo).getByText('1 ambígua')).toBeInTheDocument();
    const lista = screen.getByRole('list', { name: 'Linhas da prévia' });
    expect(within(lista).getByText('Atualiza Fiat Argo Drive 1.0 2022')).toBeInTheDocument();
    const erros = within(lista).getByRole('list', { name: 'Erros da linha 3' });
    expect(within(erros).getByText('Ano do modelo: Ano inválido.')).toBeInTheDocument();
    expect(within(erros).getByText('Valor: Preenchimento obrigatório')).toBeInTheDocument();
    expect(within(lista).getByText(/Linha com erros: será ignorada/)).toBeInTheDocument();
    expect(within(lista).getByText('Será ignorada')).toBeInTheDocument();

    // The ambiguous row gates the confirmation, with the reason.
    const confirmar = screen.getByRole('button', { name: 'Confirmar importação' });
    expect(confirmar).toBeDisabled();
    expect(confirmar).toHaveAccessibleDescription('Escolha a versão FIPE da linha ambígua antes de confirmar.');
    await escolher(within(lista).getByRole('combobox', { name: 'Versão FIPE da linha 2' }), 'VW Gol 1.6 MSI (005-2)');
    await waitFor(() => expect(confirmar).toBeEnabled());
    expect(screen.queryByText('Escolha a versão FIPE da linha ambígua antes de confirmar.')).not.toBeInTheDocument();
    fireEvent.click(confirmar);
    await waitFor(() => expect(confirmacoes).toHaveLength(1));
    expect(confirmacoes[0]).toEqual({
      mapeamento: expect.objectContaining({ marca: 'MARCA', valor: 'PRECO' }),
      escolhas: { '2': '005-2' },
    });

    // Progress, live: an importacoes event refetches the import (no polling).
    expect(await screen.findByText('Importando… 0 de 2')).toBeInTheDocument();
    atual = importacao({
      estado: 'importando',
      progresso: { total: 2, feitas: 1, criados: 0, atualizados: 1, ignorados: 0, fotos_falhas: 0 },
    });
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'importacoes', revenda: ID_REVENDA, id: 'i1', op: 'UPDATE' }));
    expect(await screen.findByText('Importando… 1 de 2')).toBeInTheDocument();
    expect(screen.getByText('0 criados · 1 atualizado · 0 ignorados')).toBeInTheDocument();

    // The end: counts, skipped rows with their reason, photo failures, the CSV report and the vehicle list.
    linhas = [
      { numero: 1, veiculo: 'Fiat Argo Drive 1.0 2022', resultado: 'atualizado', veiculo_id: 'v9', motivo: null, fotos_falhas: [] },
      {
        numero: 2,
        veiculo: 'VW Gol 2019',
        resultado: 'criado',
        veiculo_id: 'v10',
        motivo: null,
        fotos_falhas: [{ url: 'http://10.0.0.1/a.jpg', motivo: 'Endereço não permitido: aponta para uma rede interna.' }],
      },
      { numero: 3, veiculo: 'Xyz 1800', resultado: 'ignorado', veiculo_id: null, motivo: 'Ano do modelo: Ano inválido.', fotos_falhas: [] },
    ];
    atual = importacao({
      estado: 'concluida',
      concluida_em: '2026-03-06T10:05:00.000Z',
      progresso: { total: 2, feitas: 2, criados: 1, atualizados: 1, ignorados: 1, fotos_falhas: 1 },
    });
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'importacoes', revenda: ID_REVENDA, id: 'i1', op: 'UPDATE' }));
    expect(await screen.findByText('Importação concluída')).toBeInTheDocument();
    expect(screen.getByText(/1 criado · 1 atualizado · 1 ignorado\. 1 foto não pôde ser baixada\./)).toBeInTheDocument();
    const ignoradas = await screen.findByRole('list', { name: 'Linhas ignoradas' });
    expect(within(ignoradas).getByText(/Ano do modelo: Ano inválido\./)).toBeInTheDocument();
    const fotos = screen.getByRole('list', { name: 'Fotos com falha' });
    expect(within(fotos).getByText('http://10.0.0.1/a.jpg: Endereço não permitido: aponta para uma rede interna.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baixar relatório (CSV)' })).toHaveAttribute('href', `${BASE}/i1/relatorio`);
    expect(screen.getByRole('link', { name: 'Ver a lista de veículos' })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/veiculos/listar`);
  });

  it('só uma linha ambígua: a escolha da versão libera a confirmação (o servidor a planeja como ignorar até a escolha)', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/i1`]: sucesso(importacao()),
      [`POST ${BASE}/i1/previa`]: sucesso({ linhas: [PREVIA.linhas[1]], resumo: { criar: 0, atualizar: 0, ignorar: 1, ambiguas: 1 } }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/importar/i1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver prévia' }));
    const confirmar = await screen.findByRole('button', { name: 'Confirmar importação' });
    expect(screen.getByText('0 a ignorar')).toBeInTheDocument();
    expect(confirmar).toHaveAccessibleDescription('Escolha a versão FIPE da linha ambígua antes de confirmar.');
    await escolher(screen.getByRole('combobox', { name: 'Versão FIPE da linha 2' }), 'VW Gol 1.0 MPI (005-1)');
    await waitFor(() => expect(confirmar).toBeEnabled());
  });

  it('nada a importar: a confirmação fica desabilitada com o motivo', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/i1`]: sucesso(importacao()),
      [`POST ${BASE}/i1/previa`]: sucesso({ linhas: [PREVIA.linhas[2]], resumo: { criar: 0, atualizar: 0, ignorar: 1, ambiguas: 0 } }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/importar/i1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver prévia' }));
    const confirmar = await screen.findByRole('button', { name: 'Confirmar importação' });
    expect(confirmar).toBeDisabled();
    expect(confirmar).toHaveAccessibleDescription('Nenhuma linha válida para importar.');
  });

  it('a lista de veículos leva a "Importar estoque"', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/veiculos`]: sucesso([]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    expect(await screen.findByRole('link', { name: 'Importar estoque' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/veiculos/importar`,
    );
  });
});
