import { expect, type Page, test } from '@playwright/test';
import { abrirTela, entrarComo, type IdsDemo, idsDemo } from '../ajuda/telas.ts';

let ids: IdsDemo;
test.beforeAll(async () => {
  ids = await idsDemo();
});

const sair = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sair' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const burger = (page: Page) => page.getByRole('button', { name: /^(Abrir|Fechar) menu$/ });

test.describe('shell at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the menu is always open beside the screen, with brand, name and Sair; no burger', async ({ page }) => {
    await entrarComo(page, 'admin');
    await expect(page.getByRole('link', { name: 'Intermédio: início' })).toBeVisible();
    await expect(menu(page)).toBeVisible();
    await expect(burger(page)).toBeHidden();
    await expect(page.getByTestId('nome-usuario')).toHaveText('Administrador Demo');
    await expect(sair(page)).toBeVisible();
    // The grouped entries open in place.
    await menu(page).getByText('Opcionais', { exact: true }).click();
    await menu(page).getByRole('link', { name: 'Incluir', exact: true }).click();
    await expect(page).toHaveURL(/\/opcionais\/incluir$/);
    await expect(menu(page).getByRole('link', { name: 'Incluir', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('the admin menu groups are buttons that Tab reaches; Enter opens one and Tab goes on to its sub-pages', async ({ page }) => {
    await entrarComo(page, 'admin');
    await expect(sair(page)).toBeVisible();
    const fipe = menu(page).getByRole('button', { name: 'FIPE', exact: true });
    await expect(fipe).toHaveAttribute('aria-expanded', 'false');
    for (let i = 0; i < 30 && !(await fipe.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(fipe).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(fipe).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveAttribute('href', '/fipe/listar');
  });

  test('the skip link is the first thing Tab reaches and moves focus to the screen', async ({ page }) => {
    await entrarComo(page, 'admin');
    // The signed-in shell is a lazy chunk: Tab before it has drawn would land nowhere.
    await expect(sair(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const pular = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(pular).toBeFocused();
    await expect(pular).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#conteudo')).toBeFocused();
  });

  test('nested screens show breadcrumbs that lead back up', async ({ page }) => {
    await entrarComo(page, 'admin');
    await abrirTela(page, `/revenda/${ids.idRevenda}/configurar-webmotors`);
    const trilha = page.getByRole('navigation', { name: 'Trilha de navegação' });
    await expect(trilha).toContainText('Revendas');
    await expect(trilha).toContainText('Integrações');
    await expect(trilha).toContainText('Configurar Webmotors');
    await trilha.getByRole('link', { name: 'Integrações' }).click();
    await expect(page).toHaveURL(new RegExp(`/revenda/${ids.idRevenda}/integracao$`));
    await abrirTela(page, '/revenda/listar');
    await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toHaveCount(0);
  });
});

test.describe('shell at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu hides behind the burger, opens, and closes after choosing a screen; Sair stays visible', async ({ page }) => {
    await entrarComo(page, 'gestor');
    await expect(sair(page)).toBeVisible();
    await expect(page.getByTestId('nome-usuario')).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Veículos' })).not.toBeInViewport();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');
    await burger(page).click();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page).getByRole('link', { name: 'Veículos' })).toBeInViewport();
    await menu(page).getByRole('link', { name: 'Veículos' }).click();
    await expect(page).toHaveURL(/\/veiculos\/listar$/);
    await expect(menu(page).getByRole('link', { name: 'Veículos' })).not.toBeInViewport();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a closed menu is out of the tab order', async ({ page }) => {
    await entrarComo(page, 'gestor');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const dentroDoMenu = await page.evaluate(() => Boolean(document.activeElement?.closest('#menu-principal')));
      expect(dentroDoMenu).toBe(false);
    }
  });
});

// No sideways scroll and Sair visible on every screen of both roles at both widths: checked with each screen's axe
// check (ajuda/axe-telas.ts, from axe.spec.ts and axe-globais.spec.ts), which opens them all anyway.

test.describe('reseller list at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('fits without sideways scroll (secondary columns behind Detalhes), searches, counts and sorts', async ({ page }) => {
    await entrarComo(page, 'admin');
    await abrirTela(page, '/revenda/listar');
    const regiao = page.getByRole('region', { name: 'Revendas' });
    const largo = await regiao.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(largo).toBe(false);
    const linha = page.getByRole('table', { name: 'Revendas' }).getByRole('row').filter({ hasText: 'Auto Demo Veículos' });
    await linha.getByRole('button', { name: 'Detalhes' }).click();
    await expect(linha.getByText('E-mail', { exact: true })).toBeVisible();
    await expect(linha.getByText('contato@autodemo.test')).toBeVisible();
    await page.keyboard.press('Escape');

    const contagem = page.getByTestId('contagem-lista');
    await expect(contagem).toHaveText(/^\d+ registros?$/);
    await page.getByRole('searchbox', { name: 'Buscar em Revendas' }).fill('auto demo veiculos');
    await expect(contagem).toHaveText(/^1 de \d+ registros$/);
    await page.getByRole('searchbox', { name: 'Buscar em Revendas' }).fill('');
    await page.getByRole('columnheader', { name: /Loja/ }).getByRole('button').click();
    await expect(page.getByRole('columnheader', { name: /Loja/ })).toHaveAttribute('aria-sort', 'ascending');
  });
});
