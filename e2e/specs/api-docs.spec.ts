import { expect, test } from '@playwright/test';
import { CONTAS, entrar } from '../ajuda/painel.ts';

test('an integrator signed in to the panel runs a write from /api/docs with "Try it out" (session cookie + CSRF header)', async ({
  page,
}) => {
  // swagger-ui's bundle (1.5 MB of JS) renders slowly on a loaded CI machine.
  test.setTimeout(120_000);
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  // A deep link opens the operation (swagger-ui's deepLinking).
  await page.goto('/api/docs/#/veiculos/postLocaisAnuncioBuscarVersoes');
  const operacao = page.locator('#operations-veiculos-postLocaisAnuncioBuscarVersoes');
  await operacao.locator('button.try-out__btn').click({ timeout: 90_000 });
  await operacao.locator('textarea.body-param__text').fill(JSON.stringify({ revenda: 'x' }));
  const resposta = page.waitForResponse((r) => r.url().endsWith('/api/locais-anuncio/buscar-versoes'));
  await operacao.getByRole('button', { name: 'Execute' }).click();
  const r = await resposta;
  // Neither refused for the CSRF token (403) nor for the session (401): the server judged the body itself.
  expect(r.request().headers()['x-csrf-token']).toBeTruthy();
  expect(r.status()).toBe(400);
  expect((await r.json()).data).toContain('Dados inválidos');
});
