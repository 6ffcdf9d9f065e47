import { expect, test } from '@playwright/test';
import { CONTAS, comBanco, entrar, idRevendaPorNome } from '../ajuda/painel.ts';

test('admin dashboard: a new queue row updates the Incluídos tile live, with the alarm', async ({ page }) => {
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  for (const tile of ['Incluídos', 'Vendidos', 'Alterados', 'Removidos', 'Banners']) {
    await expect(page.getByRole('region', { name: tile })).toBeVisible();
  }
  const incluidos = page.getByRole('region', { name: 'Incluídos' });
  await expect(incluidos.getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute('href', '/dashboard/incluidos');
  const contador = page.getByTestId('contador-incluidos');
  const antes = Number(await contador.innerText());
  const alarmesAntes = Number((await page.locator('[data-alarmes]').getAttribute('data-alarmes')) ?? 0);

  // A marker on the window survives only if the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { marcadorSemRecarga: true }));
  const revenda = await idRevendaPorNome('Auto Demo Veículos');
  await comBanco((c) =>
    c.query(`insert into moderacao (fila, revenda_id, revenda) values ('incluidos', $1, 'Auto Demo Veículos')`, [revenda]),
  );
  await expect(contador).toHaveText(String(antes + 1));
  await expect(page.locator('[data-alarmes]')).toHaveAttribute('data-alarmes', String(alarmesAntes + 1));
  expect(await page.evaluate(() => (window as unknown as { marcadorSemRecarga?: boolean }).marcadorSemRecarga)).toBe(true);
});
