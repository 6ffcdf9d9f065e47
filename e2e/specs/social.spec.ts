import { expect, type Page, test } from '@playwright/test';
import { CONTAS, comBanco, entrar, idRevendaPorNome } from '../ajuda/painel.ts';

/**
 * Facebook and Instagram end to end (spec 1 §2, §4, §8): the screen opens the authorisation popup (the server's
 * sandbox dialog), the popup lands on /integracao/configurar-{canal}, picks the page / account, saves, alerts and
 * closes; the screen that opened it shows the result live.
 */
const REVENDA = 'Auto Demo Veículos';
let idRevenda = '';

const limparIntegracoes = () => comBanco((c) => c.query('delete from revenda_integracoes where revenda_id = $1', [idRevenda]));

test.beforeAll(async () => {
  idRevenda = await idRevendaPorNome(REVENDA);
});
test.beforeEach(limparIntegracoes);
test.afterAll(limparIntegracoes);

async function abrirTela(page: Page, canal: 'facebook' | 'instagram') {
  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await page.goto(`/revenda/${idRevenda}/configurar-${canal}`);
  await expect(page.getByTestId('status-integracao')).toHaveAttribute('data-status', 'naoConfigurado');
}

/** Clicks Autorizar acesso, chooses the demo account in the sandbox dialog and authorises; returns the popup. */
async function autorizar(page: Page, conta: string) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Autorizar acesso' }).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain('/sandbox/facebook/dialog/oauth');
  expect(popup.viewportSize()?.width ?? 430).toBeLessThanOrEqual(430);
  await popup.getByLabel('Conta').selectOption({ label: conta });
  await popup.getByRole('button', { name: 'Autorizar' }).click();
  return popup;
}

/** Collects the popup's dialogs (accepting them) so the final alert can be checked after the window closes. */
function registrarDialogos(popup: Page) {
  const mensagens: string[] = [];
  popup.on('dialog', (d) => {
    mensagens.push(d.message());
    void d.accept();
  });
  return mensagens;
}

