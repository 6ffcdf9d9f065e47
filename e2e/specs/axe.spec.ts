import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { semViolacoes } from '../ajuda/axe.ts';
import { abrirTela, entrarComo, type IdsDemo, idsDemo, rolaDeLado, TELAS_E2E, VIEWPORTS } from '../ajuda/telas.ts';

// Zero axe-core violations (WCAG 2.1 AA), no sideways scroll and Sair in view on every screen of `TELAS_E2E` (the
// demo reseller's data, so this file runs in the `demo` line), at both widths. New screens join by being added to
// `TELAS_E2E`. The open states are in axe-estados.spec.ts, the publishing screens in axe-publicacao.spec.ts.

const sair = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sair' });

let ids: IdsDemo;
test.beforeAll(async () => {
  ids = await idsDemo();
});

// One signed-in page per role, shared by that role's screens (one test per screen, named in the report). Each screen
// is loaded once, at the desktop width, and checked there and again after narrowing the window to the phone's.
for (const papel of ['admin', 'gestor'] as const) {
  test.describe(`${papel} screens`, () => {
    let contexto: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      contexto = await browser.newContext({ viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height }, locale: 'pt-BR' });
      page = await contexto.newPage();
      await entrarComo(page, papel);
    });
    test.afterAll(async () => contexto.close());

    for (const tela of TELAS_E2E.filter((t) => t.papeis.includes(papel))) {
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
