import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { violacoesAxe } from '../ajuda/axe.ts';
import { criarRevendaComGestor, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { conectarOAuth, configurarIntegracao, configurarRedes, copiarCarroDemo, semRolagemLateral } from '../ajuda/publicacao.ts';
import { abrirTela, entrarComo, type IdsDemo, idsDemo, rolaDeLado, TELAS_E2E, TELAS_PUBLICACAO_E2E, VIEWPORTS } from '../ajuda/telas.ts';

// Zero axe-core violations (WCAG 2.1 AA) on every screen of `TELAS_E2E`, at both widths, and in the open states
// (menu open, validation errors, a toast, a modal). New screens join by being added to `TELAS_E2E`.

let ids: IdsDemo;
test.beforeAll(async () => {
  ids = await idsDemo();
});

/** Runs axe and fails with the list of violations, named by screen or state. */
async function semViolacoes(page: Page, onde: string, achados: string[]) {
  for (const v of await violacoesAxe(page)) achados.push(`${onde}: ${v}`);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.nome}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // One signed-in page per role, shared by that role's screens (one test per screen, named in the report).
    for (const papel of ['admin', 'gestor'] as const) {
      test.describe(`${papel} screens`, () => {
        let contexto: BrowserContext;
        let page: Page;
        test.beforeAll(async ({ browser }) => {
          contexto = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: 'pt-BR' });
          page = await contexto.newPage();
          await entrarComo(page, papel);
        });
        test.afterAll(async () => contexto.close());

        for (const tela of TELAS_E2E.filter((t) => t.papeis.includes(papel))) {
          test(tela.nome, async () => {
            await abrirTela(page, tela.caminho(ids));
            const achados: string[] = [];
            await semViolacoes(page, tela.nome, achados);
            if (await rolaDeLado(page)) achados.push(`${tela.nome}: rola de lado`);
            expect(achados).toEqual([]);
          });
        }
      });
    }

    test('public screens: sign-in (with errors shown) and password reset', async ({ page }) => {
      const achados: string[] = [];
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Acesso ao painel' })).toBeVisible();
      await semViolacoes(page, 'login', achados);
      await page.getByRole('button', { name: 'Acessar' }).click();
      await expect(page.getByText('Preenchimento obrigatório').first()).toBeVisible();
      await semViolacoes(page, 'login com erros', achados);
      await page.getByLabel('E-mail').fill('ninguem@e2e.test');
      await page.getByLabel(/^Senha/).fill('errada');
      await page.getByRole('button', { name: 'Acessar' }).click();
      await expect(page.getByText('E-mail e/ou senha inválidos.')).toBeVisible();
      await semViolacoes(page, 'login recusado', achados);
      await page.goto('/redefinir-senha/token-que-nao-existe');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await semViolacoes(page, 'redefinir senha', achados);
      expect(achados).toEqual([]);
    });

    test('open states: navigation menu, row menu, modal, toast, validation errors', async ({ page }) => {
      test.setTimeout(120_000);
      const achados: string[] = [];
      const nome = `Axe ${sufixoUnico()}`;
      const revenda = await criarRevendaComGestor(nome);
      try {
        await entrarComo(page, 'admin');
        const burger = page.getByRole('button', { name: 'Abrir menu' });
        if (await burger.isVisible()) {
          await burger.click();
          await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByText('Opcionais')).toBeInViewport();
          await semViolacoes(page, 'menu aberto', achados);
          await page.getByRole('button', { name: 'Fechar menu' }).click();
        }

        await abrirTela(page, '/revenda/listar');
        await linhaCom(page, 'Revendas', nome)
          .getByRole('button', { name: /^Manutenção/ })
          .click();
        await expect(page.getByRole('menuitem', { name: 'Bloquear acesso dos usuários' })).toBeVisible();
        await semViolacoes(page, 'menu Manutenção aberto', achados);
        await page.getByRole('menuitem', { name: 'Bloquear acesso dos usuários' }).click();
        const dialogo = page.getByRole('dialog');
        await expect(dialogo).toBeVisible();
        await semViolacoes(page, 'modal de confirmação', achados);
        await dialogo.getByRole('button', { name: 'Confirmar' }).click();
        await expect(page.getByText('Acesso dos usuários bloqueado.')).toBeVisible();
        await semViolacoes(page, 'toast', achados);

        const erros = [
          { onde: 'incluir revenda', caminho: '/revenda/incluir' },
          { onde: 'incluir usuário', caminho: `/revenda/${ids.idRevenda}/usuarios/incluir` },
          { onde: 'configurar Webmotors', caminho: `/revenda/${ids.idRevenda}/configurar-webmotors` },
          { onde: 'incluir opcional', caminho: '/opcionais/incluir' },
          { onde: 'incluir FIPE', caminho: '/fipe/incluir' },
          { onde: 'incluir veículo', caminho: `/revenda/${ids.idRevenda}/veiculos/incluir` },
        ];
        for (const { onde, caminho } of erros) {
          await abrirTela(page, caminho);
          await page.getByRole('button', { name: 'Gravar' }).click();
          await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
          // On an invalid submit the focus goes to the first invalid field.
          await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
          await semViolacoes(page, `${onde} com erros`, achados);
        }
      } finally {
        await revenda.remover();
      }
      expect(achados).toEqual([]);
    });
  });
}

