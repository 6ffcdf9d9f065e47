import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EventSourceFalso,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';

const painel = (falhos: number, leadsNovos = 4) => ({
  a_venda: 7,
  vendidos_30_dias: 3,
  leads_novos: leadsNovos,
  idade_estoque: [
    { faixa: '0–30', quantidade: 4 },
    { faixa: '31–60', quantidade: 1 },
    { faixa: '61–90', quantidade: 0 },
    { faixa: '90+', quantidade: 2 },
  ],
  anuncios_por_canal: [{ canal: 'webmotors', publicado: 5, desatualizado: 1, falhou: falhos, pendente: 0 }],
  vendas_por_semana: Array.from({ length: 12 }, (_, i) => ({
    semana: `2026-09-${String(7 + i).padStart(2, '0')}`,
    quantidade: i === 11 ? 2 : 0,
  })),
  atencao: [
    // The links as dashboard.repository builds them: the screen shows them as they come.
    { tipo: 'anuncios_falhos', quantidade: falhos, canal: null, link: `/revenda/${ID_REVENDA}/veiculos/listar?anuncios=falhou` },
    { tipo: 'sem_fotos', quantidade: 0, canal: null, link: `/revenda/${ID_REVENDA}/veiculos/listar?anuncios=sem_fotos` },
    { tipo: 'token_vencendo', quantidade: 1, canal: 'mercadolivre', link: `/revenda/${ID_REVENDA}/configurar-mercadolivre` },
  ],
});

function montar(falhos: () => number, ajustar: (p: ReturnType<typeof painel>) => object = (p) => p) {
  simularEventSource();
  simularApi({
    'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
    [`GET /api/revendas/${ID_REVENDA}/dashboard`]: sucesso({ veiculos: 10, vendidos: 2, usuarios: 3, historico: 4, banners: 5 }),
    [`GET /api/revendas/${ID_REVENDA}/dashboard/painel`]: () => sucesso(ajustar(painel(falhos()))),
    [`GET /api/revendas/${ID_REVENDA}/dashboard/vendas`]: sucesso([]),
  });
  renderizarApp('/painel/dashboard');
}

describe('Painel da revenda: legendas, números, gráficos e "Precisa de atenção" (issue 25)', () => {
  it('explica cada bloco sem mudar rótulos, contadores nem links', async () => {
    montar(() => 1);
    const veiculos = await screen.findByRole('region', { name: 'Veículos' });
    expect(within(veiculos).getByText('Não removidos, inclui vendidos')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Vendidos' })).getByText('Posts de vendidos')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Histórico' })).getByText('Veículos removidos')).toBeInTheDocument();
    for (const nome of ['Usuários', 'Banners'])
      expect(within(screen.getByRole('region', { name: nome })).getByTestId(/^legenda-/)).toBeInTheDocument();
    expect(await within(veiculos).findByTestId('contador-veiculos')).toHaveTextContent('10');
  });

  it('mostra "Leads novos" com o link para a caixa de leads filtrada em Novo (issue 26)', async () => {
    montar(() => 1);
    expect(await screen.findByTestId('numero-leads-novos')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'Leads novos' })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/leads/listar?estado=novo`);
  });

  it('mostra À venda, vendidos em 30 dias e os três gráficos com tabela alternativa', async () => {
    montar(() => 1);
    expect(await screen.findByTestId('numero-a-venda')).toHaveTextContent('7');
    expect(screen.getByTestId('numero-vendidos-30-dias')).toHaveTextContent('3');
    const idade = await screen.findByRole('region', { name: 'Estoque por idade (dias)' });
    const tabela = within(idade).getByRole('table', { name: 'Estoque por idade (dias)' });
    expect(within(tabela).getByRole('row', { name: '90+ 2' })).toBeInTheDocument();
    const anuncios = screen.getByRole('region', { name: 'Anúncios por canal' });
    expect(within(anuncios).getByRole('row', { name: 'Webmotors 5 1 1 0' })).toBeInTheDocument();
    const vendas = screen.getByRole('region', { name: 'Vendas por semana (12 semanas)' });
    expect(within(vendas).getAllByRole('row')).toHaveLength(13);
    expect(within(vendas).getByRole('row', { name: '18/09 2' })).toBeInTheDocument();
  });

  it('lista só o que precisa de atenção, cada item com o link que o resolve, e atualiza ao vivo', async () => {
    let falhos = 2;
    montar(() => falhos);
    const atencao = await screen.findByRole('region', { name: 'Precisa de atenção' });
    const falha = await within(atencao).findByRole('link', { name: 'Resolver: 2 anúncios com falha no envio' });
    // The list with the chip that shows exactly those cars.
    expect(falha).toHaveAttribute('href', `/revenda/${ID_REVENDA}/veiculos/listar?anuncios=falhou`);
    expect(within(atencao).getByRole('link', { name: /Mercado Livre vence em até 7 dias/ })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/configurar-mercadolivre`,
    );
    expect(within(atencao).queryByText(/sem fotos/)).toBeNull();

    falhos = 0;
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'veiculo_integracoes', revenda: ID_REVENDA, id: 'v1', op: 'UPDATE' }));
    await waitFor(() => expect(within(atencao).queryByText(/com falha/)).toBeNull());
  });

  it('cada "Resolver" leva ao link que o servidor manda: uma só regra, a do servidor', async () => {
    const outro = `/revenda/${ID_REVENDA}/veiculos/listar?anuncios=falhou,desatualizado`;
    montar(
      () => 1,
      (p) => ({ ...p, atencao: [{ tipo: 'anuncios_falhos', quantidade: 1, canal: null, link: outro }] }),
    );
    const atencao = await screen.findByRole('region', { name: 'Precisa de atenção' });
    expect(await within(atencao).findByRole('link', { name: 'Resolver: 1 anúncio com falha no envio' })).toHaveAttribute('href', outro);
  });
});
