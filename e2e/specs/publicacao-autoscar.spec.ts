import { expect, type Page, test } from '@playwright/test';
import { criarRevendaComGestor, escolherOpcao, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, entrar } from '../ajuda/painel.ts';
import { configurarIntegracao, copiarVeiculoDemo, excluirAnuncio, semRolagemLateral, semRolagemNasLarguras } from '../ajuda/publicacao.ts';

/**
 * Publishing to Autoscar end to end (spec 3 §2.2–2.5, §3.3, §5, §8.1): the vehicle view's Incluir → the dispatcher →
 * "Incluir carro Autoscar" / "Incluir moto Autoscar", the cascade with one version preselected, the required fields,
 * Enviar → the view shows the advert (the sandbox received veiculo_post) → Alterar → Excluir with the confirmation.
 */
/** The draft asks Autoscar for a dozen lists: on a loaded machine it takes a while. */
const CARGA = 30_000;
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
const ids = { carro: '', moto: '' };

type Anuncio = {
  advId: string;
  status: string;
  modelo: { versao: string };
  city: string;
  state: string;
  description: string;
  removidoEm: string | null;
} & Record<string, unknown>;
const anunciosAutoscar = async (page: Page) =>
  ((await (await page.request.get('/sandbox/autoscar/_anuncios')).json()) as { anuncios: Anuncio[] }).anuncios;

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Publicação Autoscar E2E ${sufixoUnico()}`);
  ids.carro = await copiarVeiculoDemo(revenda.idRevenda, 'carro', 'Argo');
  ids.moto = await copiarVeiculoDemo(revenda.idRevenda, 'moto', 'CG 160');
});
test.afterAll(() => revenda.remover());

/** Autoscar is configured by an admin (spec 1 §6); the admin may open any reseller's screens. */
async function entrarComAutoscar(page: Page) {
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  await configurarIntegracao(page, revenda.idRevenda, 'autoscar', { id_autoscar: '123' });
}

test('Autoscar carro: carrega, cascata, valida, envia, a visualização mostra o anúncio, Alterar e Excluir', async ({ page }) => {
  test.setTimeout(120_000);
  await entrarComAutoscar(page);
  const visualizar = `/revenda/${revenda.idRevenda}/veiculos/${ids.carro}/visualizar`;
  await page.goto(visualizar);
  const linha = linhaCom(page, 'Integrações', 'Autoscar');
  await expect(linha.getByText('Não publicado')).toBeVisible();
  await linha.getByRole('link', { name: 'Incluir anúncio no Autoscar' }).click();
  // The dispatcher sends a car to incluir-carro.
  await expect(page).toHaveURL(/\/integracao\/autoscar\/incluir-carro$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir carro Autoscar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Integração Autoscar - Incluir veículo' })).toBeVisible();
  await expect(page.getByText('Dados Autoscar', { exact: true }).first()).toBeVisible({ timeout: CARGA });

  // Brand read-only, version preselected (one of Argo's two matches the vehicle), the reseller has no city yet.
  const marca = page.getByRole('combobox', { name: 'Marca' });
  await expect(marca).toHaveValue('Fiat');
  await expect(marca).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Versão' })).toHaveValue('Drive 1.0 6V Flex 5p Mec.');
  await expect(page.getByRole('combobox', { name: 'Cor' })).toHaveValue('Branco');
  await expect(page.getByRole('combobox', { name: 'Portas' })).toHaveValue('4');
  await expect(page.getByText(/R\$\s?72\.900,00/).first()).toBeVisible();

  // Required fields (§5): nothing is sent.
  let enviados = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/integracao/autoscar/enviar')) enviados += 1;
  });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Campos obrigatórios não preenchidos!')).toBeVisible();
  await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(2); // city and UF
  expect(enviados).toBe(0);

  // Cascade: another model clears the version; Mobi has one version, preselected; back to Argo, the user picks.
  await escolherOpcao(page, 'Modelo', 'Mobi');
  await expect(page.getByRole('combobox', { name: 'Versão' })).toHaveValue('Like 1.0 Fire Flex 5p Mec.', { timeout: CARGA });
  await escolherOpcao(page, 'Modelo', 'Argo');
  await expect(page.getByRole('combobox', { name: 'Versão' })).toHaveValue('');
  await escolherOpcao(page, 'Versão', 'Trekking 1.3 8V Flex 5p Mec.');

  await page.getByRole('textbox', { name: 'Cidade' }).fill('Belo Horizonte');
  await expect(page.getByRole('textbox', { name: 'Cidade' })).toHaveValue('BELO HORIZONTE');
  await escolherOpcao(page, 'UF', 'MG');
  await page.getByRole('checkbox', { name: 'Teto solar' }).check();
  await semRolagemNasLarguras(page);
  const descricao = `Argo E2E ${sufixoUnico()}`;
  await page.getByRole('textbox', { name: 'Descrição' }).fill(descricao);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`), { timeout: CARGA });
  await expect(linha.getByText('Publicado', { exact: true })).toBeVisible();
  const anuncio = (await anunciosAutoscar(page)).find((a) => a.description === descricao);
  expect(anuncio).toMatchObject({
    status: '1',
    city: 'BELO HORIZONTE',
    state: 'MG',
    ports: 4,
    modelo: { versao: 'Trekking 1.3 8V Flex 5p Mec.' },
  });
  expect(anuncio?.optionals).toContain('Teto solar');
  expect((anuncio?.photos as string[] | undefined)?.length).toBeGreaterThan(0);

  // Alterar: the dispatcher → alterar-carro, prefilled from the advert.
  await linha.getByRole('link', { name: 'Alterar anúncio no Autoscar' }).click();
  await expect(page).toHaveURL(new RegExp(`/integracao/autoscar/${anuncio?.advId}/alterar-carro$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar carro Autoscar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Integração Autoscar - Alterar veículo' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Versão' })).toHaveValue('Trekking 1.3 8V Flex 5p Mec.', { timeout: CARGA });
  // City, UF and description come from the advert (what was typed), not from the reseller.
  await expect(page.getByRole('textbox', { name: 'Cidade' })).toHaveValue('BELO HORIZONTE');
  await expect(page.getByRole('combobox', { name: 'UF' })).toHaveValue('MG');
  await expect(page.getByRole('textbox', { name: 'Descrição' })).toHaveValue(descricao);
  await page.getByRole('textbox', { name: 'Cidade' }).fill('Contagem');
  await page.getByRole('textbox', { name: 'Descrição' }).fill(`${descricao} alterado`);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`), { timeout: CARGA });
  await expect
    .poll(async () => (await anunciosAutoscar(page)).find((a) => a.advId === anuncio?.advId)?.description)
    .toBe(`${descricao} alterado`);

  await excluirAnuncio(page, linha, 'Autoscar');
  await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
  expect((await anunciosAutoscar(page)).find((a) => a.advId === anuncio?.advId)?.removidoEm).toBeTruthy();
});

