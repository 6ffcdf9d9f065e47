import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { semViolacoes } from '../ajuda/axe.ts';
import { criarRevendaComGestor, sufixoUnico } from '../ajuda/cadastros.ts';
import {
  conectarOAuth,
  configurarIntegracao,
  configurarRedes,
  copiarVeiculoDemo,
  publicarPelaApi,
  semRolagemLateral,
} from '../ajuda/publicacao.ts';
import { entrarComo, TELAS_PUBLICACAO_E2E, VIEWPORTS } from '../ajuda/telas.ts';

// Zero axe-core violations (WCAG 2.1 AA) on the per-vehicle publishing screens (`TELAS_PUBLICACAO_E2E`): one reseller
// with every channel configured, a car and a motorcycle, and the adverts the change screens open, prepared once; each
// screen is loaded once (some ask the channel's sandbox for a dozen lists) and checked at both widths, then after
// Enviar (with writes cut off, so nothing reaches the channel): the required-fields alert or the send error.

let contexto: BrowserContext;
let page: Page;
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
const base = { carro: '', moto: '' };
/** The adverts of the change screens, by channel and vehicle type (`{anuncio}` in their caminho). */
const anuncios: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  revenda = await criarRevendaComGestor(`Axe Publicação ${sufixoUnico()}`);
  const id = revenda.idRevenda;
  const carro = await copiarVeiculoDemo(id, 'carro', 'Argo');
  const moto = await copiarVeiculoDemo(id, 'moto', 'CG 160');
  base.carro = `/revenda/${id}/veiculos/${carro}/integracao`;
  base.moto = `/revenda/${id}/veiculos/${moto}/integracao`;
  contexto = await browser.newContext({ locale: 'pt-BR' });
  page = await contexto.newPage();
  // The admin configures every channel (Autoscar and Olx are admin-only, spec 1 §6).
  await entrarComo(page, 'admin');
  await configurarIntegracao(page, id, 'webmotors', { cnpj: '12345678000195', email_webmotors: 'loja@e2e.test', senha_webmotors: 's' });
  await configurarIntegracao(page, id, 'autoscar', { id_autoscar: '123' });
  await configurarIntegracao(page, id, 'autoline', { email_autoline: 'loja@e2e.test', senha_autoline: 's' });
  await conectarOAuth(page, id, 'olx');
  await conectarOAuth(page, id, 'mercadolivre');
  await configurarRedes(page, id);

  // The adverts, sent through the API as the include screens would (the draft plus what the user chooses).
  type Lista = { id: string; tipoAnuncio?: string }[];
  anuncios['webmotors/carro'] = await publicarPelaApi(page, 'webmotors', carro, (d) => ({
    ...d.veiculoPost,
    CodigoModalidade: (d.retModalidade as Lista).find((m) => m.tipoAnuncio === d.veiculoPost.TipoAnuncio)?.id,
  }));
  const local = { city: 'BELO HORIZONTE', state: 'MG' };
  anuncios['autoscar/carro'] = await publicarPelaApi(page, 'autoscar', carro, (d) => ({ ...d.veiculoPost, ...local }));
  anuncios['autoscar/moto'] = await publicarPelaApi(page, 'autoscar', moto, ({ veiculoPost: { ports: _, ...post }, ...d }) => ({
    ...post,
    ...local,
    bodyStyle: post.bodyStyle || (d.retTipoVeiculo as Lista)[0]?.id,
    matchType: (d.retTipoPartida as Lista)[0]?.id,
    coolingType: (d.retTipoRefrigeracao as Lista)[0]?.id,
    marches: 5,
    motor: '160',
  }));
});
test.afterAll(async () => {
  await contexto?.close();
  await revenda?.remover();
});

for (const tela of TELAS_PUBLICACAO_E2E) {
  test(tela.nome, async () => {
    test.setTimeout(90_000);
    const canal = tela.caminho.split('/')[0];
    const caminho = tela.caminho.replace('{anuncio}', anuncios[`${canal}/${tela.veiculo}`] ?? '');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${base[tela.veiculo]}/${caminho}`);
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
