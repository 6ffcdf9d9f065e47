import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rotas } from '@/lib/rotas';
import { REVENDA } from '@/test/revenda';
import { ID_REVENDA, renderizarApp, respostaSessao, SESSAO_ADMIN, SESSAO_GESTOR, simularApi, sucesso } from '@/test/utils';

describe('cabeçalho e menu (issue 25 item 7)', () => {
  it('mostra ao gestor o nome e o logotipo da sua revenda, e um ícone em cada item do menu', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso({ ...REVENDA, logotipo: 'https://cdn.test/logo.png' }),
    });
    renderizarApp(rotas.painel());
    const identidade = await screen.findByTestId('identidade-revenda');
    expect(identidade).toHaveTextContent('Auto Demo Veículos');
    expect(identidade.querySelector('img')).toHaveAttribute('src', 'https://cdn.test/logo.png');
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    for (const nome of ['Dashboard', 'Veículos', 'Vendidos', 'Banners', 'Usuários', 'Integrações', 'Histórico']) {
      const link = within(menu).getByRole('link', { name: nome });
      expect(link.querySelector('svg[aria-hidden="true"]'), nome).not.toBeNull();
    }
  });

  it('o admin, que não pertence a uma revenda, não vê identidade de revenda', async () => {
    const fetch = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/dashboard/contadores': sucesso({ incluidos: 1, vendidos: 2, alterados: 3, removidos: 4, banners: 5 }),
    });
    renderizarApp(rotas.home());
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(menu).getByRole('button', { name: 'Revenda' }).querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByTestId('identidade-revenda')).toBeNull();
    expect(fetch.mock.calls.map(([u]) => String(u)).some((u) => /^\/api\/revendas\/[^?]+$/.test(u))).toBe(false);
  });
});
