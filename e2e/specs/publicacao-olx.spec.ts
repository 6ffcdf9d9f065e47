import { expect, test } from '@playwright/test';
import { escolherOpcao, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, entrar } from '../ajuda/painel.ts';
import { abrirVisualizacao, chamarApi, excluirAnuncio, revendaComCarroDemo, semRolagemNasLarguras } from '../ajuda/publicacao.ts';

/**
 * Publishing a vehicle to Olx end to end (spec 3 §2.4, §2.5, §3.5, §5; issue 13): "Incluir veículo Olx" with the draft
 * and the OLX catalogue, the spec's messages one per line, Enviar → the OLX import is asynchronous, so the vehicle
 * view shows the advert as pending (the sandbox received it with our id) → Excluir once OLX confirms it.
 * OLX is configured by an admin only (spec 1 §6), so the admin acts here.
 */
const dados = revendaComCarroDemo('Publicação Olx E2E');

test('Olx: carrega, valida, envia, a visualização mostra o anúncio pendente e depois publicado', async ({ page }) => {
  const { revenda, idVeiculo } = dados;
  test.setTimeout(180_000);
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  expect(await chamarApi(page, 'POST', '/api/integracao/olx/configurar', { id_revenda: revenda.idRevenda, code_olx: 'olx-e2e' })).toBe(200);

  const { visualizar, linha } = await abrirVisualizacao(page, revenda.idRevenda, idVeiculo, 'Olx');
  await linha.getByRole('link', { name: 'Incluir anúncio no Olx' }).click();
  await expect(page).toHaveURL(/\/integracao\/olx\/incluir$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir veículo Olx' })).toBeVisible();
  await expect(page.getByText('Dados Olx', { exact: true }).first()).toBeVisible();
  // The draft matched the OLX catalogue (brand → model → version preselected).
  await expect(page.getByRole('combobox', { name: 'Marca' })).not.toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Versão' })).not.toHaveValue('');

  // The spec's validation (§5): the messages, one per line, and nothing sent.
  await page.getByRole('textbox', { name: 'Título anúncio' }).fill('A');
  await page.getByRole('textbox', { name: 'CEP' }).fill('123');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const alerta = page.getByRole('alert').filter({ hasText: 'Campos obrigatórios não preenchidos!' });
  await expect(alerta).toBeVisible();
  await expect(alerta).toContainText("'Título anúncio' é obrigatório.");
  await expect(alerta).toContainText("'CEP' é obrigatório.");
  await expect(alerta).toContainText("'Direção' é obrigatório.");
  await expect(alerta).toContainText("'Status financeiro' é obrigatório.");

  await semRolagemNasLarguras(page);

  const titulo = `Argo revisado ${sufixoUnico()}`;
  await page.getByRole('textbox', { name: 'Título anúncio' }).fill(titulo);
  await page.getByRole('textbox', { name: 'CEP' }).fill('01310100');
  await page.getByRole('textbox', { name: 'Telefone' }).fill('11987654321');
  await escolherOpcao(page, 'Direção', 'Elétrica');
  await escolherOpcao(page, 'Status financeiro', 'Quitado');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(new RegExp(`${visualizar}$`));
  await expect(page.getByText(/aguardando a confirmação do canal/).first()).toBeVisible();
  await expect(linha.getByText('Pendente')).toBeVisible();
  const anuncios = (await (await page.request.get('/sandbox/olx/_anuncios')).json()) as { anuncios: { ad: { subject: string } }[] };
  expect(anuncios.anuncios.filter((a) => a.ad.subject === titulo)).toHaveLength(1);

  // The reconciliation job polls the OLX import until it is accepted (every minute; every 10 s on the e2e server,
  // RECONCILIAR_SEGUNDOS in scripts/test.sh); the view updates live.
  await expect(linha.getByText('Publicado', { exact: true })).toBeVisible({ timeout: 150_000 });
  await excluirAnuncio(page, linha, 'Olx');
  await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
  await expect(linha.getByText('Não publicado')).toBeVisible();
});