// The per-vehicle publishing screens: one reseller with every channel configured and one car, prepared once; each
// screen is loaded once (some ask the channel's sandbox for a dozen lists) and checked at both widths, then after
// Enviar (with writes cut off, so nothing reaches the channel): the required-fields alert or the send error.
test.describe('publishing screens', () => {
  let contexto: BrowserContext;
  let page: Page;
  let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
  let base = '';
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(60_000);
    revenda = await criarRevendaComGestor(`Axe Publicação ${sufixoUnico()}`);
    const idVeiculo = await copiarCarroDemo(revenda.idRevenda);
    base = `/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/integracao`;
    contexto = await browser.newContext({ locale: 'pt-BR' });
    page = await contexto.newPage();
    // The admin configures every channel (Autoscar and Olx are admin-only, spec 1 §6).
    await entrarComo(page, 'admin');
    const id = revenda.idRevenda;
    await configurarIntegracao(page, id, 'webmotors', { cnpj: '12345678000195', email_webmotors: 'loja@e2e.test', senha_webmotors: 's' });
    await configurarIntegracao(page, id, 'autoscar', { id_autoscar: '123' });
    await configurarIntegracao(page, id, 'autoline', { email_autoline: 'loja@e2e.test', senha_autoline: 's' });
    await conectarOAuth(page, id, 'olx');
    await conectarOAuth(page, id, 'mercadolivre');
    await configurarRedes(page, id);
  });
  test.afterAll(async () => {
    await contexto?.close();
    await revenda?.remover();
  });

  for (const tela of TELAS_PUBLICACAO_E2E) {
    test(tela.nome, async () => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(`${base}/${tela.caminho}`);
      await expect(page.getByRole('heading', { level: 1, name: tela.nome })).toBeVisible();
      // The form replaces the loader once the draft (and the channel's lists) arrived.
      await expect(page.getByRole('form', { name: tela.nome })).toBeVisible({ timeout: 30_000 });
      const achados: string[] = [];
      for (const { nome, width, height } of VIEWPORTS) {
        await page.setViewportSize({ width, height });
        await semRolagemLateral(page, width);
        await semViolacoes(page, `${tela.nome} a ${nome}`, achados);
      }
      await page.route('**/api/**', (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
      try {
        await page.getByRole('button', { name: 'Enviar' }).click();
        await expect(page.getByRole('alert').first()).toBeVisible();
        await semViolacoes(page, `${tela.nome} depois de Enviar`, achados);
      } finally {
        await page.unroute('**/api/**');
      }
      expect(achados).toEqual([]);
    });
  }
});
