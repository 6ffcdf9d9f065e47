import { expect, type Page, test } from '@playwright/test';
import { criarRevendaComGestor, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, entrar } from '../ajuda/painel.ts';
import { carroComAutoscar, LOCAL_AUTOSCAR, publicarPelaApi } from '../ajuda/publicacao.ts';

/**
 * Sync (issue 24 item 1): a vehicle published on Autoscar has its price changed on the vehicle form; with the default
 * setting ("automático") the advert is updated at the channel in the background, and the view's badge goes back to
 * Publicado (no "Desatualizado") through the live events, the sandbox holding the new price.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Sincronização E2E ${sufixoUnico()}`);
});
test.afterAll(() => revenda.remover());

const precoNaAutoscar = async (page: Page, advId: string) =>
  (
    (await (await page.request.get('/sandbox/autoscar/_anuncios')).json()) as { anuncios: { advId: string; price: number }[] }
  ).anuncios.find((a) => a.advId === advId)?.price;

test('mudar o preço de um veículo publicado na Autoscar: o anúncio é atualizado e volta a Publicado', async ({ page }) => {
  test.setTimeout(120_000);
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  const idVeiculo = await carroComAutoscar(page, revenda.idRevenda);
  const advId = await publicarPelaApi(page, 'autoscar', idVeiculo, (r) => ({ ...r.veiculoPost, ...LOCAL_AUTOSCAR }));

  await page.goto(`/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/alterar`);
  await expect(page.getByRole('heading', { level: 2, name: 'Alterar veículo' })).toBeVisible();
  const valor = page.getByLabel(/^Valor/);
  await valor.fill('');
  await valor.pressSequentially('81234,00');
  await expect(valor).toHaveValue('R$ 81.234,00');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Veículo gravado com sucesso!').first()).toBeVisible();

  await page.goto(`/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`);
  const linha = linhaCom(page, 'Integrações', 'Autoscar');
  await expect(linha.getByText('Publicado')).toBeVisible();
  await expect(linha.getByText('Desatualizado')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => precoNaAutoscar(page, advId), { timeout: 30_000 }).toBe(81234);
});
