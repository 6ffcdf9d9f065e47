import { expect, test } from '@playwright/test';
import { entrar } from '../ajuda/painel.ts';
import { abrirVisualizacao, chamarApi, excluirAnuncio, revendaComCarroDemo, semRolagemNasLarguras } from '../ajuda/publicacao.ts';

/**
 * Publishing a car to Mercado Livre end to end (spec 3 §2.3–2.5, §3.7, §5; issue 13): the dispatcher sends a car to
 * "Incluir carro Mercado Livre", the category's attributes by type (COLOR a select), title in upper case, the
 * 'Endereço' / 'CEP' messages one per line, Enviar → the view shows the advert → Excluir.
 */
const dados = revendaComCarroDemo('Publicação ML E2E');

test('Mercado Livre: despacha, carrega atributos, valida, envia, a visualização mostra o anúncio e Excluir o remove', async ({ page }) => {
  test.setTimeout(90_000);
  const { revenda, idVeiculo } = dados;
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  expect(
    await chamarApi(page, 'POST', '/api/integracao/mercadolivre/configurar', { id_revenda: revenda.idRevenda, code_ml: 'ml-e2e' }),
  ).toBe(200);

  const { visualizar, linha } = await abrirVisualizacao(page, revenda.idRevenda, idVeiculo, 'Mercado Livre');
  await linha.getByRole('link', { name: 'Incluir anúncio no Mercado Livre' }).click();
  await expect(page).toHaveURL(/\/integracao\/mercadolivre\/incluir-carro$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir carro Mercado Livre' })).toBeVisible();
  await expect(page.getByText('Atributos obrigatórios (lista)')).toBeVisible();
  await expect(page.getByText('Atributos opcionais (sim ou não)')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Cor' })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Descrição' })).toHaveAttribute('rows', '10');
  const titulo = page.getByRole('textbox', { name: 'Título' });
  await titulo.fill('argo revisado');
  await expect(titulo).toHaveValue('ARGO REVISADO');

  await page.getByRole('textbox', { name: 'Endereço' }).fill('A');
  await page.getByRole('textbox', { name: 'CEP' }).fill('0131');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const alerta = page.getByRole('alert').filter({ hasText: 'Campos obrigatórios não preenchidos!' });
  await expect(alerta).toContainText("'Endereço' é obrigatório.\n'CEP' é obrigatório.");

  await semRolagemNasLarguras(page);

  await page.getByRole('textbox', { name: 'Endereço' }).fill('Avenida Paulista, 1000');
  await page.getByRole('textbox', { name: 'CEP' }).fill('01310-100');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`));
  await expect(page.getByText('Veículo publicado em Mercado Livre.')).toBeVisible();
  await expect(linha.getByText('Publicado', { exact: true })).toBeVisible();
  const itens = (await (await page.request.get('/sandbox/mercadolivre/_anuncios')).json()) as {
    anuncios: { title: string; status: string }[];
  };
  expect(itens.anuncios.filter((i) => i.title === 'ARGO REVISADO' && i.status === 'active')).toHaveLength(1);

  await excluirAnuncio(page, linha, 'Mercado Livre');
  await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
});
