import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { violacoesAxe } from '../ajuda/axe.ts';
import { criarRevendaComGestor, linhaCom, PNG_1X1, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, comBanco, entrar, idRevendaPorNome } from '../ajuda/painel.ts';
import { carroComAutoscar, chamarApi, chamarApiDados, LOCAL_AUTOSCAR, publicarPelaApi, semRolagemLateral } from '../ajuda/publicacao.ts';
import { lerZip } from '../ajuda/zip.ts';

const REVENDA = 'Auto Demo Veículos';
const NOME = 'GM - Chevrolet Onix LT 1.0 Turbo Flex 5p Aut.';

/** A Mantine list (Select or Autocomplete): type, then pick the option. */
async function escolher(page: Page, rotulo: RegExp, digitar: string, opcao: string) {
  const campo = page.getByRole('combobox', { name: rotulo });
  await campo.click();
  if (await campo.isEditable()) await campo.fill(digitar);
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

/** The photos of the uploader, in order, by their file name. */
const ordemDasFotos = (page: Page) =>
  page
    .getByRole('list', { name: 'Adicionar fotos' })
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-foto')));

test('a gestor includes a vehicle with photos, views, changes, downloads, deletes it and finds it in the history', async ({ page }) => {
  test.setTimeout(120_000);
  const idRevenda = await idRevendaPorNome(REVENDA);
  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await page.goto(`/revenda/${idRevenda}/veiculos/listar`);
  await expect(page.getByRole('heading', { level: 1, name: /^Veículos/ })).toBeVisible();
  await expect(page.getByText(`Revenda: ${REVENDA}`)).toBeVisible();
  // Only an admin blocks the reseller's users or site.
  await expect(page.getByRole('button', { name: 'Bloquear site' })).toHaveCount(0);

  // Include: an invalid submit marks the fields and focuses the first one.
  await page.getByRole('link', { name: 'Incluir veículo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Veículos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Incluir veículo' })).toBeVisible();
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Preenchimento obrigatório').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Marca/ })).toBeFocused();

  await escolher(page, /^Marca/, 'chev', 'GM - Chevrolet');
  await escolher(page, /^Modelo/, 'oni', 'Onix');
  await escolher(page, /^Ano de fabricação/, '2021', '2021');
  await escolher(page, /^Ano modelo/, '2022', '2022');
  await escolher(page, /^Versão/, 'lt 1.0 turbo', 'LT 1.0 Turbo Flex 5p Aut.');
  await escolher(page, /^Câmbio/, 'Aut', 'Automático');
  await escolher(page, /^Cor/, 'Pra', 'Prata');
  await escolher(page, /^Portas/, '4', '4');
  await escolher(page, /^Carroceria/, 'Hat', 'Hatch');
  // Typed fast, the comma must survive (the money input used to lose it now and then): several tries.
  const valor = page.getByLabel(/^Valor/);
  for (const [tecla, esperado] of [
    ['1234,56', 'R$ 1.234,56'],
    ['9,9', 'R$ 9,90'],
    ['75990,5', 'R$ 75.990,50'],
  ] as const) {
    await valor.fill('');
    await valor.pressSequentially(tecla);
    await valor.blur();
    await expect(valor).toHaveValue(esperado);
  }
  await page.getByLabel(/^Quilometragem/).fill('35.000');
  await page.getByLabel(/^Placa/).fill('abc1d234');
  await expect(page.getByLabel(/^Placa/)).toHaveValue('ABC1D23');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Km inválido')).toBeVisible();
  await expect(page.getByLabel(/^Quilometragem/)).toBeFocused();
  await page.getByLabel(/^Quilometragem/).fill('35000');

  // Photos: three at once, each with its progress bar while it uploads (the answer is held back a moment).
  await page.route('**/api/revendas/*/imagens?tipo=veiculo', async (rota) => {
    await new Promise((r) => setTimeout(r, 1200));
    await rota.continue();
  });
  await page
    .locator('input[type=file]')
    .setInputFiles(['frente.png', 'lateral.png', 'traseira.png'].map((name) => ({ name, mimeType: 'image/png', buffer: PNG_1X1 })));
  await expect(page.getByRole('progressbar', { name: 'Envio de frente.png' })).toBeAttached();
  await expect(page.getByText('Carregando imagem... frente.png')).toBeVisible();
  await expect(page.getByText('Carregando imagem... lateral.png')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gravar' })).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Adicionar fotos' }).locator('li')).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await ordemDasFotos(page)).toEqual(['frente.png', 'lateral.png', 'traseira.png']);
  // Keyboard ordering: the move buttons.
  await page.getByRole('button', { name: 'Mover foto 1 para a direita' }).focus();
  await page.keyboard.press('Enter');
  expect(await ordemDasFotos(page)).toEqual(['lateral.png', 'frente.png', 'traseira.png']);
  // Drag and drop: the last photo onto the first.
  const fotos = page.getByRole('list', { name: 'Adicionar fotos' }).locator('li');
  await fotos.nth(2).dragTo(fotos.nth(0));
  expect(await ordemDasFotos(page)).toEqual(['traseira.png', 'lateral.png', 'frente.png']);
  await page.getByRole('button', { name: 'Remover foto 3' }).click();
  expect(await ordemDasFotos(page)).toEqual(['traseira.png', 'lateral.png']);

  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Veículo gravado com sucesso!').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/veiculos/listar$`));
  const linha = linhaCom(page, 'Veículos', NOME);
  await expect(linha).toContainText('2021/2022');
  await expect(linha).toContainText('R$ 75.990,50');
  await expect(linha.getByRole('img', { name: `Foto de ${NOME}` })).toBeVisible();

  // Filter by text and type.
  await page.getByLabel('Filtrar', { exact: true }).fill('onix abc1d23');
  await expect(linhaCom(page, 'Veículos', NOME)).toHaveCount(1);
  await page.getByLabel('Filtrar', { exact: true }).fill('onix caminhão');
  await expect(linhaCom(page, 'Veículos', NOME)).toHaveCount(0);
  await page.getByLabel('Filtrar', { exact: true }).fill('');

  // The row's ⋯ menu (issue 25 item 4): the spec's actions, Excluir last; Escape closes it without opening the row.
  await linhaCom(page, 'Veículos', NOME)
    .getByRole('button', { name: `Ações do veículo ${NOME}` })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText(['Visualizar', 'Alterar', 'Marcar como vendido', 'Excluir']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  // View: a click on the row opens it (Enter on the focused row too, see below).
  await linhaCom(page, 'Veículos', NOME).getByText('ABC1D23').click();
  await expect(page.getByRole('navigation', { name: 'Trilha de navegação' }).getByText('Visualizar veículo')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: NOME })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'ABC1D23' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '35000' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Baixar foto/ })).toHaveCount(2);
  const integracoes = page.getByRole('table', { name: 'Integrações' });
  for (const coluna of ['Integração', 'Status configuração', 'Status publicação', 'Ações'])
    await expect(integracoes.getByRole('columnheader', { name: coluna })).toBeVisible();
  // Issue 25 item 5: the configured channels lead, the others fold under "Configurar mais canais (n)": ten in all.
  const maisCanais = page.getByRole('button', { name: /^Configurar mais canais \(\d+\)$/ });
  await maisCanais.click();
  await expect(maisCanais).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('table', { name: /^Integrações/ }).locator('tbody tr')).toHaveCount(10);
  // The gallery's lightbox by keyboard (Enter opens, → moves, Esc closes); axe clean with it open at both widths.
  await page.getByRole('list', { name: 'Fotos' }).getByRole('button', { name: 'Ampliar foto 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `${NOME} — foto 2 de 2` })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  const ampliada = page.getByRole('dialog', { name: `${NOME} — foto 1 de 2` });
  await expect(ampliada.getByRole('img', { name: `${NOME} foto 1` })).toBeVisible();
  for (const largura of [390, 1366]) {
    await page.setViewportSize({ width: largura, height: 844 });
    expect(await violacoesAxe(page)).toEqual([]);
  }
  await page.keyboard.press('Escape');
  await expect(ampliada).toBeHidden();
  const urlVisualizar = page.url();

  // Change: the form starts from the stored vehicle; the change log lists the change.
  await page.getByRole('link', { name: 'Alterar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Alterar veículo' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Cor/ })).toHaveValue('Prata');
  await escolher(page, /^Cor/, 'Pre', 'Preto');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Veículo gravado com sucesso!').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/veiculos/listar$`));

  // Enter on the focused row opens the view too.
  await linhaCom(page, 'Veículos', NOME).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(urlVisualizar);
  await expect(page.getByRole('cell', { name: 'Preto' })).toBeVisible();
  const [foto] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar foto 1' }).click()]);
  expect(foto.suggestedFilename()).toMatch(/\.png$/);
  expect((await readFile(await foto.path())).subarray(1, 4).toString('latin1')).toBe('PNG');
  const [log] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Alterações' }).click()]);
  expect(log.suggestedFilename()).toBe('Alteracoes_dados_veiculo_Auto_Demo_Veiculos.txt');
  const texto = await readFile(await log.path(), 'utf8');
  expect(texto).toContain('Gestor Auto Demo');
  expect(texto).toContain('Cor: Prata -> Preto');

  // The package: a text file with the data and the original photos.
  const [pacote] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar', exact: true }).click()]);
  expect(pacote.suggestedFilename()).toMatch(/\.zip$/);
  const arquivos = lerZip(await readFile(await pacote.path()));
  const nomes = [...arquivos.keys()];
  const txt = nomes.find((n) => n.endsWith('.txt'));
  expect(txt).toBeTruthy();
  const dados = arquivos.get(txt as string)?.toString('utf8') ?? '';
  expect(dados).toContain('Onix');
  expect(dados).toContain('ABC1D23');
  const imagens = nomes.filter((n) => /\.(png|jpe?g|webp)$/i.test(n));
  expect(imagens).toHaveLength(2);
  for (const n of imagens) expect(arquivos.get(n)?.subarray(1, 4).toString('latin1')).toBe('PNG');

  // Delete (a gestor's removal goes to the history).
  await page.goto(`/revenda/${idRevenda}/veiculos/listar`);
  await linhaCom(page, 'Veículos', NOME)
    .getByRole('button', { name: `Ações do veículo ${NOME}` })
    .click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Excluir veículo' })).toBeVisible();
  await expect(page.getByText('Deseja remover este veículo?')).toBeVisible();
  await expect(page.getByRole('cell', { name: NOME })).toBeVisible();
  await expect(page.getByRole('cell', { name: '2021/2022' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'R$ 75.990,50' })).toBeVisible();
  await page.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Veículo removido com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/veiculos/listar$`));
  await expect(linhaCom(page, 'Veículos', NOME)).toHaveCount(0);

  // History: a gestor only deletes for good.
  await page.getByRole('link', { name: 'Histórico' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Histórico/ })).toBeVisible();
  const removido = linhaCom(page, 'Histórico', NOME);
  await expect(removido).toContainText('Gestor Auto Demo');
  await expect(removido.getByRole('button', { name: `Excluir ${NOME}` })).toBeVisible();
  await expect(removido.getByRole('link', { name: `Visualizar ${NOME}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Limpar histórico/ })).toHaveCount(0);
  await removido.getByRole('button', { name: `Excluir ${NOME}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Veículo removido com sucesso!').last()).toBeVisible();
  await expect(linhaCom(page, 'Histórico', NOME)).toHaveCount(0);
});

test("the view's timeline: a refused and a published send to Autoscar with who and the result, and the admin's validation (issue 25 item 5)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const revenda = await criarRevendaComGestor(`Atividade E2E ${sufixoUnico()}`);
  try {
    await entrar(page, CONTAS.admin);
    await expect(page).toHaveURL(/\/home$/);
    const nomeAdmin = await comBanco(
      async (c) => (await c.query('select nome from usuarios where email = $1', [CONTAS.admin])).rows[0]?.nome as string,
    );
    const idVeiculo = await carroComAutoscar(page, revenda.idRevenda);
    // The Autoscar sandbox refuses a description containing "recusar"; then the send goes through.
    const rascunho = await chamarApiDados<{ veiculoPost: object }>(page, '/api/integracao/autoscar/incluir', { id_veiculo: idVeiculo });
    const recusado = await chamarApiDados(page, '/api/integracao/autoscar/enviar', {
      id_veiculo: idVeiculo,
      veiculo_post: { ...rascunho.data.veiculoPost, ...LOCAL_AUTOSCAR, description: 'Favor recusar' },
    });
    expect(recusado.status).toBe(422);
    const advId = await publicarPelaApi(page, 'autoscar', idVeiculo, (r) => ({ ...r.veiculoPost, ...LOCAL_AUTOSCAR }));
    // The admin validates the vehicle's "incluídos" entry.
    const entrada = await comBanco(
      async (c) =>
        (await c.query("select id from moderacao where veiculo_id = $1 and fila = 'incluidos'", [idVeiculo])).rows[0]?.id as string,
    );
    expect(await chamarApi(page, 'POST', `/api/moderacao/incluidos/${entrada}/validar`, {})).toBe(200);

    await page.goto(`/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`);
    const atividade = page.getByRole('list', { name: 'Atividade do veículo' });
    const itens = atividade.getByRole('listitem');
    await expect(itens.first()).toContainText('Validado na moderação: Incluídos');
    await expect(itens.first()).toContainText(`Por ${nomeAdmin}`);
    const publicado = itens.filter({ hasText: 'Anúncio publicado em Autoscar' });
    await expect(publicado).toContainText(`Por ${nomeAdmin}`);
    await expect(publicado).toContainText(`ID do anúncio: ${advId}`);
    await expect(publicado.getByText('Publicado', { exact: true })).toBeVisible();
    const falhou = itens.filter({ hasText: 'Envio para Autoscar falhou' });
    await expect(falhou.getByText('Falhou', { exact: true })).toBeVisible();
    await expect(falhou.getByText(/^Motivo: .*recusado pela moderação da Autoscar/)).toBeVisible();
    await expect(itens.last()).toContainText('Veículo incluído');
    // The .txt download stays; the timeline fits a phone and passes axe.
    await expect(page.getByRole('link', { name: 'Alterações' })).toBeVisible();
    for (const largura of [390, 1366]) {
      await page.setViewportSize({ width: largura, height: 844 });
      await expect(atividade).toBeVisible();
      // Polled: right after a resize the navigation animates its width away for ~200 ms.
      await semRolagemLateral(page, largura);
      expect(await violacoesAxe(page)).toEqual([]);
    }
  } finally {
    await revenda.remover();
  }
});

test('the admin sees the block buttons and the history cleanups with a confirmation and the count', async ({ page }) => {
  const idRevenda = await idRevendaPorNome(REVENDA);
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/revenda/${idRevenda}/veiculos/listar`);
  await expect(page.getByRole('button', { name: 'Bloquear acesso dos usuários' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Liberar acesso dos usuários' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Bloquear|Liberar) site$/ })).toBeVisible();
  await page.goto(`/revenda/${idRevenda}/veiculos/historico`);
  await page.getByRole('button', { name: 'Limpar histórico (mais de 60 dias)' }).click();
  await expect(page.getByRole('dialog')).toContainText('mais de 60 dias');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(/veículos? removidos? do histórico\./)).toBeVisible();
});

test('a gestor of another reseller is refused every vehicle screen of Auto Demo', async ({ page }) => {
  const idRevenda = await idRevendaPorNome(REVENDA);
  await entrar(page, CONTAS.gestorB);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  for (const tela of ['listar', 'incluir', 'historico']) {
    await page.goto(`/revenda/${idRevenda}/veiculos/${tela}`);
    await expect(page).toHaveURL(/\/acesso-negado$/);
    await expect(page.getByText('Seu usuário não tem acesso autorizado na página solicitada!')).toBeVisible();
  }
  const resposta = await page.request.get(`/api/revendas/${idRevenda}/veiculos`);
  expect([403, 404]).toContain(resposta.status());
});

test('a vehicle included in another tab appears in the open list without downloading the list again', async ({ page, context }) => {
  const idRevenda = await idRevendaPorNome(REVENDA);
  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  const listas: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/revendas/${idRevenda}/veiculos`) listas.push(r.method());
  });
  await page.goto(`/revenda/${idRevenda}/veiculos/listar`);
  await expect(page.getByRole('table', { name: 'Veículos' })).toBeVisible();
  await expect.poll(() => listas.length).toBe(1);

  // The other tab (same session) includes a vehicle through the API.
  const outra = await context.newPage();
  const sessao = await (await outra.request.get('/api/auth/sessao')).json();
  const placa = `LIV${Math.floor(1000 + Math.random() * 8999)}`;
  const r = await outra.request.post(`/api/revendas/${idRevenda}/veiculos`, {
    headers: { 'x-csrf-token': sessao.data.csrf },
    data: {
      vetipoveiculo: 'moto',
      vefipe_marca: 'Honda',
      ve_modelo: 'CG 160',
      ve_versao: 'Titan',
      veano_fabricacao: 2023,
      vefipe_ano_modelo: 2024,
      vecambio: 'M',
      vecor: 'Azul',
      veportas: 0,
      veiplaca: placa,
      vequilometragem: '1200',
      vevalor: '18900.00',
    },
  });
  expect(r.ok()).toBe(true);
  await expect(linhaCom(page, 'Veículos', placa)).toContainText('Honda CG 160 Titan');
  expect(listas).toEqual(['GET']);
});

test('2,000 vehicles: the whole list shows at once, virtualised, and scrolls to the last one', async ({ page }) => {
  test.setTimeout(90_000);
  const revenda = await criarRevendaComGestor(`Estoque Grande ${sufixoUnico()}`);
  try {
    await comBanco((c) =>
      c.query(
        `insert into veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
           vefipe_ano_modelo, vevalor, veiplaca, vecor, updated_at)
         select $1, 'carro', 'Fiat', 'Argo Drive ' || i, 'Argo', 'Drive ' || i, 2020, 2021, 50000 + i, 'AAA' || lpad(i::text, 4, '0'), 'Prata',
           now() - (i || ' minutes')::interval
         from generate_series(1, 2000) i`,
        [revenda.idRevenda],
      ),
    );
    await entrar(page, revenda.email);
    await expect(page).toHaveURL(/\/painel\/dashboard$/);
    // In the page: when the first row is drawn, against when the list's answer arrived (performance clock).
    await page.addInitScript(() => {
      const w = window as unknown as { linhasEm?: number };
      const olhar = () => {
        if (document.body?.textContent?.includes('AAA0001')) w.linhasEm = performance.now();
        else requestAnimationFrame(olhar);
      };
      requestAnimationFrame(olhar);
    });
    await page.goto(`/revenda/${revenda.idRevenda}/veiculos/listar`);
    await expect(page.getByRole('heading', { level: 1, name: 'Veículos (2.000)' })).toBeVisible();
    await expect(linhaCom(page, 'Veículos', 'AAA0001')).toHaveCount(1);
    const medida = await page.evaluate((caminho) => {
      const e = performance.getEntriesByType('resource').find((x) => new URL(x.name).pathname === caminho) as PerformanceResourceTiming;
      const linhas = (window as unknown as { linhasEm: number }).linhasEm;
      return {
        api: Math.round(e.responseEnd - e.requestStart),
        bytes: e.transferSize,
        depois: Math.round(linhas - e.responseEnd),
        total: Math.round(linhas),
      };
    }, `/api/revendas/${revenda.idRevenda}/veiculos`);
    console.log(
      `2.000 veículos: API ${medida.api} ms (${medida.bytes} bytes transferidos); primeira linha ${medida.depois} ms depois da resposta; ${medida.total} ms desde o início da página`,
    );
    // Only the rows in view are in the DOM.
    expect(await page.getByRole('table', { name: 'Veículos' }).getByRole('row').count()).toBeLessThan(60);
    await page.getByRole('region', { name: 'Veículos' }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(linhaCom(page, 'Veículos', 'AAA2000')).toBeVisible();
    await page.getByLabel('Filtrar', { exact: true }).fill('aaa1999');
    await expect(page.getByText('1 de 2.000 veículos')).toBeVisible();
  } finally {
    await revenda.remover();
  }
});

test('the vehicle screens fit 390 px and 1366 px wide (no sideways scrolling of the page nor of the list)', async ({ page }) => {
  test.setTimeout(90_000);
  const idRevenda = await idRevendaPorNome(REVENDA);
  await entrar(page, CONTAS.gestorA);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  for (const largura of [390, 1366]) {
    await page.setViewportSize({ width: largura, height: 844 });
    for (const [tela, titulo] of [
      ['listar', /^Veículos/],
      ['incluir', 'Veículos'],
      ['historico', /^Histórico/],
    ] as const) {
      await page.goto(`/revenda/${idRevenda}/veiculos/${tela}`);
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const larguraPagina = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(larguraPagina, `${tela} a ${largura} px`).toBeLessThanOrEqual(largura);
      if (tela !== 'listar') continue;
      // The list itself does not scroll sideways either: no column under the sticky Manutenção (issue 23 item 17),
      // and every row holds its content (the channel badges) within the virtualised list's fixed row height.
      const regiao = page.getByRole('region', { name: 'Veículos' });
      expect(await regiao.evaluate((el) => el.scrollWidth <= el.clientWidth), `tabela a ${largura} px`).toBe(true);
      const linhasCabem = await regiao.evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>('tbody tr[aria-rowindex]')].every(
          (tr) => tr.getBoundingClientRect().height <= Number.parseFloat(tr.style.height) + 1,
        ),
      );
      expect(linhasCabem, `linhas a ${largura} px`).toBe(true);
      if (largura === 390) {
        // On a phone each row shows its photo, name, year, price and channel badges (issue 25 item 4).
        // (A demo car's photo may be missing on disk: its placeholder shows instead, so any row's photo will do.)
        await expect(regiao.getByRole('img', { name: /^Foto de / }).first()).toBeVisible();
        const primeira = regiao.locator('tbody tr[aria-rowindex]').first();
        await expect(primeira.getByText(/R\$\s[\d.]+,\d{2} · \d{4}\/\d{4}/)).toBeVisible();
        await page.screenshot({ path: test.info().outputPath('lista-390.png') });
        continue;
      }
      // Compact rows at 1366 px (issue 25 item 4): at most 64 px, with the thumbnail and every channel's badge.
      const alturas = await regiao
        .locator('tbody tr[aria-rowindex]')
        .evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
      expect(alturas.length).toBeGreaterThan(0);
      expect(Math.max(...alturas), 'altura das linhas a 1366 px').toBeLessThanOrEqual(64);
      await page.screenshot({ path: test.info().outputPath('lista-1366.png') });
      // Every spec column in view at 1366 px, side by side: no header cell covers another (issue 25 item 4).
      const cabecalhos = await regiao.locator('thead th').evaluateAll((ths) =>
        ths.map((th) => {
          const r = th.getBoundingClientRect();
          return { nome: th.textContent ?? '', esquerda: r.left, direita: r.right, corta: th.scrollWidth > th.clientWidth + 1 };
        }),
      );
      expect(cabecalhos.map((c) => c.nome)).toEqual([
        'Seleção',
        'Foto',
        'Veículo',
        'Ano',
        'Valor',
        'vs FIPE',
        'Dias em estoque',
        'Atualizado em',
        'Manutenção',
      ]);
      const caixa = await regiao.evaluate((el) => el.getBoundingClientRect().right);
      cabecalhos.forEach((c, i) => {
        const anterior = cabecalhos[i - 1];
        if (anterior) expect(c.esquerda, `${c.nome} depois de ${anterior.nome}`).toBeGreaterThanOrEqual(anterior.direita - 0.5);
        expect(c.direita, `${c.nome} dentro da lista`).toBeLessThanOrEqual(caixa + 0.5);
        if (i > 0) expect(c.corta, `${c.nome} inteiro`).toBe(false);
      });
    }
  }
});
