import { expect, type Page, test } from '@playwright/test';
import { CONTAS, comBanco, entrar } from '../ajuda/painel.ts';

/** The two shared catalogues of spec 2 §2: same screens, their own names and messages. */
const CATALOGOS = [
  {
    base: '/opcionais',
    tabela: 'opcionais',
    titulo: 'Opcionais',
    novo: 'Novo opcional',
    pergunta: 'Deseja remover este opcional?',
    incluido: 'Opcional incluído com sucesso!',
    alterado: 'Opcional alterado com sucesso!',
    removido: 'Opcional removido com sucesso!',
  },
  {
    base: '/locais-anuncio',
    tabela: 'locais_anuncio',
    titulo: 'Locais de anúncio',
    novo: 'Novo local de anúncio',
    pergunta: 'Deseja remover este local de anúncio?',
    incluido: 'Local de anúncio incluído com sucesso!',
    alterado: 'Local de anúncio alterado com sucesso!',
    removido: 'Local de anúncio removido com sucesso!',
  },
] as const;

async function entrarComoAdmin(page: Page) {
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
}

/** Descriptions of this run's rows, in the order the list shows them. */
async function ordemNaLista(page: Page, titulo: string, sufixo: string) {
  const tabela = page.getByRole('table', { name: titulo });
  await expect(tabela).toBeVisible();
  const textos = await tabela.locator('tbody tr[aria-rowindex] td:first-child').allInnerTexts();
  return textos.map((t) => t.trim()).filter((t) => t.endsWith(sufixo));
}

for (const c of CATALOGOS) {
  test.describe(`${c.titulo} (spec 2 §2, §5, §8)`, () => {
    test('include with validation, list order, change and delete with the spec texts', async ({ page }) => {
      const sufixo = `e2e-${Date.now().toString(36)}`;
      const [zeta, alfa, beta] = [`Zeta ${sufixo}`, `Alfa ${sufixo}`, `Beta ${sufixo}`];
      await entrarComoAdmin(page);
      await page.goto(`${c.base}/listar`);
      await expect(page.getByRole('heading', { name: c.titulo, level: 1 })).toBeVisible();
      for (const cabecalho of ['Descrição', 'Ordenação', 'Manutenção']) {
        await expect(page.getByRole('columnheader', { name: cabecalho })).toBeVisible();
      }
      await page.getByRole('link', { name: c.novo }).click();
      await expect(page).toHaveURL(new RegExp(`${c.base}/incluir$`));

      await page.getByRole('button', { name: 'Gravar' }).click();
      await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(2);
      await page.getByLabel('Descrição').fill(zeta);
      await page.getByLabel('Ordenação').fill('cinco');
      await page.getByRole('button', { name: 'Gravar' }).click();
      await expect(page.getByText('Número inválido')).toBeVisible();
      await page.getByLabel('Ordenação').fill('5');
      await page.getByRole('button', { name: 'Gravar' }).click();
      await expect(page.getByText(c.incluido)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${c.base}/listar$`));

      for (const [descricao, ordem] of [
        [alfa, '5'],
        [beta, '9'],
      ] as const) {
        await page.goto(`${c.base}/incluir`);
        await page.getByLabel('Descrição').fill(descricao);
        await page.getByLabel('Ordenação').fill(ordem);
        await page.getByRole('button', { name: 'Gravar' }).click();
        await expect(page).toHaveURL(new RegExp(`${c.base}/listar$`));
      }
      // Ordenação descending, then Descrição ascending.
      await expect.poll(() => ordemNaLista(page, c.titulo, sufixo)).toEqual([beta, alfa, zeta]);

      await page.getByRole('link', { name: `Alterar ${zeta}` }).click();
      await expect(page.getByLabel('Descrição')).toHaveValue(zeta);
      await expect(page.getByLabel('Ordenação')).toHaveValue('5');
      await page.getByLabel('Ordenação').fill('10');
      await page.getByRole('button', { name: 'Gravar' }).click();
      await expect(page.getByText(c.alterado)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${c.base}/listar$`));
      await expect.poll(() => ordemNaLista(page, c.titulo, sufixo)).toEqual([zeta, beta, alfa]);

      await page.getByRole('link', { name: `Excluir ${alfa}` }).click();
      await expect(page.getByText(c.pergunta)).toBeVisible();
      await expect(page.getByRole('row', { name: `Descrição ${alfa}` })).toBeVisible();
      await expect(page.getByRole('row', { name: 'Ordenação 5' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Voltar' })).toBeVisible();
      await page.getByRole('button', { name: 'Remover' }).click();
      await expect(page.getByText(c.removido)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${c.base}/listar$`));
      await expect.poll(() => ordemNaLista(page, c.titulo, sufixo)).toEqual([zeta, beta]);
    });

    test('the list is live: a row written elsewhere shows up without reloading', async ({ page }) => {
      const descricao = `Ao vivo e2e-${Date.now().toString(36)}`;
      await entrarComoAdmin(page);
      await page.goto(`${c.base}/listar`);
      await expect(page.getByRole('table', { name: c.titulo })).toBeVisible();
      await page.evaluate(() => Object.assign(window, { marcadorSemRecarga: true }));
      await comBanco((db) => db.query(`insert into ${c.tabela} (descricao, ordenacao) values ($1, 1000000)`, [descricao]));
      await expect(page.getByRole('cell', { name: descricao, exact: true })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { marcadorSemRecarga?: boolean }).marcadorSemRecarga)).toBe(true);
      await comBanco((db) => db.query(`delete from ${c.tabela} where descricao = $1`, [descricao]));
      await expect(page.getByRole('cell', { name: descricao, exact: true })).toHaveCount(0);
    });
  });
}

test('a gestor is sent to access denied on the catalogues', async ({ page }) => {
  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  for (const caminho of ['/opcionais/listar', '/locais-anuncio/incluir']) {
    await page.goto(caminho);
    await expect(page).toHaveURL(/\/acesso-negado$/);
  }
});
