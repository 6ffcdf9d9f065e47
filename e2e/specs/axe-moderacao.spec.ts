import { expect, type Page, test } from '@playwright/test';
import { semViolacoes } from '../ajuda/axe.ts';
import { CARRO_API, criarRevendaComGestor, escolherOpcao, linhaCom, sufixoUnico, trazerParaVista } from '../ajuda/cadastros.ts';
import { comBanco, entrar } from '../ajuda/painel.ts';
import { abrirTela, entrarComo, rolaDeLado, VIEWPORTS } from '../ajuda/telas.ts';

/**
 * Zero axe-core violations and no sideways scroll on the five moderation dashboards WITH entries in their queues
 * (issue 23 item 19: the green "Valida …" / "Validar" buttons and the channel blocks only exist then; the global axe
 * suite may find the queues empty). A reseller of its own with one configured channel, an included, a changed and a
 * removed vehicle, a banner and a sold item.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
let nomeRevenda: string;

const VEICULO = { ...CARRO_API, ve_versao: 'Axe 1.0' };

/** The gestor's API calls in its own signed-in page. */
async function chamarComoGestor(page: Page, metodo: string, url: string, corpo?: object) {
  return page.evaluate(
    async ([m, u, c]) => {
      const sessao = (await (await fetch('/api/auth/sessao')).json()) as { data: { csrf: string } };
      const r = await fetch(u as string, {
        method: m as string,
        headers: { ...(c ? { 'content-type': 'application/json' } : {}), 'x-csrf-token': sessao.data.csrf },
        body: c ? JSON.stringify(c) : undefined,
      });
      return (await r.json()) as { data: { id: string; versao: string } };
    },
    [metodo, url, corpo] as const,
  );
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  nomeRevenda = `Axe Moderação ${sufixoUnico()}`;
  revenda = await criarRevendaComGestor(nomeRevenda);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  const base = `/api/revendas/${revenda.idRevenda}/veiculos`;
  await chamarComoGestor(page, 'POST', base, VEICULO);
  const alterado = (await chamarComoGestor(page, 'POST', base, { ...VEICULO, ve_modelo: 'Toro' })).data.id;
  const v = (await chamarComoGestor(page, 'GET', `${base}/${alterado}`)).data;
  await chamarComoGestor(page, 'PUT', `${base}/${alterado}`, { ...VEICULO, ve_modelo: 'Toro', vecor: 'Preto', versao: v.versao });
  const removido = (await chamarComoGestor(page, 'POST', base, { ...VEICULO, ve_modelo: 'Uno' })).data.id;
  await chamarComoGestor(page, 'DELETE', `${base}/${removido}`);
  await ctx.close();
  await comBanco(async (c) => {
    await c.query(`insert into revenda_integracoes (revenda_id, canal, descricao, status) values ($1, 'webmotors', 'Webmotors', true)`, [
      revenda.idRevenda,
    ]);
    for (const [tabela, campo, chave] of [
      ['banners', 'peblocotextobanners', 'banner_id'],
      ['vendidos', 'peblocotextovendidos', 'vendido_id'],
    ] as const) {
      const { rows } = await c.query<{ id: string }>(
        `insert into ${tabela} (revenda_id, imagem, nome_revenda, ${campo}) values ($1, '[]'::jsonb, $2, 'Axe') returning id`,
        [revenda.idRevenda, nomeRevenda],
      );
      await c.query(`insert into moderacao (fila, revenda_id, ${chave}, revenda) values ($1, $2, $3, $4)`, [
        tabela,
        revenda.idRevenda,
        rows[0]?.id,
        nomeRevenda,
      ]);
    }
  });
});
test.afterAll(() => revenda.remover());

const FILAS = [
  ['incluidos', 'Lista de veículos incluídos', 'Fiat Argo Axe 1.0', 'Valida inclusão: Fiat Argo Axe 1.0'],
  ['alterados', 'Lista de veículos alterados', 'Fiat Toro Axe 1.0', 'Valida alteração: Fiat Toro Axe 1.0'],
  ['removidos', 'Lista de veículos removidos', 'Fiat Uno Axe 1.0', 'Valida remoção: Fiat Uno Axe 1.0'],
  ['banners', 'Lista de banners', 'Axe', 'Validar: Axe'],
  ['vendidos', 'Lista de vendidos', 'Axe', 'Validar: Axe'],
] as const;

test('as filas de moderação com entradas: sem violações de axe e sem rolagem lateral, a 1366 e a 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
  await entrarComo(page, 'admin');
  const achados: string[] = [];
  for (const [fila, painel, texto, validar] of FILAS) {
    await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
    await abrirTela(page, `/dashboard/${fila}`);
    await escolherOpcao(page, 'Revenda', nomeRevenda);
    const linha = linhaCom(page, painel, texto);
    for (const { nome, width, height } of VIEWPORTS) {
      await page.setViewportSize({ width, height });
      // The validation button is drawn (the contrast check needs it) and in view without scrolling sideways.
      await trazerParaVista(linha.getByRole('button', { name: validar }), `${fila} a ${nome}`);
      await semViolacoes(page, `${fila} a ${nome}`, achados);
      await expect.poll(() => rolaDeLado(page), { message: `${fila} a ${nome}: rola de lado`, timeout: 3_000 }).toBe(false);
    }
  }
  expect(achados).toEqual([]);
});
