import { expect, test } from '@playwright/test';
import { CONTAS, comBanco, entrar, idRevendaPorNome } from '../ajuda/painel.ts';

const NEGADO = 'Seu usuário não tem acesso autorizado na página solicitada!';

test.describe('access rules in the browser (spec 1 §2, §6)', () => {
  test('a visitor without a session is sent to /login', async ({ page }) => {
    await page.goto('/revenda/listar');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a gestor on an admin screen gets access denied with the dealer menu', async ({ page }) => {
    await entrar(page, CONTAS.gestorA);
    await expect(page).toHaveURL(/\/painel\/dashboard$/);
    await page.goto('/revenda/listar');
    await expect(page).toHaveURL(/\/acesso-negado$/);
    await expect(page.getByRole('alert')).toContainText(NEGADO);
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByText('Integrações')).toBeVisible();
  });

  test("a gestor on another reseller's screen gets access denied", async ({ page }) => {
    const outra = await idRevendaPorNome('Motos Básico');
    await entrar(page, CONTAS.gestorA);
    await expect(page).toHaveURL(/\/painel\/dashboard$/);
    await page.goto(`/revenda/${outra}/integracao`);
    await expect(page).toHaveURL(/\/acesso-negado$/);
    await expect(page.getByText(NEGADO)).toBeVisible();
  });

  test('an inactive gestor cannot sign in, and a gestor blocked while signed in is signed out', async ({ page }) => {
    await entrar(page, CONTAS.inativoA);
    await expect(page.getByText('E-mail e/ou senha inválidos.')).toBeVisible();

    await entrar(page, CONTAS.gestorA);
    await expect(page).toHaveURL(/\/painel\/dashboard$/);
    await comBanco((c) => c.query(`update usuarios set ativo = 0 where email = $1`, [CONTAS.gestorA]));
    try {
      await page.reload();
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('usuarioLogado'))).toBeNull();
    } finally {
      await comBanco((c) => c.query(`update usuarios set ativo = 1 where email = $1`, [CONTAS.gestorA]));
    }
  });
});
