import { expect, test } from '@playwright/test';
import { criarRevendaComGestor, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { entrar } from '../ajuda/painel.ts';
import { copiarCarroDemo, semRolagemLateral } from '../ajuda/publicacao.ts';

/**
 * Publishing a car to Mercado Livre end to end (spec 3 §2.3–2.5, §3.7, §5; issue 13): the dispatcher sends a car to
 * "Incluir carro Mercado Livre", the category's attributes by type (COLOR a select), title in upper case, the
 * 'Endereço' / 'CEP' messages one per line, Enviar → the view shows the advert → Excluir.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
let idVeiculo: string;

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Publicação ML E2E ${sufixoUnico()}`);
  idVeiculo = await copiarCarroDemo(revenda.idRevenda);
});
test.afterAll(() => revenda.remover());

test('Mercado Livre: despacha, carrega atributos, valida, envia, a visualização mostra o anúncio e Excluir o remove', async ({ page }) => {
  test.setTimeout(90_000);
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  const configurado = await page.evaluate(async (id) => {
    const sessao = (await (await fetch('/api/auth/sessao')).json()) as { data: { csrf: string } };
    const r = await fetch('/api/integracao/mercadolivre/configurar', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': sessao.data.csrf },
      body: JSON.stringify({ id_revenda: id, code_ml: 'ml-e2e' }),
    });
    return r.status;
  }, revenda.idRevenda);
  expect(configurado).toBe(200);

  const visualizar = `/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`;
  await page.goto(visualizar);
  const linha = linhaCom(page, 'Integrações', 'Mercado Livre');
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

  for (const largura of [390, 1366]) {
    await page.setViewportSize({ width: largura, height: 844 });
    await semRolagemLateral(page, largura);
  }

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

  await linha.getByRole('button', { name: 'Excluir anúncio no Mercado Livre' }).click();
  await expect(page.getByText('Confirma a exclusão deste anúncio no Mercado Livre?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
});