test('Facebook: autoriza, escolhe a página, Gravar, alerta e fecha; a tela mostra a página e o status verde; cancelar acesso', async ({
  page,
}) => {
  await abrirTela(page, 'facebook');
  const popup = await autorizar(page, 'Loja Demo (2 páginas com Instagram)');
  await expect(popup).toHaveURL(/\/integracao\/configurar-facebook/);
  await expect(popup.getByRole('heading', { name: 'Configurar página do Facebook' })).toBeVisible();
  // No menu layout in the popup, and the token left the address bar.
  await expect(popup.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
  const select = popup.getByLabel('Página');
  await expect(select).toBeVisible();
  expect(popup.url()).not.toContain('access_token');

  await popup.getByRole('button', { name: 'Gravar' }).click();
  await expect(popup.getByText('Preenchimento obrigatório')).toBeVisible();
  await select.selectOption({ label: 'Auto Demo Seminovos' });
  const mensagens = registrarDialogos(popup);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Gravar' }).click()]);
  expect(mensagens).toEqual(['Facebook configurado com sucesso!']);

  await expect(page.getByTestId('nome-pagina')).toHaveText('Auto Demo Seminovos');
  await expect(page.getByTestId('id-pagina')).toHaveText('100000000000002');
  await expect(page.getByTestId('status-integracao')).toHaveAttribute('data-status', 'ativo');

  // Cancel access: declined confirmation does nothing; accepted → Inativo and Autorizar acesso again.
  page.once('dialog', (d) => {
    expect(d.type()).toBe('confirm');
    expect(d.message()).toBe('Confirma o cancelamento do acesso ao Facebook?');
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Cancelar acesso' }).click();
  await expect(page.getByRole('button', { name: 'Cancelar acesso' })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Cancelar acesso' }).click();
  await expect(page.getByTestId('status-integracao')).toHaveAttribute('data-status', 'inativo');
  await expect(page.getByRole('button', { name: 'Autorizar acesso' })).toBeVisible();
  await expect(page.getByTestId('nome-pagina')).toHaveCount(0);
});

test('Instagram: página com conta vinculada → Conta Instagram selecionada → Gravar', async ({ page }) => {
  await abrirTela(page, 'instagram');
  const popup = await autorizar(page, 'Loja Demo (2 páginas com Instagram)');
  await expect(popup.getByRole('heading', { name: 'Configurar conta do Instagram' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Gravar' })).toBeDisabled();
  await popup.getByLabel('Página do Facebook').selectOption({ label: 'Auto Demo Veículos' });
  await expect(popup.getByTestId('conta-instagram')).toContainText('Conta Instagram selecionada: autodemoveiculos (17841400000000001)');
  const mensagens = registrarDialogos(popup);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Gravar' }).click()]);
  expect(mensagens).toEqual(['Instagram configurado com sucesso!']);
  await expect(page.getByTestId('status-integracao')).toHaveAttribute('data-status', 'ativo');
  await expect(page.getByTestId('nome-pagina')).toHaveText('autodemoveiculos');
});

test('Instagram sem páginas: ID manual; ID errado mostra a mensagem, ID certo libera Gravar; cancelar acesso', async ({ page }) => {
  await abrirTela(page, 'instagram');
  const popup = await autorizar(page, 'Sem páginas');
  const campo = popup.getByLabel('ID da conta do Instagram');
  await expect(campo).toBeVisible();
  await expect(popup.getByLabel('Página do Facebook')).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Gravar' })).toBeDisabled();

  await campo.fill('12345');
  await popup.getByRole('button', { name: 'Verificar' }).click();
  await expect(popup.getByText('Conta do Instagram não encontrada ou acesso não permitido, utilize um ID válido.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Gravar' })).toBeDisabled();

  await campo.fill('17841400000000002');
  await popup.getByRole('button', { name: 'Verificar' }).click();
  await expect(popup.getByTestId('conta-instagram')).toContainText('autodemoseminovos (17841400000000002)');
  await expect(popup.getByRole('button', { name: 'Gravar' })).toBeEnabled();
  const mensagens = registrarDialogos(popup);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Gravar' }).click()]);
  expect(mensagens).toEqual(['Instagram configurado com sucesso!']);

  await expect(page.getByTestId('status-integracao')).toHaveAttribute('data-status', 'ativo');
  await expect(page.getByTestId('id-pagina')).toHaveText('17841400000000002');

  page.once('dialog', (d) => {
    expect(d.message()).toBe('Confirma o cancelamento do acesso ao Instagram?');
    void d.accept();
  });
  await page.getByRole('button', { name: 'Cancelar acesso' }).click();
  await expect(page.getByTestId('status-integracao')).toHaveAttribute('data-status', 'inativo');
});

test('Instagram, página sem conta vinculada: aviso e ID manual', async ({ page }) => {
  await abrirTela(page, 'instagram');
  const popup = await autorizar(page, 'Página sem Instagram');
  await popup.getByLabel('Página do Facebook').selectOption({ label: 'Loja Sem Instagram' });
  await expect(
    popup.getByText('Ocorreu um erro ao obter a conta do Instagram da página selecionada. Informe o ID do Instagram manualmente!'),
  ).toBeVisible();
  await expect(popup.getByLabel('ID da conta do Instagram')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Gravar' })).toBeDisabled();
  await popup.close();
});

test('autorização cancelada no diálogo: o popup explica e oferece Fechar', async ({ page }) => {
  await abrirTela(page, 'facebook');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Autorizar acesso' }).click()]);
  await popup.getByRole('button', { name: 'Cancelar' }).click();
  await expect(popup.getByText(/não foi autorizado/)).toBeVisible();
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Fechar' }).click()]);
  await expect(page.getByTestId('status-integracao')).toHaveAttribute('data-status', 'naoConfigurado');
});
