import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { violacoesAxe } from '../ajuda/axe.ts';
import { criarRevendaComGestor, sufixoUnico } from '../ajuda/cadastros.ts';
import { entrar } from '../ajuda/painel.ts';
import { semRolagemLateral } from '../ajuda/publicacao.ts';

/**
 * Stock import (issue 27 item 1): the template downloaded from the screen, filled with 10 cars (the example row with
 * a plate and code of each), uploaded → mapping (pre-filled: the template's titles) → preview → confirm → the job's
 * report → 10 vehicles in the list. Keyboard for the steps; axe and no sideways scroll at 1366 and 390 px at each one.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Importação E2E ${sufixoUnico()}`);
});
test.afterAll(() => revenda.remover());

/** One CSV line's fields (quotes with doubled quotes inside, as spreadsheets write them). */
function campos(linha: string, sep: string): string[] {
  const saida: string[] = [];
  let atual = '';
  let aspas = false;
  for (let i = 0; i < linha.length; i++) {
    const c = linha[i];
    if (aspas) {
      if (c === '"' && linha[i + 1] === '"') {
        atual += '"';
        i++;
      } else if (c === '"') aspas = false;
      else atual += c;
    } else if (c === '"') aspas = true;
    else if (c === sep) {
      saida.push(atual);
      atual = '';
    } else atual += c;
  }
  saida.push(atual);
  return saida;
}

const citar = (v: string, sep: string) => (/["\n\r]/.test(v) || v.includes(sep) ? `"${v.replaceAll('"', '""')}"` : v);

/** The template with its example row repeated `n` times, each with its own plate and code, and no photos (no network). */
function planilhaCom(modelo: string, n: number, prefixo: string): string {
  const [cabecalho = '', exemplo = ''] = modelo
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  const sep = cabecalho.includes(';') ? ';' : ',';
  const titulos = campos(cabecalho, sep);
  const base = campos(exemplo, sep);
  const coluna = (t: string) => titulos.indexOf(t);
  expect(coluna('Placa')).toBeGreaterThanOrEqual(0);
  const linhas = Array.from({ length: n }, (_, i) => {
    const v = [...base];
    v[coluna('Placa')] = `${prefixo}${i % 10}A${String(10 + i).slice(-2)}`;
    if (coluna('Código interno') >= 0) v[coluna('Código interno')] = `IMP-${prefixo}-${i + 1}`;
    if (coluna('Fotos') >= 0) v[coluna('Fotos')] = '';
    return v.map((x) => citar(x, sep)).join(sep);
  });
  return [cabecalho, ...linhas].join('\r\n');
}

/** Three random letters for the plates (a new reseller every run; plates unique per reseller). */
const letras = () => Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

async function semAxe(page: Page) {
  expect(await violacoesAxe(page)).toEqual([]);
}

/** The step at 390 px: no sideways scroll and no axe violation; then back to 1366 px. */
async function naLarguraDoTelefone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await semRolagemLateral(page, 390);
  await semAxe(page);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('importa o modelo com 10 linhas: mapeamento → prévia → confirmação → 10 veículos na lista', async ({ page }) => {
  test.setTimeout(180_000);
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await page.setViewportSize({ width: 1366, height: 900 });

  // From the vehicle list's header, by keyboard.
  await page.goto(`/revenda/${revenda.idRevenda}/veiculos/listar`);
  const entrada = page.getByRole('link', { name: 'Importar estoque' });
  await entrada.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Importar estoque' })).toBeVisible();
  await expect(page.getByText('Nenhuma importação ainda.')).toBeVisible();
  await semAxe(page);
  await semRolagemLateral(page, 1366);

  // The template, filled with 10 cars.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar modelo CSV' }).click()]);
  const modelo = await readFile((await download.path()) as string, 'utf8');
  const csv = planilhaCom(modelo, 10, letras());
  await page.locator('input[type=file]').setInputFiles({ name: 'estoque.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Enviar planilha' }).press('Enter');

  // Mapping: every title of the template maps itself.
  await expect(page).toHaveURL(/\/veiculos\/importar\/[^/]+$/);
  await expect(page.getByRole('combobox', { name: 'Marca', exact: true })).toHaveValue('Marca');
  await expect(page.getByRole('combobox', { name: 'Placa', exact: true })).toHaveValue('Placa');
  await semAxe(page);
  await naLarguraDoTelefone(page);
  await page.getByRole('button', { name: 'Ver prévia' }).press('Enter');

  // Preview: 10 to create; an ambiguous FIPE match (if the example has one) gets its first version.
  const resumo = page.getByRole('group', { name: 'Resumo da prévia' });
  await expect(resumo.getByText('10 a criar')).toBeVisible({ timeout: 30_000 });
  const lista = page.getByRole('list', { name: 'Linhas da prévia' });
  await expect(lista.getByText('Linha 1:', { exact: false })).toBeVisible();
  const ambiguas = lista.getByRole('combobox', { name: /^Versão FIPE da linha/ });
  for (let i = 0; i < (await ambiguas.count()); i++) {
    await ambiguas.nth(i).click();
    await page.getByRole('option').first().click();
  }
  await semAxe(page);
  await naLarguraDoTelefone(page);
  const confirmar = page.getByRole('button', { name: 'Confirmar importação' });
  await expect(confirmar).toBeEnabled();
  await confirmar.press('Enter');

  // The job, live, to its report.
  await expect(page.getByText('Importação concluída')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/10 criados · 0 atualizados · 0 ignorados/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar relatório (CSV)' })).toBeVisible();
  await semAxe(page);
  await naLarguraDoTelefone(page);

  // The list: 10 vehicles.
  await page.getByRole('link', { name: 'Ver a lista de veículos' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Veículos (10)' })).toBeVisible();

  // Recent imports show it, concluded; at 390 px the start screen does not scroll sideways.
  await page.goto(`/revenda/${revenda.idRevenda}/veiculos/importar`);
  const recentes = page.getByRole('list', { name: 'Importações recentes' });
  await expect(recentes.getByRole('link', { name: 'estoque.csv' })).toBeVisible();
  await expect(recentes.getByText('Concluída')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await semRolagemLateral(page, 390);
  await semAxe(page);
});
