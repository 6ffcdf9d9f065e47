import { expect, test } from '@playwright/test';
import { semViolacoes } from '../ajuda/axe.ts';
import { criarRevendaComGestor, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { abrirTela, entrarComo, VIEWPORTS } from '../ajuda/telas.ts';

// Zero axe-core violations (WCAG 2.1 AA) in the states a screen reaches by use, at both widths: the public screens
// (sign-in with its errors, password reset), the navigation menu, a list's row menus, a modal, a toast and the
// validation errors. This file creates its own reseller (the `proprias` line); the screens are in axe.spec.ts.

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.nome}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

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

    test('open states: navigation menu, row menus, modal, toast, validation errors', async ({ page }) => {
      test.setTimeout(120_000);
      const achados: string[] = [];
      const nome = `Axe ${sufixoUnico()}`;
      const revenda = await criarRevendaComGestor(nome);
      const r = `/revenda/${revenda.idRevenda}`;
      try {
        await entrarComo(page, 'admin');
        const burger = page.getByRole('button', { name: 'Abrir menu' });
        if (await burger.isVisible()) {
          await burger.click();
          await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByText('Opcionais')).toBeInViewport();
          await semViolacoes(page, 'menu aberto', achados);
          await page.getByRole('button', { name: 'Fechar menu' }).click();
        }

        // On a phone a list row's actions are one "Ações" menu (ui/MenuAcoes.tsx).
        if (viewport.width < 768) {
          await abrirTela(page, `${r}/usuarios/listar`);
          await linhaCom(page, 'Usuários', 'Gestor E2E').getByRole('button', { name: 'Ações: Gestor E2E' }).click();
          await expect(page.getByRole('menuitem', { name: 'Alterar' })).toBeVisible();
          await semViolacoes(page, 'menu Ações aberto', achados);
          await page.keyboard.press('Escape');
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
          { onde: 'incluir usuário', caminho: `${r}/usuarios/incluir` },
          { onde: 'configurar Webmotors', caminho: `${r}/configurar-webmotors` },
          { onde: 'incluir opcional', caminho: '/opcionais/incluir' },
          { onde: 'incluir FIPE', caminho: '/fipe/incluir' },
          { onde: 'incluir veículo', caminho: `${r}/veiculos/incluir` },
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
