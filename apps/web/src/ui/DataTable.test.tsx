import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { comAltura } from '@/test/utils';
import { arranjarColunas, type ColunaTabela, DataTable, LARGURA_TELEFONE } from './DataTable';

type Veiculo = { id: string; nome: string; valor: number };
const LINHAS: Veiculo[] = Array.from({ length: 5000 }, (_, i) => ({ id: `v${i}`, nome: `Veículo ${i}`, valor: i * 1000 }));
const COLUNAS: ColunaTabela<Veiculo>[] = [
  { id: 'nome', cabecalho: 'Veículo', celula: (v) => v.nome, largura: 200 },
  { id: 'valor', cabecalho: 'Valor', celula: (v) => String(v.valor), alinhar: 'right' },
];

// jsdom has no layout: give the scroll area a height of 480 px (10 rows of 48 px).
comAltura(480);

const renderizar = (linhas: Veiculo[]) =>
  render(
    <MantineProvider>
      <DataTable colunas={COLUNAS} linhas={linhas} chaveLinha={(v) => v.id} legenda="Veículos" alturaLinha={48} overscan={5} />
    </MantineProvider>,
  );

const linhasDoCorpo = () =>
  within(screen.getByRole('table', { name: 'Veículos' }))
    .getAllByRole('row')
    .filter((r) => r.hasAttribute('aria-rowindex'));

