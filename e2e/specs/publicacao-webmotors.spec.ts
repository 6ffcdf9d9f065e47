import { expect, type Page, test } from '@playwright/test';
import { CONTAS, comBanco, entrar, idRevendaPorNome } from '../ajuda/painel.ts';
import { excluirAnuncio } from '../ajuda/publicacao.ts';

/**
 * Webmotors per-vehicle publishing (spec 3 §2.3–2.5, §4, §5, §8.1, §8.3) against the server's Webmotors sandbox (SOAP):
 * load → cascade → send → the vehicle view shows the advert → Alterar → Excluir.
 */
const REVENDA = 'Auto Demo Veículos';
let idRevenda = '';

type AnuncioSandbox = { CodigoAnuncio: number; situacao: string; PrecoVenda: string; PrecoReal: string; Observacao: string; tipo: string };
async function anunciosSandbox(page: Page): Promise<AnuncioSandbox[]> {
  const r = await page.request.get('/sandbox/webmotors/_anuncios');
  return ((await r.json()) as { anuncios: AnuncioSandbox[] }).anuncios;
}

const idVeiculo = (marca: string, nome: string) =>
  comBanco(
    async (c) =>
      (
        await c.query('select id from veiculos where revenda_id = $1 and vefipe_marca = $2 and vefipe_name like $3 and veremovido = 0', [
          idRevenda,
          marca,
          `${nome}%`,
        ])
      ).rows[0]?.id as string,
  );

const limpar = () =>
  comBanco(async (c) => {
    await c.query(`delete from revenda_integracoes where revenda_id = $1 and canal = 'webmotors'`, [idRevenda]);
    await c.query(`delete from veiculo_integracoes where canal = 'webmotors'`);
  });

test.beforeAll(async () => {
  idRevenda = await idRevendaPorNome(REVENDA);
  await limpar();
});
test.afterAll(limpar);

/** The reseller's Webmotors configuration, through its screen (the sandbox accepts any CNPJ of digits). */
async function configurarWebmotors(page: Page) {
  await page.goto(`/revenda/${idRevenda}/configurar-webmotors`);
  await expect(page.getByRole('heading', { name: 'Configurar Webmotors' })).toBeVisible();
  await page.getByLabel('CNPJ').fill('12345678000195');
  await page.getByLabel('E-mail de acesso').fill('loja@autodemo.test');
  await page.getByLabel(/^Senha/).fill('segredo-wm');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
}

const select = (page: Page, rotulo: string) => page.getByRole('combobox', { name: rotulo, exact: true });
const textoSelecionado = (page: Page, rotulo: string) =>
  select(page, rotulo).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');

