import { expect, test } from '@playwright/test';
import { criarRevendaComGestor, escolherOpcao, linhaCom, PNG_1X1, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, comBanco, entrar, idRevendaPorNome } from '../ajuda/painel.ts';

const OBRIGATORIO = 'Preenchimento obrigatório';

test.describe('reseller lists (spec 1 §2)', () => {
  test('admin sees the paid-plan list with the count, and the basic-plan list with Motos Básico', async ({ page }) => {
    const pagos = () =>
      comBanco(async (c) => Number((await c.query(`select count(*) from revendas where plano <> 'basico'`)).rows[0].count));
    await entrar(page, CONTAS.admin);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/revenda/listar');
    const titulo = page.getByRole('heading', { level: 1, name: /^Revendas \(\d+\)$/ });
    await expect(titulo).toBeVisible();
    // The other line of specs adds resellers meanwhile: the live count follows the database.
    await expect.poll(async () => Number(/\d+/.exec((await titulo.textContent()) ?? '')?.[0]) - (await pagos())).toBe(0);
    const demo = linhaCom(page, 'Revendas', 'Auto Demo Veículos');
    await expect(demo).toBeVisible();
    await expect(demo).toContainText('R$ 1.490,00');
    await expect(demo).toContainText('São Paulo-SP');
    await expect(demo.getByRole('img', { name: 'Status: Verde' })).toBeVisible();
    await expect(linhaCom(page, 'Revendas', 'Motos Básico')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Nova revenda' })).toHaveAttribute('href', '/revenda/incluir');

    await demo.getByRole('button', { name: /^Manutenção/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Banners', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Revenda free').click();
    await expect(page).toHaveURL(/\/revenda-free\/listar$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Revendas - Plano Básico \(\d+\)$/ })).toBeVisible();
    const motos = linhaCom(page, 'Revendas - Plano Básico', 'Motos Básico');
    await expect(motos).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Logo' })).toHaveCount(0);
    await motos.getByRole('button', { name: /^Manutenção/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Usuários', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Banners', exact: true })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Vendidos', exact: true })).toHaveCount(0);
  });
});