test('Autoscar moto: partida, refrigeração, marchas e cilindrada obrigatórias; envia e exclui', async ({ page }) => {
  test.setTimeout(120_000);
  await entrarComAutoscar(page);
  const visualizar = `/revenda/${revenda.idRevenda}/veiculos/${ids.moto}/visualizar`;
  await page.goto(`/revenda/${revenda.idRevenda}/veiculos/${ids.moto}/integracao/autoscar/incluir`);
  await expect(page).toHaveURL(/\/integracao\/autoscar\/incluir-moto$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir moto Autoscar' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cilindrada' })).toHaveValue('160', { timeout: CARGA });
  await expect(page.getByRole('combobox', { name: 'Portas' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Cidade' }).fill('Uberlândia');
  await escolherOpcao(page, 'UF', 'MG');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Campos obrigatórios não preenchidos!')).toBeVisible();
  // Start type, cooling type, gears and the vehicle type (no body for motorcycles in the product).
  await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(4);

  await escolherOpcao(page, 'Tipo de partida', 'Elétrica');
  await escolherOpcao(page, 'Tipo de refrigeração', 'Ar');
  await escolherOpcao(page, 'Marchas', '5');
  await escolherOpcao(page, 'Tipo de veículo', 'Street');
  await page.getByRole('textbox', { name: 'Cilindrada' }).fill('160 cc');
  const descricao = `CG E2E ${sufixoUnico()}`;
  await page.getByRole('textbox', { name: 'Descrição' }).fill(descricao);
  await page.setViewportSize({ width: 390, height: 844 });
  await semRolagemLateral(page, 390);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`), { timeout: CARGA });
  const linha = linhaCom(page, 'Integrações', 'Autoscar');
  await expect(linha.getByText('Publicado', { exact: true })).toBeVisible();
  const anuncio = (await anunciosAutoscar(page)).find((a) => a.description === descricao);
  expect(anuncio).toMatchObject({ motor: '160 CC', marches: 5, status: '1' });
  expect(anuncio).not.toHaveProperty('ports');

  await excluirAnuncio(page, linha, 'Autoscar');
  await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
});
