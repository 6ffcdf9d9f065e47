import { expect, test } from '@playwright/test';
import { violacoesAxe } from '../ajuda/axe.ts';
import { criarRevendaComGestor, sufixoUnico } from '../ajuda/cadastros.ts';
import { entrar } from '../ajuda/painel.ts';
import { chamarApi, semRolagemLateral } from '../ajuda/publicacao.ts';

/**
 * "Padrões de publicação" (issue 24 item 3) on Webmotors' configuration screen: shown once the channel is configured,
 * with the reseller's modalities from the sandbox; filled and saved with the keyboard at 390 px, no sideways scroll,
 * axe clean.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Padrões E2E ${sufixoUnico()}`);
});
test.afterAll(() => revenda.remover());

test('Webmotors configurada: padrões preenchidos pelo teclado a 390 px, salvos com confirmação, axe limpo', async ({ page }) => {
  test.setTimeout(90_000);
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  const credenciais = { cnpj_revenda: '12345678000195', email_webmotors: 'loja@autodemo.test', senha_webmotors: 's' };
  expect(await chamarApi(page, 'POST', '/api/integracao/webmotors/configurar', { id_revenda: revenda.idRevenda, ...credenciais })).toBe(
    200,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/revenda/${revenda.idRevenda}/configurar-webmotors`);
  const secao = page.getByRole('form', { name: 'Padrões de publicação' });
  await expect(secao).toBeVisible();
  const modalidade = secao.getByLabel('Modalidade do anúncio');
  await expect(modalidade.locator('option')).not.toHaveCount(1);
  await expect(modalidade).toHaveValue('');

  // Keyboard only: the modality by arrow key, the template typed, Sim on a flag, then Salvar padrões with Enter.
  await modalidade.focus();
  await page.keyboard.press('ArrowDown');
  const escolhida = await modalidade.inputValue();
  expect(escolhida).not.toBe('');
  await page.keyboard.press('Tab');
  await expect(secao.getByLabel('Observações')).toBeFocused();
  await page.keyboard.type('{marca} {modelo} por {preco}');
  // Perguntar na revisão → Não → Sim.
  await secao.getByLabel('Licenciado').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await secao.getByRole('button', { name: 'Salvar padrões' }).focus();
  await page.keyboard.press('Enter');
  await expect(secao.getByRole('status')).toHaveText(/Padrões de publicação salvos\./);

  await semRolagemLateral(page, 390);
  expect(await violacoesAxe(page)).toEqual([]);
  const r = await page.request.get(`/api/revendas/${revenda.idRevenda}/integracoes/webmotors/padroes`);
  expect((await r.json()).data.padroes).toEqual({
    plano: escolhida,
    descricao: '{marca} {modelo} por {preco}',
    escolhas: { Licenciado: 'S' },
  });
});
