import { expect, test } from '@playwright/test';
import { escolherOpcao, linhaCom, linkDeSenhaEnviado, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, comBanco, entrar, idRevendaPorNome } from '../ajuda/painel.ts';

test('a gestor manages its users: create (with the spec messages), edit with e-mail locked, reset link, delete', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const sufixo = sufixoUnico();
  const nome = `Vendedor E2E ${sufixo}`;
  const email = `vendedor-${sufixo}@autodemo.test`;
  const idRevenda = await idRevendaPorNome('Auto Demo Veículos');

  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Usuários', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/usuarios/listar$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Usuários \(\d+\)$/ })).toBeVisible();
  const gestor = linhaCom(page, 'Usuários', CONTAS.gestorA);
  await expect(gestor).toContainText('Gestor');
  await expect(linhaCom(page, 'Usuários', CONTAS.inativoA)).toContainText('Bloqueado');

  // Create: mismatch, weak password, e-mail already registered, then success.
  await page.getByRole('link', { name: 'Novo usuário' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Incluir usuário' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Perfil' })).toHaveValue('Usuário');
  await page.getByLabel(/^Nome/).fill(nome);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill('Carro#2026e2e');
  await page.getByLabel('Confirmação da senha').fill('Carro#2027e2e');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();

  await page.getByLabel(/^Senha/).fill('12345678');
  await page.getByLabel('Confirmação da senha').fill('12345678');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Esta senha é considerada fraca, tente novamente com uma senha mais segura.')).toBeVisible();

  await page.getByLabel('E-mail').fill(CONTAS.clienteA);
  await page.getByLabel(/^Senha/).fill('Carro#2026e2e');
  await page.getByLabel('Confirmação da senha').fill('Carro#2026e2e');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Esta conta de e-mail já está cadastrada no sistema.')).toBeVisible();

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Telefone 1').pressSequentially('11912345678');
  await expect(page.getByLabel('Telefone 1')).toHaveValue('(11) 91234-5678');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Usuário gravado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/usuarios/listar$`));
  const linha = linhaCom(page, 'Usuários', email);
  await expect(linha).toContainText(nome);
  await expect(linha).toContainText('Usuário');
  await expect(linha).toContainText('(11) 91234-5678');
  await expect(linha).toContainText('Ativo');

  // Edit: e-mail locked; becomes Gestor (so that it can sign in to the panel below).
  await linha.getByRole('link', { name: `Alterar ${nome}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar usuário' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('E-mail')).toBeDisabled();
  await page.getByLabel(/^Nome/).fill(`${nome} Alterado`);
  await escolherOpcao(page, 'Perfil', 'Gestor');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Usuário gravado com sucesso!').first()).toBeVisible();
  const alterado = linhaCom(page, 'Usuários', email);
  await expect(alterado).toContainText(`${nome} Alterado`);
  await expect(alterado).toContainText('Gestor');

  // Password-reset link.
  await alterado.getByRole('link', { name: /^Alterar/ }).click();
  await page.getByRole('button', { name: 'Enviar link para alteração de senha' }).click();
  await expect(page.getByText(`Link para alteração de senha enviado a ${email}`)).toBeVisible();
  const link = await linkDeSenhaEnviado(email);
  const caminho = new URL(link).pathname;
  expect(caminho).toMatch(/^\/redefinir-senha\/[\w-]{20,}$/);

  // The link opens without a session; the new password signs in.
  const visitante = await browser.newContext();
  try {
    const pv = await visitante.newPage();
    await pv.goto(caminho);
    await expect(pv.getByRole('heading', { name: 'Alteração de senha' })).toBeVisible();
    await expect(pv.getByText(email)).toBeVisible();
    await expect(pv.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
    await pv.getByLabel('Nova senha').fill('Nova#Senha2026');
    await pv.getByLabel('Confirmação').fill('Outra#Senha2026');
    await pv.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(pv.getByText('As senhas não coincidem')).toBeVisible();
    await pv.getByLabel('Confirmação').fill('Nova#Senha2026');
    await pv.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(pv.getByText('Senha alterada com sucesso! Entre com a nova senha.')).toBeVisible();
    await pv.getByRole('link', { name: 'Acessar o painel' }).click();
    await expect(pv).toHaveURL(/\/login$/);
    await entrar(pv, email, 'Nova#Senha2026');
    await expect(pv).toHaveURL(/\/painel\/dashboard$/);

    // The link works once.
    await pv.goto(caminho);
    await expect(pv.getByText('Este link para alteração de senha é inválido ou expirou. Peça um novo link.')).toBeVisible();
  } finally {
    await visitante.close();
  }

  // A gestor cannot remove itself.
  await page.goto(`/revenda/${idRevenda}/usuarios/listar`);
  await linhaCom(page, 'Usuários', CONTAS.gestorA)
    .getByRole('link', { name: /^Excluir/ })
    .click();
  await page.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Você não pode remover o seu próprio usuário.')).toBeVisible();

  // Delete, with the confirmation.
  await page.goto(`/revenda/${idRevenda}/usuarios/listar`);
  await linhaCom(page, 'Usuários', email)
    .getByRole('link', { name: /^Excluir/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Excluir usuário' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Usuário removido com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/usuarios/listar$`));
  await expect(linhaCom(page, 'Usuários', email)).toHaveCount(0);
  expect((await comBanco((c) => c.query('select 1 from usuarios where email = $1', [email]))).rowCount).toBe(0);
});

test('a gestor cannot open the users of another reseller', async ({ page }) => {
  const outra = await idRevendaPorNome('Motos Básico');
  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await page.goto(`/revenda/${outra}/usuarios/listar`);
  await expect(page).toHaveURL(/\/acesso-negado$/);
});
