import { randomBytes } from 'node:crypto';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CARRO_API, criarRevendaComGestor, linhaCom, sufixoUnico } from './cadastros.ts';
import { comBanco, entrar } from './painel.ts';

/** Calls the API from the signed-in page (its session cookie and CSRF token), as the screens do; answers the status. */
export function chamarApi(page: Page, metodo: 'POST' | 'PUT', url: string, corpo: object) {
  return page.evaluate(
    async ({ metodo, url, corpo }) => {
      const sessao = (await (await fetch('/api/auth/sessao')).json()) as { data: { csrf: string } };
      const headers = { 'content-type': 'application/json', 'x-csrf-token': sessao.data.csrf };
      return (await fetch(url, { method: metodo, headers, body: JSON.stringify(corpo) })).status;
    },
    { metodo, url, corpo },
  );
}

/** The same call, answering the status and the body's `data`. */
export function chamarApiDados<T = Record<string, unknown>>(page: Page, url: string, corpo: object) {
  return page.evaluate(
    async ({ url, corpo }) => {
      const sessao = (await (await fetch('/api/auth/sessao')).json()) as { data: { csrf: string } };
      const headers = { 'content-type': 'application/json', 'x-csrf-token': sessao.data.csrf };
      const r = await fetch(url, { method: 'POST', headers, body: JSON.stringify(corpo) });
      return { status: r.status, data: ((await r.json()) as { data: unknown }).data };
    },
    { url, corpo },
  ) as Promise<{ status: number; data: T }>;
}

/**
 * Publishes a vehicle through the API as the include screen does: its draft (`incluir`), completed by `completar`,
 * sent (`enviar`). Answers the advert's id.
 */
export async function publicarPelaApi(
  page: Page,
  canal: string,
  idVeiculo: string,
  completar: (rascunho: { veiculoPost: Record<string, unknown> } & Record<string, unknown>) => object,
) {
  const rascunho = await chamarApiDados<{ veiculoPost: Record<string, unknown> }>(page, `/api/integracao/${canal}/incluir`, {
    id_veiculo: idVeiculo,
  });
  expect(rascunho.status).toBe(200);
  const envio = await chamarApiDados<{ id_anuncio: string }>(page, `/api/integracao/${canal}/enviar`, {
    id_veiculo: idVeiculo,
    veiculo_post: completar(rascunho.data),
  });
  expect(envio, JSON.stringify(envio)).toMatchObject({ status: 200, data: { id_anuncio: expect.anything() } });
  return String(envio.data.id_anuncio);
}

/** Links the reseller's Facebook page and Instagram account through the API, as the authorisation popup does. */
export async function configurarRedes(page: Page, idRevenda: string) {
  const post = (url: string, corpo: object) => chamarApi(page, 'POST', url, { id_revenda: idRevenda, ...corpo });
  const status = [
    await post('/api/integracao/facebook/configurar', { access_token: 'sbx.demo.e2e' }),
    await post('/api/integracao/instagram/configurar', { access_token: 'sbx.demo.e2e' }),
    await post('/api/integracao/facebook/configurar-pagina', {
      page_id: '100000000000001',
      page_name: 'Auto Demo Veículos',
      page_access_token: 'sbxpage.100000000000001',
    }),
    await post('/api/integracao/instagram/configurar-pagina', { page_id: '17841400000000001', page_name: 'autodemoveiculos' }),
  ];
  expect(status).toEqual([200, 200, 200, 200]);
}

/** Connects a channel with an OAuth code (Olx, Mercado Livre), as its authorisation return does (codes are single use). */
export async function conectarOAuth(page: Page, idRevenda: string, canal: 'olx' | 'mercadolivre') {
  const code = `${canal}-e2e-${randomBytes(4).toString('hex')}`;
  const corpo = { id_revenda: idRevenda, [canal === 'olx' ? 'code_olx' : 'code_ml']: code };
  expect(await chamarApi(page, 'POST', `/api/integracao/${canal}/configurar`, corpo)).toBe(200);
}

/** Saves a channel's configuration for the reseller through the API, as its configuration screen does. */
export async function configurarIntegracao(page: Page, idRevenda: string, canal: string, corpo: object) {
  expect(await chamarApi(page, 'PUT', `/api/revendas/${idRevenda}/integracoes/${canal}`, { status: true, ...corpo })).toBe(200);
}

/** The address an Autoscar draft leaves to the dealer (the sandbox takes any city and state). */
export const LOCAL_AUTOSCAR = { city: 'SÃO PAULO', state: 'SP' };

