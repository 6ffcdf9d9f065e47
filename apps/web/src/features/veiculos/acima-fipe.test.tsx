import type { VeiculoLinha } from '@intermedio/contracts';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { comAltura, ID_REVENDA, renderizarApp, respostaSessao, SESSAO_GESTOR, simularApi, simularEventSource, sucesso } from '@/test/utils';

configure({ asyncUtilTimeout: 5000 });
comAltura(800);

const linha = (id: string, vefipe_name: string): VeiculoLinha => ({
  id,
  vetipoveiculo: 'carro',
  vefipe_marca: 'Fiat',
  vefipe_name,
  veano_fabricacao: 2022,
  vefipe_ano_modelo: 2023,
  vevalor: '99000.01',
  veiplaca: null,
  vecor: null,
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

describe('"Preço mais de 10 % acima da FIPE" (issue 25 item 1)', () => {
  it('o item de atenção leva à lista filtrada só com esses veículos, e "Mostrar todos" tira o filtro', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/dashboard`]: sucesso({ veiculos: 2, vendidos: 0, usuarios: 1, historico: 0, banners: 0 }),
      [`GET /api/revendas/${ID_REVENDA}/dashboard/painel`]: sucesso({
        a_venda: 2,
        vendidos_30_dias: 0,
        leads_novos: 0,
        idade_estoque: [],
        anuncios_por_canal: [],
        vendas_por_semana: [],
        atencao: [
          { tipo: 'preco_acima_fipe', quantidade: 1, canal: null, link: `/revenda/${ID_REVENDA}/veiculos/listar?filtro=acima_fipe` },
        ],
      }),
      [`GET /api/revendas/${ID_REVENDA}/dashboard/vendas`]: sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}/dashboard/acima-fipe`]: sucesso(['v-caro']),
      [`GET /api/revendas/${ID_REVENDA}/veiculos`]: sucesso([linha('v-caro', 'Argo Caro'), linha('v-justo', 'Argo Justo')]),
    });
    const { router } = renderizarApp('/painel/dashboard');
    const atencao = await screen.findByRole('region', { name: 'Precisa de atenção' });
    const link = await within(atencao).findByRole('link', { name: 'Resolver: 1 veículo com preço mais de 10 % acima da FIPE' });
    expect(within(atencao).getByText(/veículos sem preço FIPE consultado não entram/)).toBeInTheDocument();
    expect(link).toHaveAttribute('href', `/revenda/${ID_REVENDA}/veiculos/listar?filtro=acima_fipe`);
    fireEvent.click(link);
    expect(await screen.findByText(/Filtro do dashboard: Preço mais de 10 % acima da FIPE/)).toBeInTheDocument();
    expect(await screen.findByText('1 de 2 veículos')).toBeInTheDocument();
    const tabela = screen.getByRole('table', { name: 'Veículos' });
    expect(within(tabela).getByText('Fiat Argo Caro')).toBeInTheDocument();
    expect(within(tabela).queryByText('Fiat Argo Justo')).not.toBeInTheDocument();
    // Exportar takes the same filter.
    fireEvent.click(screen.getByRole('button', { name: 'Exportar estoque' }));
    expect(await screen.findByRole('menuitem', { name: /^CSV/ })).toHaveAttribute(
      'href',
      `/api/revendas/${ID_REVENDA}/veiculos/exportar?formato=csv&filtro=acima_fipe`,
    );
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('link', { name: 'Mostrar todos' }));
    expect(await within(screen.getByRole('table', { name: 'Veículos' })).findByText('Fiat Argo Justo')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
