import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { expect, test } from '@playwright/test';
import { criarRevendaComGestor, escolherOpcao, linhaCom, PNG_1X1, sufixoUnico, trazerParaVista } from '../ajuda/cadastros.ts';
import { CONTAS, comBanco, entrar } from '../ajuda/painel.ts';
import { configurarRedes } from '../ajuda/publicacao.ts';

/**
 * Banners and sold items end to end (spec 2 §2, spec 3 §2.6, §4, §8.2): include with upload and preview, the live
 * list, publishing to the three targets through the Graph sandbox with the "Aguarde..." modal, indicators turning green.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Banners E2E ${sufixoUnico()}`);
  await comBanco((c) =>
    c.query('update revendas set peblocotextobanners = $1, peblocotextovendidos = $2 where id = $3', [
      'Confira nossas ofertas!',
      'Mais um vendido!',
      revenda.idRevenda,
    ]),
  );
});
test.afterAll(() => revenda.remover());

test('banner: inclui com imagem e texto, publica em stories, feed do Instagram e feed do Facebook; indicadores verdes', async ({
  page,
}) => {
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await configurarRedes(page, revenda.idRevenda);

  await page.goto(`/revenda/${revenda.idRevenda}/banners/listar`);
  await expect(page.getByRole('heading', { name: 'Banners', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Novo banner' }).click();
  await expect(page.getByRole('heading', { name: 'Incluir banner' })).toBeVisible();
  const texto = page.getByLabel('Bloco texto banners');
  await expect(texto).toHaveValue('Confira nossas ofertas!');
  for (const rotulo of ['Instagram stories', 'Instagram feed', 'Facebook feed']) await expect(page.getByLabel(rotulo)).toBeChecked();

  // Without an image: Preenchimento obrigatório, nothing saved.
  await texto.fill('  ');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(2);

  const textoBanner = `Feirão de fim de ano ${sufixoUnico()}`;
  await texto.fill(textoBanner);
  await page.locator('input[type=file]').setInputFiles([
    { name: 'banner.png', mimeType: 'image/png', buffer: PNG_1X1 },
    { name: 'segundo.png', mimeType: 'image/png', buffer: PNG_1X1 },
  ]);
  await expect(page.getByRole('img', { name: 'Miniatura da imagem enviada' })).toBeVisible();
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(/\/banners\/listar$/);
  await expect(page.getByText('Banner incluído com sucesso!')).toBeVisible();

  const linha = linhaCom(page, 'Lista de Banners', textoBanner);
  await expect(linha).toBeVisible();
  const alvos = [
    ['Instagram Stories', 'Banner publicado no stories do instagram.'],
    ['Instagram Feed', 'Banner publicado no feed do instagram.'],
    ['Facebook Feed', 'Banner publicado no feed do facebook.'],
  ] as const;
  for (const [alvo] of alvos) await expect(linha.getByRole('img', { name: `Status em ${alvo}: não` })).toBeVisible();
  for (const [alvo, mensagem] of alvos) {
    await linha.getByRole('button', { name: `Publicar em ${alvo}` }).click();
    await expect(page.getByText(mensagem)).toBeVisible();
    await expect(linha.getByRole('img', { name: `Status em ${alvo}: sim` })).toBeVisible();
    // Published: the action is gone for that target.
    await expect(linha.getByRole('button', { name: `Publicar em ${alvo}` })).toHaveCount(0);
  }
  // Instagram feed after stories: the requested flags follow the last request (spec 3 §4).
  await expect(linha.getByRole('img', { name: 'Publicar em Instagram Feed: sim' })).toBeVisible();

  const salvo = await comBanco(
    async (c) =>
      (
        await c.query(
          'select valida_stories, valida_feed, fb_valida_feed, url_stories, fb_url_feed from banners where peblocotextobanners = $1',
          [textoBanner],
        )
      ).rows[0],
  );
  expect(salvo).toMatchObject({ valida_stories: true, valida_feed: true, fb_valida_feed: true });
  expect(salvo.url_stories).toContain('instagram.com/stories/');
  expect(salvo.fb_url_feed).toContain('facebook.com/100000000000001/posts/');
});

test('vendido: inclui com uma imagem (moldura da revenda) e aparece na lista ao vivo', async ({ page }) => {
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await page.goto(`/revenda/${revenda.idRevenda}/vendidos/listar`);
  await expect(page.getByRole('heading', { name: 'Vendidos', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Lista de Vendidos/ })).toBeVisible();
  await page.getByRole('link', { name: 'Novo vendido' }).click();
  await expect(page.getByRole('heading', { name: 'Incluir vendido' })).toBeVisible();
  await expect(page.getByLabel('Bloco texto vendidos')).toHaveValue('Mais um vendido!');
  const textoVendido = `Vendido ${sufixoUnico()}`;
  await page.getByLabel('Bloco texto vendidos').fill(textoVendido);
  await page.locator('input[type=file]').setInputFiles({ name: 'vendido.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByRole('img', { name: 'Miniatura da imagem enviada' })).toBeVisible();
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(/\/vendidos\/listar$/);
  await expect(linhaCom(page, 'Lista de Vendidos', textoVendido)).toBeVisible();
  const fila = await comBanco(
    async (c) =>
      (
        await c.query(
          "select count(*)::int as n from moderacao m join vendidos v on v.id = m.vendido_id where m.fila = 'vendidos' and v.peblocotextovendidos = $1",
          [textoVendido],
        )
      ).rows[0].n,
  );
  expect(fila).toBe(1);

  // Another session adds one: the open list shows it without reloading.
  const outro = `Vendido ao vivo ${sufixoUnico()}`;
  await comBanco((c) =>
    c.query(
      `insert into vendidos (revenda_id, imagem, nome_revenda, peblocotextovendidos)
       select revenda_id, imagem, nome_revenda, $1 from vendidos where peblocotextovendidos = $2`,
      [outro, textoVendido],
    ),
  );
  await expect(linhaCom(page, 'Lista de Vendidos', outro)).toBeVisible();
});

for (const [pasta, titulo, rotuloArquivo] of [
  ['imagem-destaque', 'Imagens Destaque', 'Imagem'],
  ['banner-site', 'Banner Site', 'Imagem (tamanho recomendado 4032 x 1435 px)'],
] as const) {
  test(`${titulo}: o admin inclui uma imagem e a exclui com confirmação`, async ({ page }) => {
    await entrar(page, CONTAS.admin);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/revenda/${revenda.idRevenda}/${pasta}/listar`);
    await expect(page.getByRole('heading', { name: titulo, exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Incluir imagem' }).click();
    await page.getByRole('button', { name: 'Gravar' }).click();
    await expect(page.getByText('Preenchimento obrigatório')).toBeVisible();
    await expect(page.locator('label', { hasText: rotuloArquivo })).toBeVisible();
    await page.locator('input[type=file]').setInputFiles({ name: 'destaque.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByRole('button', { name: 'Gravar' }).click();
    await expect(page).toHaveURL(new RegExp(`/${pasta}/listar$`));
    const tabela = page.getByRole('table', { name: titulo, exact: true });
    const linhas = tabela.getByRole('row').filter({ has: page.getByRole('button', { name: /^Excluir / }) });
    await expect(linhas).toHaveCount(1);
    const nome = (await linhas.first().getByRole('button').getAttribute('aria-label'))?.replace('Excluir ', '') ?? '';
    await linhas
      .first()
      .getByRole('button', { name: /^Excluir / })
      .click();
    await expect(page.getByText('Deseja excluir esta imagem permanentemente?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Imagem removida com sucesso!')).toBeVisible();
    await expect(linhas).toHaveCount(0);
    const restantes = await comBanco(
      async (c) =>
        (
          await c.query(
            `select count(*)::int as n from ${pasta === 'banner-site' ? 'banners_site' : 'imagens_destaque'} where imagem_name = $1`,
            [nome],
          )
        ).rows[0].n,
    );
    expect(restantes).toBe(0);
  });
}

test('notificação: inclui, lembrete sem aparelhos avisa, com aparelho mostra o resultado do envio, exclui', async ({ page }) => {
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/revenda/${revenda.idRevenda}/notificacoes/listar`);
  await expect(page.getByRole('heading', { name: 'Notificações', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Nova notificação' }).click();
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(2);
  const titulo = `Feirão ${sufixoUnico()}`;
  await page.getByLabel('Título').fill(titulo);
  await page.getByLabel('Link').fill('https://autodemo.test/feirao');
  await escolherOpcao(page, 'Acesso', 'Todos');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(/\/notificacoes\/listar$/);
  const linha = linhaCom(page, 'Notificações', titulo);
  await expect(linha).toBeVisible();

  const enviar = async () => {
    await linha.getByRole('button', { name: `Enviar lembrete: ${titulo}` }).click();
    await expect(page.getByText('Confirma o envio de lembrete desta notificação?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Enviar' }).click();
  };
  await enviar();
  await expect(page.getByText('Nenhum usuário habilitado para receber notificações.').first()).toBeVisible();

  // The reseller's gestor registers a device: the job pushes through the FCM sandbox and the row shows the result.
  await comBanco((c) => c.query("update usuarios set push_token = 'e2e-aparelho-gestor' where email = $1", [revenda.email]));
  await enviar();
  await expect(linha.getByTestId('estado-lembrete')).toHaveText('Enviado', { timeout: 20_000 });
  await expect(linha.getByText('Envio concluído com sucesso. Lembrete enviado a 1 aparelho.')).toBeVisible();

  await linha.getByRole('button', { name: `Excluir ${titulo}` }).click();
  await expect(page.getByText('Confirma a exclusão desta notificação?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Notificação removida com sucesso!')).toBeVisible();
  await expect(linha).toHaveCount(0);
});

test('banner com vídeo: envio com miniatura extraída pelo ffmpeg e publicação no feed do Facebook', async ({ page }) => {
  const pasta = mkdtempSync(path.join(tmpdir(), 'e2e-video-'));
  const arquivo = path.join(pasta, 'feirao.mp4');
  execFileSync(ffmpeg.path, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'mpeg4', arquivo]);
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await configurarRedes(page, revenda.idRevenda);
  await page.goto(`/revenda/${revenda.idRevenda}/banners/incluir`);
  const textoBanner = `Vídeo do feirão ${sufixoUnico()}`;
  await page.getByLabel('Bloco texto banners').fill(textoBanner);
  await page.locator('input[type=file]').setInputFiles({ name: 'feirao.mp4', mimeType: 'video/mp4', buffer: readFileSync(arquivo) });
  await expect(page.getByRole('img', { name: 'Miniatura do vídeo enviado' })).toBeVisible();
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(/\/banners\/listar$/);
  const linha = linhaCom(page, 'Lista de Banners', textoBanner);
  await linha.getByRole('button', { name: 'Publicar em Facebook Feed' }).click();
  await expect(page.getByText('Banner publicado no feed do facebook.')).toBeVisible();
  await expect(linha.getByRole('img', { name: 'Status em Facebook Feed: sim' })).toBeVisible();
  const imagem = await comBanco(
    async (c) => (await c.query('select imagem from banners where peblocotextobanners = $1', [textoBanner])).rows[0].imagem,
  );
  expect(imagem[0]).toMatchObject({ video: true });
  expect(imagem[0].fileThumb).toMatch(/miniatura\.jpg$/);
});

test('as listas de banners e vendidos cabem em 390 px (sem rolagem lateral da página), com Publicar alcançável', async ({ page }) => {
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await configurarRedes(page, revenda.idRevenda);
  // One item of each kind, not yet published, so that its Publicar actions are shown.
  for (const [tabela, campo] of [
    ['banners', 'peblocotextobanners'],
    ['vendidos', 'peblocotextovendidos'],
  ] as const) {
    await comBanco((c) =>
      c.query(`insert into ${tabela} (revenda_id, imagem, nome_revenda, ${campo}) values ($1, '[]'::jsonb, 'E2E', 'Estreito')`, [
        revenda.idRevenda,
      ]),
    );
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [pasta, painel] of [
    ['banners', 'Lista de Banners'],
    ['vendidos', 'Lista de Vendidos'],
  ] as const) {
    await page.goto(`/revenda/${revenda.idRevenda}/${pasta}/listar`);
    await expect(linhaCom(page, painel, 'Estreito')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const cabe = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(cabe, `${pasta} a 390 px`).toBe(true);
    // The list itself does not scroll sideways either (compact layout).
    const regiao = page.getByRole('region', { name: painel });
    expect(await regiao.evaluate((el) => el.scrollWidth <= el.clientWidth), `tabela de ${pasta} a 390 px`).toBe(true);
    await trazerParaVista(linhaCom(page, painel, 'Estreito').getByRole('button', { name: 'Publicar em Facebook Feed' }), pasta);
  }
});
