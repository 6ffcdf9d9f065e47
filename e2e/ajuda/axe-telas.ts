import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { semViolacoes } from './axe.ts';
import { abrirTela, entrarComo, type IdsDemo, idsDemo, type Papel, rolaDeLado, TELAS_E2E, type TelaE2e, VIEWPORTS } from './telas.ts';

const sair = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sair' });

/**
 * Zero axe-core violations (WCAG 2.1 AA), no sideways scroll and Sair in view, at both widths, on the screens of
 * `TELAS_E2E` that `papel` opens and `escolher` picks: one test per screen (named in the report) on one signed-in page.
 * Each screen is loaded once, at the desktop width, and checked there and again after narrowing the window.
 */
export function testarTelas(papel: Papel, escolher: (tela: TelaE2e) => boolean) {
  test.describe(`${papel} screens`, () => {
    let ids: IdsDemo;
    let contexto: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      ids = await idsDemo();
      contexto = await browser.newContext({ viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height }, locale: 'pt-BR' });
      page = await contexto.newPage();
      await entrarComo(page, papel);
    });
    test.afterAll(async () => contexto.close());

    for (const tela of TELAS_E2E.filter((t) => t.papeis.includes(papel) && escolher(t))) {
      test(tela.nome, async () => {
        await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
        await abrirTela(page, tela.caminho(ids));
        const achados: string[] = [];
        for (const { nome, width, height } of VIEWPORTS) {
          await page.setViewportSize({ width, height });
          await semViolacoes(page, `${tela.nome} a ${nome}`, achados);
          // After a resize the shell's navigation animates its width away: a wide page gets a moment to settle.
          const rola = await expect
            .poll(() => rolaDeLado(page), { timeout: 3_000 })
            .toBe(false)
            .then(
              () => false,
              () => true,
            );
          if (rola) achados.push(`${tela.nome} a ${nome}: rola de lado`);
          // The shell keeps Sair in the header at every width (shell.spec.ts checks the rest of the shell).
          await expect(sair(page), `${tela.nome} a ${nome}: Sair`).toBeVisible();
        }
        expect(achados).toEqual([]);
      });
    }
  });
}
