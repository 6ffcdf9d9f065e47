import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { violacoesAxe } from '../ajuda/axe.ts';
import { criarRevendaComGestor, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, entrar } from '../ajuda/painel.ts';
import { copiarCarroDemoComFotos } from '../ajuda/publicacao.ts';

/**
 * The site feed (issue 27 item 2): the admin turns it on in the reseller's data, copies the JSON address, and the
 * example page of docs/ (plain HTML + JavaScript), served from ANOTHER origin as a dealer's site would be, shows the
 * car with its photo — the feed's CORS and the renditions' Cross-Origin-Resource-Policy let that browser read both.
 * A new address retires the old one.
 */
const EXEMPLO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/feed-exemplo.html');
const NOME = `Feed E2E ${sufixoUnico()}`;
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
let site: Server;
let origemSite = '';

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(NOME);
  await copiarCarroDemoComFotos(revenda.idRevenda);
  // The dealer's site: another origin (another port) serving the example page as it is in docs/.
  const pagina = await readFile(EXEMPLO);
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pagina);
  });
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
  const endereco = site.address();
  origemSite = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
});
test.afterAll(async () => {
  await new Promise((ok) => site.close(ok));
  await revenda.remover();
});

test('feed do site: ativado nos dados da revenda, lido pela página de exemplo em outra origem com as fotos; novo endereço', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/revenda/${revenda.idRevenda}/alterar`);
  const bloco = page.getByRole('group', { name: 'Feed do site' });
  await expect(bloco.getByText('Ative o feed para ver os endereços.')).toBeVisible();
  // Controlled by the server's answer: checked once the change is saved.
  const chave = bloco.getByRole('switch', { name: 'Publicar o feed do site' });
  await chave.click();
  await expect(chave).toBeChecked();
  await expect(bloco.getByRole('status')).toHaveText('Feed do site atualizado.');
  const json = await bloco.getByRole('textbox', { name: 'Endereço JSON' }).inputValue();
  expect(json).toMatch(/\/feed\/[A-Za-z0-9_-]+\.json$/);
  await expect(bloco.getByRole('textbox', { name: 'Endereço XML' })).toHaveValue(json.replace(/\.json$/, '.xml'));
  for (const largura of [1366, 390]) {
    await page.setViewportSize({ width: largura, height: 844 });
    expect(await violacoesAxe(page)).toEqual([]);
  }

  // The dealer's site, on another origin: the car's card with its photo actually loaded.
  const exemplo = await page.context().newPage();
  await exemplo.goto(`${origemSite}/?feed=${encodeURIComponent(json)}`);
  await expect(exemplo.getByRole('heading', { level: 1 })).toHaveText(NOME);
  const cartoes = exemplo.locator('article.carro');
  await expect(cartoes).toHaveCount(1);
  await expect(cartoes.getByRole('heading', { level: 2 })).not.toBeEmpty();
  await expect(cartoes).toContainText('R$');
  const foto = cartoes.locator('img');
  expect(new URL((await foto.getAttribute('src')) ?? '').origin).not.toBe(origemSite);
  await expect.poll(() => foto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(exemplo.locator('#erro')).toBeEmpty();
  await exemplo.close();

  // A new address: the old one stops answering.
  await bloco.getByRole('button', { name: 'Gerar novo endereço' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Gerar novo endereço' }).click();
  await expect(bloco.getByRole('status')).toHaveText('Novo endereço gerado. O anterior não funciona mais.');
  await expect(bloco.getByRole('textbox', { name: 'Endereço JSON' })).not.toHaveValue(json);
  expect((await page.request.get(json)).status()).toBe(404);
  expect((await page.request.get(await bloco.getByRole('textbox', { name: 'Endereço JSON' }).inputValue())).status()).toBe(200);
});
