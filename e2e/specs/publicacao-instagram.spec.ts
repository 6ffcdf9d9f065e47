import { expect, test } from '@playwright/test';
import { criarRevendaComGestor, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { entrar } from '../ajuda/painel.ts';
import { anunciosNoSandbox, configurarRedes, copiarCarroDemo, semRolagemLateral } from '../ajuda/publicacao.ts';

/**
 * Publishing a vehicle to Instagram end to end (spec 3 §2.4, §2.5, §5; channels.md §10): "Incluir carro Instagram",
 * validation, Enviar → a carousel arrives at the Graph sandbox and the view shows the advert → Excluir (the
 * Instagram API removes nothing: the panel forgets the advert and says so).
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
let idVeiculo: string;

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Publicação Instagram E2E ${sufixoUnico()}`);
  idVeiculo = await copiarCarroDemo(revenda.idRevenda);
});
test.afterAll(() => revenda.remover());

test('Instagram: carrega, valida, envia o carrossel, a visualização mostra o anúncio e Excluir o esquece', async ({ page }) => {
  test.setTimeout(90_000);
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await configurarRedes(page, revenda.idRevenda);

  const visualizar = `/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`;
  await page.goto(visualizar);
  const linha = linhaCom(page, 'Integrações', 'Instagram');
  await linha.getByRole('link', { name: 'Incluir anúncio no Instagram' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir carro Instagram' })).toBeVisible();
  const descricao = page.getByRole('textbox', { name: 'Descrição do anúncio' });
  await expect(descricao).not.toHaveValue('');

  await descricao.fill('Curta');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Campos obrigatórios não preenchidos!')).toBeVisible();
  await expect(page.getByText("'Descrição do anúncio' é obrigatório.")).toBeVisible();
  for (const largura of [390, 1366]) {
    await page.setViewportSize({ width: largura, height: 844 });
    await semRolagemLateral(page, largura);
  }

  const texto = `Carrossel ${sufixoUnico()}: carro revisado, único dono, aceita troca.`;
  await descricao.fill(texto);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`), { timeout: 30_000 });
  await expect(linha.getByText('Publicado', { exact: true })).toBeVisible();
  const carrossel = (await anunciosNoSandbox(page, 'instagram')).find((a) => a.legenda === texto);
  expect(carrossel?.tipo).toBe('CAROUSEL');
  expect(carrossel?.fotos?.length).toBeGreaterThan(1);

  await linha.getByRole('button', { name: 'Excluir anúncio no Instagram' }).click();
  await expect(page.getByText('Confirma a exclusão deste anúncio no Instagram?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(/Anúncio excluído com sucesso\./)).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
});