test('admin includes a reseller (validation first, logo upload), changes it and deletes it with its users', async ({ page }) => {
  test.setTimeout(90_000);
  const sufixo = sufixoUnico();
  const loja = `Loja E2E ${sufixo}`;
  const emailUsuario = `usuario-${sufixo}@e2e.test`;
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/revenda/incluir');
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir revenda' })).toBeVisible();

  // Validation: the four required fields, and nothing is sent.
  let enviados = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/revendas') enviados += 1;
  });
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText(OBRIGATORIO)).toHaveCount(4);
  expect(enviados).toBe(0);

  await page.getByLabel('Nome do responsável').fill('Joana Prado');
  await page.getByLabel('Nome da loja').fill(loja);
  await page.getByLabel('E-mail').fill('email-invalido');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('E-mail inválido')).toBeVisible();
  await page.getByLabel('E-mail').fill(`contato-${sufixo}@e2e.test`);
  await page.getByLabel('Telefone 1').pressSequentially('11987654321');
  await expect(page.getByLabel('Telefone 1')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await page.getByLabel('Cidade').fill('Campinas');
  await escolherOpcao(page, /^UF/, 'SP');
  await escolherOpcao(page, /^Plano/, 'Loja familiar');
  await page.getByLabel('Mensalidade').fill('1234,56');
  await page.getByLabel('Dia de vencimento').fill('12');
  await expect(page.getByLabel('Mensalidade')).toHaveValue('R$ 1.234,56');

  // Logo: the bar "Carregando imagem..." shows and Gravar waits until the file is stored.
  await page.route('**/api/arquivos/logotipo', async (rota) => {
    await new Promise((r) => setTimeout(r, 1500));
    await rota.continue();
  });
  const seletor = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Enviar logotipo' }).click();
  await (await seletor).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Carregando imagem...')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Carregando imagem...' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gravar' })).toBeDisabled();
  await expect(page.getByRole('img', { name: 'Logotipo da revenda' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Carregando imagem...')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gravar' })).toBeEnabled();
  await page.unroute('**/api/arquivos/logotipo');

  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Revenda gravada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/revenda\/listar$/);
  const linha = linhaCom(page, 'Revendas', loja);
  await expect(linha).toBeVisible();
  await expect(linha).toContainText('R$ 1.234,56');
  await expect(linha).toContainText('Campinas-SP');
  await expect(linha.getByRole('img', { name: `Logotipo de ${loja}` })).toBeVisible();
  const idRevenda = await idRevendaPorNome(loja);
  expect(idRevenda).toBeTruthy();
  const salvo = await comBanco(async (c) => (await c.query('select * from revendas where id = $1', [idRevenda])).rows[0]);
  expect(salvo).toMatchObject({ plano: 'familiar', pevalormensalidade: '1234.56', pedatavencimento: 12, petelefone1: '(11) 98765-4321' });
  expect(salvo.logotipo).toMatch(/logos-novos-clientes\//);

  // A user of the new reseller, created by the admin through Manutenção → Usuários.
  await linha.getByRole('button', { name: /^Manutenção/ }).click();
  await page.getByRole('menuitem', { name: 'Usuários', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/usuarios/listar$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários (0)' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo usuário' }).click();
  await page.getByLabel(/^Nome/).fill('Usuário da Loja');
  await page.getByLabel('E-mail').fill(emailUsuario);
  await page.getByLabel(/^Senha/).fill('Loja#2026e2e');
  await page.getByLabel('Confirmação da senha').fill('Loja#2026e2e');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Usuário gravado com sucesso!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários (1)' })).toBeVisible();

  // Change.
  await page.goto('/revenda/listar');
  await linhaCom(page, 'Revendas', loja)
    .getByRole('button', { name: /^Manutenção/ })
    .click();
  await page.getByRole('menuitem', { name: 'Alterar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar revenda' })).toBeVisible();
  await expect(page.getByLabel('Nome da loja')).toHaveValue(loja);
  await expect(page.getByLabel('Mensalidade')).toHaveValue('R$ 1.234,56');
  await expect(page.getByRole('img', { name: 'Logotipo da revenda' })).toBeVisible();
  await page.getByLabel('Nome da loja').fill(`${loja} Alterada`);
  await page.getByLabel('Observações do administrador').fill('Cliente de teste');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Revenda gravada com sucesso!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/revenda\/listar$/);
  const alterada = linhaCom(page, 'Revendas', `${loja} Alterada`);
  await expect(alterada).toContainText('Cliente de teste');

  // Delete, with the confirmation; the reseller's users go with it.
  await alterada.getByRole('button', { name: /^Manutenção/ }).click();
  await page.getByRole('menuitem', { name: 'Excluir', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Excluir revenda' })).toBeVisible();
  for (const texto of ['Joana Prado', `${loja} Alterada`, `contato-${sufixo}@e2e.test`, '(11) 98765-4321'])
    await expect(page.getByRole('main').getByText(texto, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/revenda/listar');
  await page.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Revenda removida com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/revenda\/listar$/);
  await expect(linhaCom(page, 'Revendas', loja)).toHaveCount(0);
  const restantes = await comBanco(async (c) => ({
    revendas: (await c.query('select 1 from revendas where id = $1', [idRevenda])).rowCount,
    usuarios: (await c.query('select 1 from usuarios where email = $1 or revenda_id = $2', [emailUsuario, idRevenda])).rowCount,
  }));
  expect(restantes).toEqual({ revendas: 0, usuarios: 0 });
});

test("blocking a reseller's users signs its gestor out on the next navigation; unblocking lets it back in", async ({ browser }) => {
  test.setTimeout(90_000);
  const loja = `Bloqueio E2E ${sufixoUnico()}`;
  const revenda = await criarRevendaComGestor(loja);
  const admin = await browser.newContext();
  const gestor = await browser.newContext();
  try {
    const pg = await gestor.newPage();
    await entrar(pg, revenda.email);
    await expect(pg).toHaveURL(/\/painel\/dashboard$/);

    const pa = await admin.newPage();
    await entrar(pa, CONTAS.admin);
    await expect(pa).toHaveURL(/\/home$/);
    await pa.goto('/revenda/listar');
    const linha = linhaCom(pa, 'Revendas', loja);
    await linha.getByRole('button', { name: /^Manutenção/ }).click();
    await expect(pa.getByRole('menuitem', { name: 'Liberar acesso dos usuários', exact: true })).toHaveCount(0);
    await pa.getByRole('menuitem', { name: 'Bloquear acesso dos usuários', exact: true }).click();
    const dialogo = pa.getByRole('dialog');
    await expect(dialogo).toContainText(`Bloquear o acesso ao app de todos os usuários da revenda ${loja}?`);
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await expect(pa.getByText('Acesso dos usuários bloqueado.')).toBeVisible();
    await expect(linha).toContainText('Usuários bloqueados');
    expect((await comBanco((c) => c.query('select ativo from usuarios where email = $1', [revenda.email]))).rows[0].ativo).toBe(0);

    // The gestor is signed out: at once by the live events, at the latest on its next navigation.
    await pg.goto(`/revenda/${revenda.idRevenda}/usuarios/listar`);
    await expect(pg).toHaveURL(/\/login$/);
    expect(await pg.evaluate(() => localStorage.getItem('usuarioLogado'))).toBeNull();
    await entrar(pg, revenda.email);
    await expect(pg.getByText('E-mail e/ou senha inválidos.')).toBeVisible();

    // Unblock; and the site block.
    await linha.getByRole('button', { name: /^Manutenção/ }).click();
    await pa.getByRole('menuitem', { name: 'Liberar acesso dos usuários', exact: true }).click();
    await pa.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(pa.getByText('Acesso dos usuários liberado.')).toBeVisible();
    await expect(linha).not.toContainText('Usuários bloqueados');
    await linha.getByRole('button', { name: /^Manutenção/ }).click();
    await pa.getByRole('menuitem', { name: 'Bloquear site', exact: true }).click();
    await pa.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(pa.getByText('Site bloqueado.')).toBeVisible();
    await expect(linha).toContainText('Site bloqueado');
    expect((await comBanco((c) => c.query('select ativo from revendas where id = $1', [revenda.idRevenda]))).rows[0].ativo).toBe(0);

    await entrar(pg, revenda.email);
    await expect(pg).toHaveURL(/\/painel\/dashboard$/);
  } finally {
    await admin.close();
    await gestor.close();
    await revenda.remover();
  }
});

test('a gestor changes its own reseller: commercial fields are read-only, it returns to its dashboard', async ({ page }) => {
  const idRevenda = await idRevendaPorNome('Auto Demo Veículos');
  const horario = `08h às 18h (${sufixoUnico()})`;
  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await page.goto(`/revenda/${idRevenda}/alterar`);
  await expect(page.getByLabel('Nome da loja')).toHaveValue('Auto Demo Veículos');
  await expect(page.getByRole('combobox', { name: /^Plano/ })).toBeDisabled();
  await expect(page.getByLabel('Mensalidade')).toBeDisabled();
  await expect(page.getByLabel('Observações do administrador')).toHaveCount(0);
  await page.getByLabel('Horário de sábado').fill(horario);
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Revenda gravada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  const salvo = await comBanco(
    async (c) => (await c.query('select horario_sab, plano, pevalormensalidade from revendas where id = $1', [idRevenda])).rows[0],
  );
  expect(salvo).toEqual({ horario_sab: horario, plano: 'concessionaria', pevalormensalidade: '1490.00' });
});
