import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GraficoAcessivel } from './GraficoAcessivel';

// The drawing (Recharts) stands in as a marker: what is tested is WHEN it is asked for.
vi.mock('./GraficoBarras', () => ({ default: () => <div data-testid="desenho" /> }));

/** A stand-in IntersectionObserver: `entrar()` tells every observer that its element came near the screen. */
class ObservadorFalso {
  static todos: ObservadorFalso[] = [];
  constructor(readonly cb: IntersectionObserverCallback) {
    ObservadorFalso.todos.push(this);
  }
  observe() {}
  disconnect() {}
  static entrar() {
    for (const o of ObservadorFalso.todos)
      o.cb([{ isIntersecting: true } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  ObservadorFalso.todos = [];
});

const grafico = (dados: Record<string, string | number>[] = [{ faixa: '0–30', quantidade: 4 }]) =>
  render(
    <MantineProvider>
      <GraficoAcessivel
        titulo="Estoque por idade (dias)"
        id="idade"
        dados={dados}
        vazio="Nenhum veículo à venda."
        chave="faixa"
        rotuloChave="Dias em estoque"
        series={[{ name: 'quantidade', label: 'Veículos', color: 'teal.7' }]}
      />
    </MantineProvider>,
  );

describe('GraficoAcessivel', () => {
  it('título e tabela na hora; o desenho só é pedido quando o gráfico se aproxima da tela (um celular rola até ele)', async () => {
    vi.stubGlobal('IntersectionObserver', ObservadorFalso);
    grafico();
    const secao = screen.getByRole('region', { name: 'Estoque por idade (dias)' });
    expect(within(secao).getByRole('table')).toHaveTextContent('0–304');
    // Time for a lazy chunk already asked for to arrive: it was not asked for.
    await act(() => new Promise((ok) => setTimeout(ok, 50)));
    expect(screen.queryByTestId('desenho')).not.toBeInTheDocument();
    act(() => ObservadorFalso.entrar());
    expect(await screen.findByTestId('desenho')).toBeInTheDocument();
  });

  it('sem IntersectionObserver (navegador antigo), o desenho vem na hora', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    grafico();
    expect(await screen.findByTestId('desenho')).toBeInTheDocument();
  });

  it('tudo zero ou nenhuma categoria: a frase no lugar de um gráfico vazio, e nenhum desenho pedido', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    for (const dados of [
      [
        { faixa: '0–30', quantidade: 0 },
        { faixa: '31–60', quantidade: 0 },
      ],
      [],
    ]) {
      const { unmount } = grafico(dados);
      expect(screen.getByText('Nenhum veículo à venda.')).toBeInTheDocument();
      await act(() => new Promise((ok) => setTimeout(ok, 50)));
      expect(screen.queryByTestId('desenho')).not.toBeInTheDocument();
      unmount();
    }
    grafico([
      { faixa: '0–30', quantidade: 0 },
      { faixa: '31–60', quantidade: 1 },
    ]);
    expect(screen.queryByText('Nenhum veículo à venda.')).not.toBeInTheDocument();
    expect(await screen.findByTestId('desenho')).toBeInTheDocument();
  });
});