/**
 * Autoscar configured for the reseller (the sandbox's dealer 123) and a car of the reseller's own created through the
 * API, without photos (a copied demo car's photos are the demo reseller's: the form would refuse them on a save).
 * The page is signed in as someone who may do both (the admin). Answers the car's id.
 */
export async function carroComAutoscar(page: Page, idRevenda: string): Promise<string> {
  await configurarIntegracao(page, idRevenda, 'autoscar', { id_autoscar: '123' });
  const criado = await chamarApiDados<{ id: string }>(page, `/api/revendas/${idRevenda}/veiculos`, CARRO_API);
  expect(criado.status).toBe(200);
  return criado.data.id;
}

/**
 * A copy of a demo vehicle of "Auto Demo Veículos" (with its photos, same files) in reseller `idRevenda`, so a test
 * publishes a vehicle with photos without touching the demo reseller's adverts: the first car, or the vehicle of that
 * type (and model). Answers the new vehicle's id.
 */
export function copiarVeiculoDemo(idRevenda: string, tipo: 'carro' | 'moto' = 'carro', modelo: string | null = null): Promise<string> {
  return comBanco(async (c) => {
    const { rows } = await c.query<{ id: string; origem: string }>(
      `with origem as (
         select v.* from veiculos v join revendas r on r.id = v.revenda_id
         where r.penome_fantasia = 'Auto Demo Veículos' and v.vetipoveiculo = $2 and ($3::text is null or v.ve_modelo = $3)
           and v.veremovido = 0 and v.vevendido = 0
           and exists (select 1 from veiculo_imagens i where i.veiculo_id = v.id)
         order by v.created_at limit 1)
       insert into veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
         vefipe_ano_modelo, vefipe_combustivel, vecambio, vecor, veportas, vecarroceria, veiplaca, vequilometragem, vevalor, veobservacao)
       select $1, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao, vefipe_ano_modelo,
         vefipe_combustivel, vecambio, vecor, veportas, vecarroceria, veiplaca, vequilometragem, vevalor, veobservacao from origem
       returning id, (select id from origem) as origem`,
      [idRevenda, tipo, modelo],
    );
    const v = rows[0];
    if (!v) throw new Error(`nenhum ${tipo} demo com fotos`);
    await c.query(
      `insert into veiculo_imagens (veiculo_id, revenda_id, posicao, imagem, file_name, file_url, file_thumb, file_original)
       select $1, $2, posicao, imagem, file_name, file_url, file_thumb, file_original from veiculo_imagens where veiculo_id = $3`,
      [v.id, idRevenda, v.origem],
    );
    return v.id;
  });
}
export const copiarCarroDemo = (idRevenda: string) => copiarVeiculoDemo(idRevenda);

/**
 * A copy of the demo car advertised (publicado) on `canal` as `idAnuncio`, written straight in the database: a lead
 * spec's vehicle, found by the lead through its advert id.
 */
export async function carroAnunciado(idRevenda: string, canal: string, idAnuncio: string) {
  const idVeiculo = await copiarCarroDemo(idRevenda);
  await comBanco((c) =>
    c.query(
      `insert into veiculo_integracoes (veiculo_id, canal, revenda_id, status, id_anuncio, estado)
       values ($1, $2, $3, true, $4, 'publicado')`,
      [idVeiculo, canal, idRevenda, idAnuncio],
    ),
  );
  return idVeiculo;
}

/**
 * A copy of the first demo car whose photos are files of `idRevenda` (copied on disk into its folder), so the form
 * can save it: the server refuses a photo stored in another reseller's folder ("Imagem inválida…").
 */
export async function copiarCarroDemoComFotos(idRevenda: string): Promise<string> {
  const idVeiculo = await copiarVeiculoDemo(idRevenda);
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR não definida: os scripts de e2e devem passar o DATA_DIR do servidor');
  await comBanco(async (c) => {
    const { rows } = await c.query<Record<'id' | 'imagem' | 'file_url' | 'file_thumb' | 'file_original', string | null>>(
      'select id, imagem, file_url, file_thumb, file_original from veiculo_imagens where veiculo_id = $1',
      [idVeiculo],
    );
    const deOutra = /\/?revendas\/([0-9a-f-]{36})\//;
    for (const im of rows) {
      const trocar = (u: string | null) => u?.replace(deOutra, (m, id: string) => m.replace(id, idRevenda)) ?? null;
      for (const u of [im.imagem, im.file_url, im.file_thumb, im.file_original]) {
        const chave = u?.match(/revendas\/.*$/)?.[0];
        if (!u || !chave || !deOutra.test(u)) continue;
        const novo = trocar(u)?.match(/revendas\/.*$/)?.[0] as string;
        // A demo photo missing on disk stays missing (the list shows its placeholder).
        await cp(path.join(dataDir, 'arquivos', chave), path.join(dataDir, 'arquivos', novo), { recursive: true }).catch(() => {});
      }
      await c.query('update veiculo_imagens set imagem = $2, file_url = $3, file_thumb = $4, file_original = $5 where id = $1', [
        im.id,
        trocar(im.imagem),
        trocar(im.file_url),
        trocar(im.file_thumb),
        trocar(im.file_original),
      ]);
    }
  });
  return idVeiculo;
}

