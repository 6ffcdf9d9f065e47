import { expect, test } from '@playwright/test';
import { CONTAS, entrar } from '../ajuda/painel.ts';

test.describe('Veículos FIPE Manual (spec 2 §2, §5, §7, §8)', () => {
  test('include through the cascading selects, see it in the list and in the price lookup, delete with confirmation', async ({ page }) => {
    const versao = `Drive 1.0 E2E ${Date.now().toString(36)}`;
    await entrar(page, CONTAS.admin);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/fipe/listar');
    await expect(page.getByRole('heading', { name: 'Veículos FIPE Manual' })).toBeVisible();
    for (const cabecalho of ['Tipo', 'Marca', 'Modelo', 'Versão', 'Ano modelo', 'Manutenção']) {
      await expect(page.getByRole('columnheader', { name: cabecalho, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Novo Veículo' }).click();
    await expect(page).toHaveURL(/\/fipe\/incluir$/);

    await page.getByRole('button', { name: 'Gravar' }).click();
    await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(5);

    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Carro' }).click();
    const marca = page.getByRole('combobox', { name: 'Marca' });
    await marca.click();
    await marca.fill('Fi');
    await page.getByRole('option', { name: 'Fiat', exact: true }).click();
    await expect(marca).toHaveValue('Fiat');
    const modelo = page.getByRole('combobox', { name: 'Modelo', exact: false }).first();
    await modelo.click();
    await modelo.fill('Ar');
    await page.getByRole('option', { name: 'Argo', exact: true }).click();
    await expect(modelo).toHaveValue('Argo');
    await page.getByLabel('Versão').fill(`  ${versao}  `);
    await page.getByLabel('Ano modelo').fill(' 2026 ');
    await page.getByRole('button', { name: 'Gravar' }).click();
    await expect(page.getByText('Veículo incluído com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/fipe\/listar$/);
    const linha = page.getByRole('row', { name: `Carro Fiat Argo ${versao} 2026` });
    await expect(linha).toBeVisible();

    // The manual entry joins the price lookup of its type (the vehicle form's suggestions).
    const versoes = await page.request.get('/api/fipe/1/marcas/21/modelos/argo/anos/2026/versoes');
    expect(versoes.ok()).toBe(true);
    const lista = (await versoes.json()).data as { nome: string; manual: boolean; preco: string | null }[];
    expect(lista.find((v) => v.nome === versao)).toMatchObject({ manual: true, preco: null });
    expect(lista.some((v) => !v.manual && v.preco !== null)).toBe(true);

    await linha.getByRole('button', { name: 'Excluir' }).click();
    const dialogo = page.getByRole('dialog');
    await expect(dialogo).toContainText(`Deseja excluir este veículo (Fiat Argo ${versao}) permanentemente?`);
    await dialogo.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Veículo excluído com sucesso!')).toBeVisible();
    await expect(page.getByRole('row', { name: `Carro Fiat Argo ${versao} 2026` })).toHaveCount(0);
  });

  test('a failed include stays on the form with "Erro ao incluir veículo!"', async ({ page }) => {
    const versao = `Duplicado E2E ${Date.now().toString(36)}`;
    await entrar(page, CONTAS.admin);
    await expect(page).toHaveURL(/\/home$/);
    for (let vez = 0; vez < 2; vez++) {
      await page.goto('/fipe/incluir');
      await page.getByRole('combobox', { name: 'Tipo' }).click();
      await page.getByRole('option', { name: 'Outros' }).click();
      await page.getByRole('combobox', { name: 'Marca' }).fill('Agrale');
      await page.getByRole('combobox', { name: 'Modelo' }).first().fill('Marruá');
      await page.getByLabel('Versão').fill(versao);
      await page.getByLabel('Ano modelo').fill('2024');
      await page.getByRole('button', { name: 'Gravar' }).click();
      if (vez === 0) await expect(page).toHaveURL(/\/fipe\/listar$/);
    }
    await expect(page.getByText('Erro ao incluir veículo!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/fipe\/incluir$/);
    await expect(page.getByLabel('Versão')).toHaveValue(versao);

    await page.goto('/fipe/listar');
    const linha = page.getByRole('row', { name: `Outros Agrale Marruá ${versao} 2024` });
    await linha.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Veículo excluído com sucesso!')).toBeVisible();
  });

  test('a gestor is sent to access denied; the spec calls refuse it too', async ({ page }) => {
    await entrar(page, CONTAS.gestorA);
    await expect(page).toHaveURL(/\/painel\/dashboard$/);
    await page.goto('/fipe/incluir');
    await expect(page).toHaveURL(/\/acesso-negado$/);
    const csrf = (await (await page.request.get('/api/auth/sessao')).json()).data.csrf as string;
    const r = await page.request.post('/fipe-manual/listar', { data: { api_key: 'qualquer' }, headers: { 'x-csrf-token': csrf } });
    expect(r.status()).toBe(403);
    expect(await r.json()).toEqual({ status: 'error', data: 'Seu usuário não tem acesso autorizado na página solicitada!' });
  });
});
