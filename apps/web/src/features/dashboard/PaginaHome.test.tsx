import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EventSourceFalso,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_ADMIN,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';

const contadores = (incluidos: number) => ({ incluidos, vendidos: 2, alterados: 3, removidos: 4, banners: 1234 });

describe('Dashboard do admin (/home)', () => {
  it('mostra os cinco contadores com Ver detalhes', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), 'GET /api/dashboard/contadores': sucesso(contadores(7)) });
    renderizarApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const incluidos = await screen.findByRole('region', { name: 'Incluídos' });
    expect(await within(incluidos).findByTestId('contador-incluidos')).toHaveTextContent('7');
    expect(within(incluidos).getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/dashboard/incluidos');
    expect(screen.getByTestId('contador-banners')).toHaveTextContent('1.234');
    for (const nome of ['Vendidos', 'Alterados', 'Removidos', 'Banners'])
      expect(screen.getByRole('region', { name: nome })).toBeInTheDocument();
    expect(screen.getByTestId('contadores')).toHaveAttribute('data-alarmes', '0');
  });

  it('atualiza ao vivo quando a moderação muda e conta o alarme', async () => {
    simularEventSource();
    let incluidos = 7;
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/dashboard/contadores': () => sucesso(contadores(incluidos)),
    });
    renderizarApp('/home');
    expect(await screen.findByTestId('contador-incluidos')).toHaveTextContent('7');
    const fonte = EventSourceFalso.ultima();
    expect(fonte?.url).toBe('/api/eventos');

    incluidos = 8;
    act(() => fonte?.emitir({ tabela: 'moderacao', revenda: ID_REVENDA, id: 'm1', op: 'INSERT' }));
    await waitFor(() => expect(screen.getByTestId('contador-incluidos')).toHaveTextContent('8'));
    expect(screen.getByTestId('contadores')).toHaveAttribute('data-alarmes', '1');

    // An event that changes nothing does not ring.
    act(() => fonte?.emitir({ tabela: 'moderacao', revenda: ID_REVENDA, id: 'm1', op: 'UPDATE' }));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByTestId('contadores')).toHaveAttribute('data-alarmes', '1');
  });

  it('volta ao login quando o servidor encerra a sessão', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), 'GET /api/dashboard/contadores': sucesso(contadores(1)) });
    const { router } = renderizarApp('/home');
    await screen.findByTestId('contador-incluidos');
    act(() => EventSourceFalso.ultima()?.emitirEvento('sessao-encerrada'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(EventSourceFalso.ultima()?.readyState).toBe(EventSourceFalso.CLOSED);
  });
});

describe('Dashboard da revenda (/painel/dashboard)', () => {
  it('mostra os contadores da própria revenda com os links certos', async () => {
    simularEventSource();
    let veiculos = 10;
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/dashboard`]: () => sucesso({ veiculos, vendidos: 2, usuarios: 3, historico: 4, banners: 5 }),
    });
    renderizarApp('/painel/dashboard');
    const bloco = await screen.findByRole('region', { name: 'Veículos' });
    expect(await within(bloco).findByTestId('contador-veiculos')).toHaveTextContent('10');
    expect(within(bloco).getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/veiculos/listar`);
    expect(within(screen.getByRole('region', { name: 'Histórico' })).getByRole('link')).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/veiculos/historico`,
    );

    veiculos = 11;
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'veiculos', revenda: ID_REVENDA, id: 'v1', op: 'INSERT' }));
    await waitFor(() => expect(screen.getByTestId('contador-veiculos')).toHaveTextContent('11'));
  });
});