describe('DataTable', () => {
  it('renderiza só uma janela de 5.000 linhas, com o total anunciado', () => {
    renderizar(LINHAS);
    const tabela = screen.getByRole('table', { name: 'Veículos' });
    expect(tabela).toHaveAttribute('aria-rowcount', '5001');
    const linhas = linhasDoCorpo();
    // header + the 10 visible rows + overscan; never thousands.
    expect(linhas.length).toBeGreaterThan(10);
    expect(linhas.length).toBeLessThan(30);
    expect(screen.getByText('Veículo 0')).toBeInTheDocument();
    expect(screen.queryByText('Veículo 4999')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Veículo' })).toBeInTheDocument();
  });

  it('troca a janela ao rolar', () => {
    renderizar(LINHAS);
    const regiao = screen.getByRole('region', { name: 'Veículos' });
    regiao.scrollTop = 48 * 4000;
    fireEvent.scroll(regiao);
    expect(screen.getByText('Veículo 4000')).toBeInTheDocument();
    expect(screen.queryByText('Veículo 0')).not.toBeInTheDocument();
    const indice = linhasDoCorpo().map((r) => Number(r.getAttribute('aria-rowindex')));
    expect(indice).toContain(4002);
  });

  it('mostra a mensagem de lista vazia', () => {
    renderizar([]);
    expect(screen.getByText('Nenhum registro encontrado.')).toBeInTheDocument();
  });

  it('com busca e colunas ordenáveis: filtra, conta e ordena pelo cabeçalho (aria-sort)', () => {
    const colunas: ColunaTabela<Veiculo>[] = [
      { id: 'nome', cabecalho: 'Veículo', celula: (v) => v.nome, largura: 200, ordenar: (v) => v.nome },
      { id: 'valor', cabecalho: 'Valor', celula: (v) => String(v.valor), ordenar: (v) => v.valor },
    ];
    const linhas = LINHAS.slice(0, 30);
    render(
      <MantineProvider>
        <DataTable colunas={colunas} linhas={linhas} chaveLinha={(v) => v.id} legenda="Veículos" buscar={(v) => v.nome} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('contagem-lista')).toHaveTextContent('30 registros');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar em Veículos' }), { target: { value: 'veiculo 2' } });
    // Every word anywhere, accents ignored: "Veículo 2", "Veículo 12" and "Veículo 20".."Veículo 29".
    expect(screen.getByTestId('contagem-lista')).toHaveTextContent('12 de 30 registros');
    const valor = screen.getByRole('button', { name: /Valor/ });
    fireEvent.click(valor);
    fireEvent.click(valor);
    expect(screen.getByRole('columnheader', { name: /Valor/ })).toHaveAttribute('aria-sort', 'descending');
    // Row 0 is the header.
    expect(linhasDoCorpo()[1]).toHaveTextContent('Veículo 29');
  });

  it('num telefone: colunas secundárias no "Mais", o nome divide a largura e as ações ficam compactas', () => {
    type Usuario = { nome: string; email: string };
    const compacta = () => 'menu';
    const colunas: ColunaTabela<Usuario>[] = [
      { id: 'nome', cabecalho: 'Nome', largura: 220, larguraTelefone: 'auto', celula: (u) => u.nome },
      { id: 'email', cabecalho: 'E-mail', largura: 260, secundaria: 'telefone', celula: (u) => u.email },
      { id: 'obs', cabecalho: 'Obs.', largura: 200, secundaria: true, celula: () => '' },
      { id: 'acoes', cabecalho: 'Ações', largura: 200, larguraTelefone: 64, celulaTelefone: compacta, celula: () => 'botões' },
    ];
    const ids = (largura: number) => arranjarColunas(colunas, largura).map((c) => c.id);
    // Not measured (tests) or wide enough: everything, as declared.
    expect(ids(0)).toEqual(['nome', 'email', 'obs', 'acoes']);
    expect(ids(1100)).toEqual(['nome', 'email', 'obs', 'acoes']);
    // Too narrow for all: only the `secundaria: true` columns collapse on a desktop box.
    expect(ids(800)).toEqual(['nome', 'email', 'acoes', '__detalhes']);
    // A 390 px phone (358 px box): the phone-secondary ones collapse too; widths and cells are the phone's.
    const telefone = arranjarColunas(colunas, 358);
    expect(telefone.map((c) => c.id)).toEqual(['nome', 'acoes', '__detalhes']);
    expect(telefone.map((c) => c.largura)).toEqual([undefined, 64, 72]);
    expect(telefone[1]?.celula({ nome: 'A', email: 'a@b' }, 0)).toBe('menu');
    // The compact actions column keeps its name for screen readers only (64 px would show "Aç…").
    render(<MantineProvider>{telefone[1]?.cabecalho}</MantineProvider>);
    expect(screen.getByText('Ações')).toBeInTheDocument();
    expect(telefone[1]?.rotulo).toBe('Ações');
    expect(typeof arranjarColunas(colunas, 1100)[3]?.cabecalho).toBe('string');
    const soma = telefone.reduce((t, c) => t + (c.largura ?? 120), 0);
    expect(soma).toBeLessThanOrEqual(358);
    expect(ids(LARGURA_TELEFONE)).toEqual(['nome', 'email', 'acoes', '__detalhes']);
  });

  it('numa caixa larga, só as colunas secundárias que não cabem vão para o "Mais", da direita para a esquerda', () => {
    type Lead = { nome: string };
    const coluna = (id: string, largura: number, secundaria?: true): ColunaTabela<Lead> => ({
      id,
      cabecalho: id,
      largura,
      secundaria,
      celula: (l) => l.nome,
    });
    const colunas = [
      coluna('nome', 200),
      coluna('canal', 100, true),
      coluna('veiculo', 220, true),
      coluna('mensagem', 260, true),
      coluna('estado', 160),
    ];
    const ids = (largura: number) => arranjarColunas(colunas, largura).map((c) => c.id);
    expect(ids(940)).toEqual(['nome', 'canal', 'veiculo', 'mensagem', 'estado']);
    // 940 px of columns in 900: the message goes (680 + the 72 of "Mais" fit), channel and vehicle stay.
    expect(ids(900)).toEqual(['nome', 'canal', 'veiculo', 'estado', '__detalhes']);
    expect(ids(700)).toEqual(['nome', 'canal', 'estado', '__detalhes']);
    expect(ids(LARGURA_TELEFONE)).toEqual(['nome', 'canal', 'estado', '__detalhes']);
    // On a phone every secondary column goes, room or not.
    expect(ids(500)).toEqual(['nome', 'estado', '__detalhes']);
  });
});
