import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rotas } from '@/lib/rotas';
import { renderizarApp, respostaSessao, SESSAO_ADMIN, simularApi } from '@/test/utils';

describe('menu do admin', () => {
  it('os grupos (Revenda, Opcionais, Locais de anúncio, FIPE) são botões alcançáveis por Tab, com aria-expanded', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN) });
    renderizarApp(rotas.opcionais.listar());
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    for (const grupo of ['Revenda', 'Locais de anúncio', 'FIPE']) {
      const botao = within(menu).getByRole('button', { name: grupo });
      expect(botao.tagName).toBe('BUTTON');
      expect(botao).toHaveAttribute('aria-expanded', 'false');
    }
    // The group of the current screen starts open.
    expect(within(menu).getByRole('button', { name: 'Opcionais' })).toHaveAttribute('aria-expanded', 'true');
    const fipe = within(menu).getByRole('button', { name: 'FIPE' });
    fireEvent.click(fipe);
    expect(fipe).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('link', { name: 'Listar' })
          .map((a) => a.getAttribute('href')),
      ).toContain(rotas.fipe.listar()),
    );
    fireEvent.click(fipe);
    expect(fipe).toHaveAttribute('aria-expanded', 'false');
  });
});
