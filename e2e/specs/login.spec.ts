import { expect, test } from '@playwright/test';
import { CONTAS, entrar } from '../ajuda/painel.ts';

test.describe('Acesso ao painel (spec 1 §2)', () => {
  test('wrong password shows the failure message and stays on the sign-in page', async ({ page }) => {
    await entrar(page, CONTAS.admin, 'senha-errada');
    await expect(page.getByText('E-mail e/ou senha inválidos.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a client (role client) is refused with the same message', async ({ page }) => {
    await entrar(page, CONTAS.clienteA);
    await expect(page.getByText('E-mail e/ou senha inválidos.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('admin goes to /home with the admin menu, version, name; Sair signs out', async ({ page }) => {
    await entrar(page, CONTAS.admin);
    await expect(page).toHaveURL(/\/home$/);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const item of ['Dashboard', 'Revenda', 'Revenda free', 'Opcionais', 'Locais de anúncio', 'Solicitações', 'FIPE']) {
      await expect(menu.getByText(item, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('v1.7.0')).toBeVisible();
    await expect(page.getByText('Administrador Demo')).toBeVisible();
    const usuarioLogado = await page.evaluate(() => JSON.parse(localStorage.getItem('usuarioLogado') ?? 'null'));
    expect(usuarioLogado).toMatchObject({ role: 'admin', revenda: null, nome: 'Administrador Demo' });

    await page
      .getByRole('button', { name: 'Sair' })
      .or(page.getByRole('link', { name: 'Sair' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('usuarioLogado'))).toBeNull();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('gestor goes to /painel/dashboard with the dealer menu', async ({ page }) => {
    await entrar(page, CONTAS.gestorA);
    await expect(page).toHaveURL(/\/painel\/dashboard$/);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const item of ['Dashboard', 'Veículos', 'Vendidos', 'Banners', 'Usuários', 'Integrações', 'Histórico', 'Solicitações']) {
      await expect(menu.getByText(item, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('Gestor Auto Demo')).toBeVisible();
    for (const tile of ['Veículos', 'Vendidos', 'Usuários', 'Histórico', 'Banners']) {
      await expect(page.getByRole('region', { name: tile })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Usuários' })).toContainText('3');
  });
});