test('Webmotors: incluir carro com cascata, códigos de retorno, visualizar, Alterar e Excluir', async ({ page }) => {
  test.setTimeout(120_000);
  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await configurarWebmotors(page);
  const argo = await idVeiculo('Fiat', 'Argo');
  const visualizar = `/revenda/${idRevenda}/veiculos/${argo}/visualizar`;

  // Load: Incluir on the vehicle view → dispatcher → incluir-carro.
  await page.goto(visualizar);
  await page.getByRole('link', { name: 'Incluir anúncio no Webmotors' }).click();
  await expect(page).toHaveURL(/\/integracao\/webmotors\/incluir-carro$/);
  await expect(page.getByRole('heading', { name: 'Incluir carro Webmotors', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Integração Webmotors - Incluir veículo' })).toBeVisible();
  expect(await textoSelecionado(page, 'Marca')).toBe('Fiat');
  expect(await textoSelecionado(page, 'Modelo')).toBe('Argo');
  expect(await textoSelecionado(page, 'Versão')).toBe('Drive 1.0 6V Flex 5p Mec.');
  expect(await textoSelecionado(page, 'Cor')).toBe('Branco');
  expect(await textoSelecionado(page, 'Câmbio')).toBe('Manual');
  await expect(page.getByText('R$ 72.900,00')).toBeVisible();

  // Cascade: a model with one version has no empty choice; back to Argo, two versions and an empty choice.
  await select(page, 'Modelo').selectOption({ label: 'Mobi' });
  await expect(select(page, 'Versão').locator('option')).toHaveText(['Like 1.0 Fire Flex 5p Mec.']);
  await select(page, 'Modelo').selectOption({ label: 'Argo' });
  await expect(select(page, 'Versão').locator('option')).toHaveText([
    'Selecione',
    'Drive 1.0 6V Flex 5p Mec.',
    'Trekking 1.3 8V Flex 5p Mec.',
  ]);

  // Required fields: modality and version.
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Campos obrigatórios não preenchidos!')).toBeVisible();
  await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(2);
  await select(page, 'Versão').selectOption({ label: 'Drive 1.0 6V Flex 5p Mec.' });
  await select(page, 'Modalidade do anúncio').selectOption({ label: 'Básico' });

  // Webmotors refuses (CodigoAnuncio 0): translated codes; an unknown code links to the manual.
  await page.getByRole('textbox', { name: 'Observações' }).fill('retornar:43|84,43|999');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const erro = page.getByRole('alert').filter({ hasText: 'Placa inválida' });
  await expect(erro).toContainText("'Placa inválida.', 'Código 43|999: consulte o manual da Webmotors em");
  await expect(erro.getByRole('link', { name: /manualintegracao/ })).toHaveAttribute('href', /integracao\.webmotors\.com\.br/);
  await expect(page).toHaveURL(/incluir-carro$/);

  // Send: redirected to the view, which shows the advert.
  await page.getByRole('textbox', { name: 'Observações' }).fill('Único dono, revisões em dia.');
  await page.getByRole('checkbox', { name: 'Único dono' }).check();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`));
  await expect(page.getByRole('button', { name: 'Excluir anúncio no Webmotors' })).toBeVisible();
  const enviado = (await anunciosSandbox(page)).filter((a) => a.Observacao === 'Único dono, revisões em dia.' && a.situacao === 'ativo');
  expect(enviado).toHaveLength(1);
  expect(enviado[0]).toMatchObject({ tipo: 'carro', PrecoVenda: '72900.00', PrecoReal: '72900.00' });
  const codigo = enviado[0]?.CodigoAnuncio;

  // Alterar: the change screen loads what Webmotors has and sends the new price.
  await page.getByRole('link', { name: 'Alterar anúncio no Webmotors' }).click();
  await expect(page.getByRole('heading', { name: 'Alterar veículo Webmotors', level: 1 })).toBeVisible();
  expect(await textoSelecionado(page, 'Modalidade do anúncio')).toBe('Básico');
  await expect(page.getByRole('checkbox', { name: 'Único dono' })).toBeChecked();
  const preco = page.getByRole('textbox', { name: 'Preço', exact: true });
  await preco.fill('69900');
  await preco.blur();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`));
  expect((await anunciosSandbox(page)).find((a) => a.CodigoAnuncio === codigo)).toMatchObject({ PrecoVenda: '69900.00' });

  // Excluir with the spec's confirmation and message.
  await excluirAnuncio(page, page, 'Webmotors');
  await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Incluir anúncio no Webmotors' })).toBeVisible();
  expect((await anunciosSandbox(page)).find((a) => a.CodigoAnuncio === codigo)?.situacao).toBe('excluido');
});

test('Webmotors: despacho por tipo (moto → incluir-moto, caminhão não permitido) e tela em 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  await configurarWebmotors(page);
  const cg = await idVeiculo('Honda', 'CG 160');
  await page.goto(`/revenda/${idRevenda}/veiculos/${cg}/integracao/webmotors/incluir`);
  await expect(page).toHaveURL(/incluir-moto$/);
  await expect(page.getByRole('heading', { name: 'Incluir moto Webmotors', level: 1 })).toBeVisible();
  expect(await textoSelecionado(page, 'Versão')).toBe('Fan');
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const fh = await idVeiculo('Volvo', 'FH');
  await page.goto(`/revenda/${idRevenda}/veiculos/${fh}/integracao/webmotors/incluir`);
  await expect(page.getByRole('heading', { name: 'Incluir veículo Webmotors', level: 1 })).toBeVisible();
  await expect(page.getByText('Operação não permitida para esse tipo de veículo.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();
});
