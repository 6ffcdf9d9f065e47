import { expect, test } from '@playwright/test';
import { criarRevendaComGestor, linhaCom, linkDeSenhaEnviado, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, comBanco, entrar } from '../ajuda/painel.ts';

// Issue 15 items 6 and 7: CPF / CNPJ masked and checked by their digits, stored as digits and shown formatted;
// "Esqueci minha senha" on the sign-in screen.

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('CPF/CNPJ of a reseller: masked while typing, refused by check digit, stored as digits, shown formatted', async ({ page }) => {
      test.setTimeout(90_000);
      const loja = `Doc E2E ${sufixoUnico()}`;
      const revenda = await criarRevendaComGestor(loja);
      try {
        await entrar(page, CONTAS.admin);
        await expect(page).toHaveURL(/\/home$/);
        await page.goto(`/revenda/${revenda.idRevenda}/alterar`);
        const campo = page.getByLabel('CPF/CNPJ');
        await campo.fill('');
        await campo.pressSequentially('52998224724');
        await expect(campo).toHaveValue('529.982.247-24');
        await page.getByRole('button', { name: 'Gravar' }).click();
        await expect(page.getByText('CPF inválido')).toBeVisible();
        await expect(campo).toBeFocused();

        await campo.fill('11.222.333/0001-80');
        await page.getByRole('button', { name: 'Gravar' }).click();
        await expect(page.getByText('CNPJ inválido')).toBeVisible();

        await campo.fill('11.222.333/0001-81');
        await page.getByRole('button', { name: 'Gravar' }).click();
        await expect(page.getByText('Revenda gravada com sucesso!')).toBeVisible();
        const guardado = await comBanco(
          async (c) => (await c.query('select pecpf_cnpj from revendas where id = $1', [revenda.idRevenda])).rows[0]?.pecpf_cnpj,
        );
        expect(guardado).toBe('11222333000181');
        await page.goto('/revenda/listar');
        await expect(linhaCom(page, 'Revendas', loja)).toContainText('11.222.333/0001-81');
      } finally {
        await revenda.remover();
      }
    });

    test('Webmotors CNPJ accepts the punctuated form and keeps the digits', async ({ page }) => {
      test.setTimeout(90_000);
      const revenda = await criarRevendaComGestor(`Webmotors Doc ${sufixoUnico()}`);
      try {
        await entrar(page, revenda.email);
        await expect(page).toHaveURL(/\/painel\/dashboard$/);
        await page.goto(`/revenda/${revenda.idRevenda}/configurar-webmotors`);
        await page.getByLabel('CNPJ').fill('11.222.333/0001-80');
        await page.getByLabel('E-mail de acesso').fill('loja@autodemo.test');
        await page.getByLabel(/^Senha/).fill('segredo');
        await page.getByRole('button', { name: 'Gravar' }).click();
        await expect(page.getByText('CNPJ inválido')).toBeVisible();
        await page.getByLabel('CNPJ').fill('11.222.333/0001-81');
        await page.getByRole('button', { name: 'Gravar' }).click();
        await expect(page).toHaveURL(new RegExp(`/revenda/${revenda.idRevenda}/integracao$`));
        const cnpj = await comBanco(
          async (c) =>
            (
              await c.query(`select config->>'cnpj' as cnpj from revenda_integracoes where revenda_id = $1 and canal = 'webmotors'`, [
                revenda.idRevenda,
              ])
            ).rows[0]?.cnpj,
        );
        expect(cnpj).toBe('11222333000181');
      } finally {
        await revenda.remover();
      }
    });
  });
}

test('Esqueci minha senha: same answer for anyone; an active gestor gets a link that sets a new password', async ({ page }) => {
  test.setTimeout(90_000);
  const revenda = await criarRevendaComGestor(`Senha E2E ${sufixoUnico()}`);
  const resposta = 'Se este e-mail pertencer a um usuário ativo do painel, enviaremos a ele um link para alterar a senha.';
  try {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Acessar' }).click();
    await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(2);
    await expect(page.getByLabel('E-mail')).toBeFocused();

    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText('Preenchimento obrigatório')).toBeVisible();
    await page.getByLabel('E-mail').fill(`ninguem-${sufixoUnico()}@e2e.test`);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByRole('status').filter({ hasText: resposta })).toBeVisible();

    await page.getByLabel('E-mail').fill(revenda.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByRole('status').filter({ hasText: resposta })).toBeVisible();
    const link = await linkDeSenhaEnviado(revenda.email);
    await page.goto(new URL(link).pathname);
    await page.getByLabel('Nova senha').fill('Outra#Senha2026');
    await page.getByLabel('Confirmação').fill('Outra#Senha2026');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha alterada com sucesso!', { exact: false })).toBeVisible();
    await entrar(page, revenda.email, 'Outra#Senha2026');
    await expect(page).toHaveURL(/\/painel\/dashboard$/);
  } finally {
    await revenda.remover();
  }
});