/**
 * A reseller with a manager ("{nome} {sufixo}") and a copy of the first demo car (or of the demo car of that model),
 * made before the file's tests and removed after them; read its fields inside the tests.
 */
export function revendaComCarroDemo(nome: string, modelo: string | null = null) {
  const dados = {} as { revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>; idVeiculo: string };
  test.beforeAll(async () => {
    dados.revenda = await criarRevendaComGestor(`${nome} ${sufixoUnico()}`);
    dados.idVeiculo = await copiarVeiculoDemo(dados.revenda.idRevenda, 'carro', modelo);
  });
  test.afterAll(() => dados.revenda.remover());
  return dados;
}

/** Opens the vehicle's view: its address and the row of the channel (`nome` as the table shows it) under Integrações. */
export async function abrirVisualizacao(page: Page, idRevenda: string, idVeiculo: string, nome: string) {
  const visualizar = `/revenda/${idRevenda}/veiculos/${idVeiculo}/visualizar`;
  await page.goto(visualizar);
  return { visualizar, linha: linhaCom(page, 'Integrações', nome) };
}

/** Facebook and Instagram: the manager of `dados.revenda` signs in, links the page and account, opens the car's view. */
export async function abrirComRedes(page: Page, dados: ReturnType<typeof revendaComCarroDemo>, nome: 'Facebook' | 'Instagram') {
  const { revenda, idVeiculo } = dados;
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  await configurarRedes(page, revenda.idRevenda);
  return abrirVisualizacao(page, revenda.idRevenda, idVeiculo, nome);
}

/** Excluir on the channel's advert, with the spec's confirmation ("Confirma a exclusão deste anúncio no {nome}?"). */
export async function excluirAnuncio(page: Page, onde: Page | Locator, nome: string) {
  await onde.getByRole('button', { name: `Excluir anúncio no ${nome}` }).click();
  await expect(page.getByText(`Confirma a exclusão deste anúncio no ${nome}?`)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
}

/** No sideways scroll at the phone (390 px) and desktop (1366 px) widths. */
export async function semRolagemNasLarguras(page: Page) {
  for (const largura of [390, 1366]) {
    await page.setViewportSize({ width: largura, height: 844 });
    await semRolagemLateral(page, largura);
  }
}

/** What the Graph sandbox received as vehicle adverts (feed posts and carousels). */
export async function anunciosNoSandbox(page: Page, canal: 'facebook' | 'instagram') {
  const r = await page.request.get(`/sandbox/${canal}/_anuncios`);
  return ((await r.json()) as { data: { id: string; legenda: string; tipo: string; fotos?: string[] }[] }).data;
}

/**
 * The page never scrolls sideways at this width, once the layout has settled: right after a viewport change the
 * shell's navigation animates its width away (AppShell's padding transition), squeezing the screen for ~200 ms.
 * A failure names the innermost elements that stick out.
 */
export async function semRolagemLateral(page: Page, largura: number) {
  const larguraPagina = () => page.evaluate(() => document.documentElement.scrollWidth);
  try {
    await expect.poll(larguraPagina, { timeout: 3_000 }).toBeLessThanOrEqual(largura);
  } catch {
    const largos = await page.evaluate((limite) => {
      // An element's own box, or its text running out of it (scrollWidth over clientWidth without a scroller).
      const direita = (e: Element) => {
        const r = e.getBoundingClientRect();
        const visivel = getComputedStyle(e).overflowX === 'visible';
        return r.right + (visivel ? Math.max(0, e.scrollWidth - e.clientWidth) : 0);
      };
      return [...document.querySelectorAll('body *')]
        .filter((e) => direita(e) > limite + 0.5 && ![...e.children].some((f) => direita(f) > limite + 0.5))
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} (${Math.round(direita(e))} px)`);
    }, largura);
    expect(await larguraPagina(), `largura da página a ${largura} px; passam da borda: ${largos.join(', ')}`).toBeLessThanOrEqual(largura);
  }
}
