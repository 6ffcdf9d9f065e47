import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderizarApp, respostaSessao, SESSAO_ADMIN, simularApi, simularEventSource, sucesso } from '@/test/utils';
import { idade } from './PainelProvedor';

const painel = {
  revendas_por_plano: [
    { plano: 'basico', quantidade: 3 },
    { plano: 'showroom', quantidade: 1 },
  ],
  anuncios_por_canal: [{ canal: 'olx', publicado: 4, desatualizado: 0, falhou: 1, pendente: 2 }],
  saude_canais: [
    { canal: 'webmotors', tentativas: 10, falhas: 6, revendas_com_falha: 4 },
    { canal: 'olx', tentativas: 5, falhas: 0, revendas_com_falha: 0 },
  ],
  filas_mais_antigas: [
    { fila: 'incluidos', segundos: 7300 },
    { fila: 'vendidos', segundos: null },
    { fila: 'alterados', segundos: 200_000 },
    { fila: 'removidos', segundos: null },
    { fila: 'banners', segundos: 120 },
  ],
};

describe('Dashboard do admin: o quadro do provedor (issue 25 item 2)', () => {
  it('mostra a saúde de cada canal, a fila mais antiga e os gráficos com tabela alternativa', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/dashboard/contadores': sucesso({ incluidos: 1, vendidos: 0, alterados: 1, removidos: 0, banners: 1 }),
      'GET /api/dashboard/painel': sucesso(painel),
      'GET /api/dashboard/vendidos-com-anuncios': sucesso([]),
    });
    renderizarApp('/home');
    const saude = await screen.findByRole('region', { name: 'Saúde dos canais (últimas 24 h)' });
    const webmotors = within(saude).getByText('Webmotors').closest('li') as HTMLElement;
    expect(webmotors).toHaveTextContent('10 envios, 6 falhas em 4 revendas');
    expect(webmotors).toHaveTextContent('Possível queda do canal');
    expect(within(saude).getByText('Olx').closest('li')).toHaveTextContent('Normal');
    const filas = screen.getByRole('region', { name: 'Entrada mais antiga de cada fila' });
    expect(within(filas).getByText('Incluídos').closest('li')).toHaveTextContent('há 2 h');
    expect(within(filas).getByText('Vendidos').closest('li')).toHaveTextContent('Fila vazia');
    const planos = screen.getByRole('region', { name: 'Revendas por plano' });
    expect(within(planos).getByRole('row', { name: 'Básico 3' })).toBeInTheDocument();
    const anuncios = screen.getByRole('region', { name: 'Anúncios por canal' });
    expect(within(anuncios).getByRole('row', { name: 'Olx 4 0 1 2' })).toBeInTheDocument();
  });

  it('diz que não há anúncios em vez de desenhar um gráfico vazio', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/dashboard/contadores': sucesso({ incluidos: 0, vendidos: 0, alterados: 0, removidos: 0, banners: 0 }),
      'GET /api/dashboard/painel': sucesso({ ...painel, anuncios_por_canal: [] }),
      'GET /api/dashboard/vendidos-com-anuncios': sucesso([]),
    });
    renderizarApp('/home');
    const anuncios = await screen.findByRole('region', { name: 'Anúncios por canal' });
    expect(within(anuncios).getByText('Nenhum anúncio nos canais.')).toBeInTheDocument();
  });

  it('escreve a idade da fila em minutos, horas ou dias', () => {
    expect([idade(30), idade(120), idade(7300), idade(86_400), idade(200_000)]).toEqual([
      'há 1 min',
      'há 2 min',
      'há 2 h',
      'há 1 dia',
      'há 2 dias',
    ]);
  });
});
