import { expect, test } from '@playwright/test';
import { sufixoUnico } from '../ajuda/cadastros.ts';
import { abrirComRedes, anunciosNoSandbox, excluirAnuncio, revendaComCarroDemo, semRolagemNasLarguras } from '../ajuda/publicacao.ts';

/**
 * Publishing a vehicle to Facebook end to end (spec 3 §2.1, §2.4, §2.5, §4, §5, §8.1): the vehicle view's Incluir,
 * "Incluir carro Facebook" with the draft, the spec's validation messages, Enviar → the view shows the advert
 * (the Graph sandbox received the post with the photos) → Excluir with the confirmation.
 */
const dados = revendaComCarroDemo('Publicação Facebook E2E');

test('Facebook: carrega, valida, envia, a visualização mostra o anúncio e Excluir o remove', async ({ page }) => {
  test.setTimeout(90_000);
  const { visualizar, linha } = await abrirComRedes(page, dados, 'Facebook');
  await expect(linha.getByText('Não publicado')).toBeVisible();
  await linha.getByRole('link', { name: 'Incluir anúncio no Facebook' }).click();
  await expect(page).toHaveURL(/\/integracao\/facebook\/incluir$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir carro Facebook' })).toBeVisible();
  await expect(page.getByText('Dados Intermédio', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Dados Facebook', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('* Dados devem ser alterados no aplicativo')).toBeVisible();
  await expect(page.getByText(/R\$\s?\d{1,3}(\.\d{3})*,\d{2}/).first()).toBeVisible();
  const descricao = page.getByRole('textbox', { name: 'Descrição do anúncio' });
  await expect(descricao).not.toHaveValue('');

  // The spec's validation (§5): nothing is sent.
  await descricao.fill('Curta demais');
  await page.getByRole('textbox', { name: 'Link anúncio' }).fill('http://x');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Campos obrigatórios não preenchidos!')).toBeVisible();
  await expect(page.getByText("'Descrição do anúncio' é obrigatório.")).toBeVisible();
  await expect(page.getByText("'Link anúncio' é obrigatório.")).toBeVisible();

  await semRolagemNasLarguras(page);

  const texto = `Oportunidade ${sufixoUnico()}: carro revisado, único dono, aceita troca.`;
  await descricao.fill(texto);
  await page.getByRole('textbox', { name: 'Link anúncio' }).fill('https://autodemo.test/estoque');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`));
  await expect(page.getByText('Veículo publicado em Facebook.')).toBeVisible();
  await expect(linha.getByText('Publicado', { exact: true })).toBeVisible();
  const post = (await anunciosNoSandbox(page, 'facebook')).find((a) => a.legenda === texto);
  expect(post?.fotos?.length).toBeGreaterThan(0);

  await excluirAnuncio(page, linha, 'Facebook');
  await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
  expect((await anunciosNoSandbox(page, 'facebook')).some((a) => a.legenda === texto)).toBe(false);
});
