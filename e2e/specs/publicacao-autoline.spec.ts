import { expect, type Page, test } from '@playwright/test';
import { criarRevendaComGestor, escolherOpcao, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { entrar } from '../ajuda/painel.ts';
import { configurarIntegracao, copiarVeiculoDemo, excluirAnuncio, semRolagemNasLarguras } from '../ajuda/publicacao.ts';

/**
 * Publishing to Autoline end to end (spec 3 §2.4, §2.5, §3.6, §5): the vehicle view's Incluir → "Incluir veículo
 * Autoline" with the cascade and the required selects, the flags, Enviar → the view shows the advert (url_anuncio;
 * the SOAP sandbox received the §3.6 model) → Excluir with the confirmation.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
let idVeiculo: string;

type Anuncio = {
  AdId: string;
  Status: string;
  AdditionalInformation: string;
  IsSwapNotAccepted: string;
  IsZeroKm: string;
  ModelVersionId: string;
};
const anunciosAutoline = async (page: Page) =>
  ((await (await page.request.get('/sandbox/autoline/_anuncios')).json()) as { anuncios: Anuncio[] }).anuncios;

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Publicação Autoline E2E ${sufixoUnico()}`);
  idVeiculo = await copiarVeiculoDemo(revenda.idRevenda, 'carro', 'Civic');
});
test.afterAll(() => revenda.remover());

test('Autoline: carrega, valida, cascata, envia, a visualização mostra o anúncio e Excluir o remove', async ({ page }) => {
  test.setTimeout(120_000);
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await configurarIntegracao(page, revenda.idRevenda, 'autoline', { email_autoline: 'loja@autodemo.test', senha_autoline: 'segredo' });

  const visualizar = `/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`;
  await page.goto(visualizar);
  const linha = linhaCom(page, 'Integrações', 'Autoline');
  await expect(linha.getByText('Não publicado')).toBeVisible();
  await linha.getByRole('link', { name: 'Incluir anúncio no Autoline' }).click();
  await expect(page).toHaveURL(/\/integracao\/autoline\/incluir$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir veículo Autoline' })).toBeVisible();
  // The draft asks Autoline for its lists: on a loaded machine it takes a while.
  await expect(page.getByText('Dados Autoline', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Marca' })).toHaveValue('Honda');
  await expect(page.getByRole('combobox', { name: 'Versão' })).toHaveValue('EXL 2.0 Flex 16V Aut.');
  await expect(page.getByRole('combobox', { name: 'Portas' })).toHaveValue('4 portas');
  await expect(page.getByRole('combobox', { name: 'Câmbio' })).toHaveValue('Automático');

  // Required selects (§5): a cleared colour and a brand change (model and version cleared) block the send.
  await escolherOpcao(page, 'Marca', 'Toyota');
  await expect(page.getByRole('combobox', { name: 'Modelo' })).toHaveValue('');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Campos obrigatórios não preenchidos!')).toBeVisible();
  await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(2); // model, version

  // Cascade: Toyota → Yaris has one version, preselected.
  await escolherOpcao(page, 'Modelo', 'Yaris');
  await expect(page.getByRole('combobox', { name: 'Versão' })).toHaveValue('XL 1.5 Flex 16V 5p Aut.', { timeout: 30_000 });
  await escolherOpcao(page, 'Carroceria', 'Hatch');
  await page.getByRole('checkbox', { name: 'Não aceita troca' }).check();
  await semRolagemNasLarguras(page);
  const info = `Yaris E2E ${sufixoUnico()}`;
  await page.getByRole('textbox', { name: 'Informações adicionais' }).fill(info);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`), { timeout: 30_000 });
  await expect(linha.getByText('Publicado', { exact: true })).toBeVisible();
  await expect(linha.getByRole('link', { name: 'Ver anúncio no Autoline' })).toHaveAttribute('href', /autoline\.com\.br/);
  const anuncio = (await anunciosAutoline(page)).find((a) => a.AdditionalInformation === info);
  expect(anuncio).toMatchObject({ Status: 'Ativo', IsSwapNotAccepted: '1', IsZeroKm: '0' });

  await excluirAnuncio(page, linha, 'Autoline');
  await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
  expect((await anunciosAutoline(page)).find((a) => a.AdId === anuncio?.AdId)?.Status).toBe('Cancelado');
});
