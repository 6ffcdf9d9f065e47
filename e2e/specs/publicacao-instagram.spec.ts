import { expect, test } from '@playwright/test';
import { sufixoUnico } from '../ajuda/cadastros.ts';
import { abrirComRedes, anunciosNoSandbox, excluirAnuncio, revendaComCarroDemo, semRolagemNasLarguras } from '../ajuda/publicacao.ts';

/**
 * Publishing a vehicle to Instagram end to end (spec 3 §2.4, §2.5, §5; channels.md §10): "Incluir carro Instagram",
 * validation, Enviar → a carousel arrives at the Graph sandbox and the view shows the advert → Excluir (the
 * Instagram API removes nothing: the panel forgets the advert and says so).
 */
const dados = revendaComCarroDemo('Publicação Instagram E2E');

test('Instagram: carrega, valida, envia o carrossel, a visualização mostra o anúncio e Excluir o esquece', async ({ page }) => {
  test.setTimeout(90_000);
  const { visualizar, linha } = await abrirComRedes(page, dados, 'Instagram');
  await linha.getByRole('link', { name: 'Incluir anúncio no Instagram' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir carro Instagram' })).toBeVisible();
  const descricao = page.getByRole('textbox', { name: 'Descrição do anúncio' });
  await expect(descricao).not.toHaveValue('');

  await descricao.fill('Curta');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Campos obrigatórios não preenchidos!')).toBeVisible();
  await expect(page.getByText("'Descrição do anúncio' é obrigatório.")).toBeVisible();
  await semRolagemNasLarguras(page);

  const texto = `Carrossel ${sufixoUnico()}: carro revisado, único dono, aceita troca.`;
  await descricao.fill(texto);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`), { timeout: 30_000 });
  await expect(linha.getByText('Publicado', { exact: true })).toBeVisible();
  const carrossel = (await anunciosNoSandbox(page, 'instagram')).find((a) => a.legenda === texto);
  expect(carrossel?.tipo).toBe('CAROUSEL');
  expect(carrossel?.fotos?.length).toBeGreaterThan(1);

  await excluirAnuncio(page, linha, 'Instagram');
  await expect(page.getByText(/Anúncio excluído com sucesso\./)).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
});
