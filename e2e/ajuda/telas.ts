import { expect, type Page } from '@playwright/test';
import { CONTAS, comBanco, entrar } from './painel.ts';

/** Ids of the demo data that the screens below are opened with. */
export type IdsDemo = { idRevenda: string; idUsuario: string; idVeiculo: string; idOpcional: string; idLocalAnuncio: string };

export type Papel = 'admin' | 'gestor';

/** One screen of the panel as a user opens it. Add new screens here: the axe and layout suites visit every entry. */
export type TelaE2e = { nome: string; papeis: readonly Papel[]; caminho: (ids: IdsDemo) => string };

const CANAIS = ['autoline', 'autoscar', 'facebook', 'icarros', 'instagram', 'mercadolivre', 'meucarronovo', 'mobiauto', 'olx', 'webmotors'];
const A: Papel[] = ['admin'];
const AG: Papel[] = ['admin', 'gestor'];
const r = (ids: IdsDemo) => `/revenda/${ids.idRevenda}`;

/** Every screen of the panel (admin ones, and those a gestor reaches for its own reseller). */
export const TELAS_E2E: readonly TelaE2e[] = [
  { nome: 'Dashboard (admin)', papeis: A, caminho: () => '/home' },
  ...['incluidos', 'alterados', 'removidos', 'vendidos', 'banners'].map(
    (fila): TelaE2e => ({ nome: `Moderação ${fila}`, papeis: A, caminho: () => `/dashboard/${fila}` }),
  ),
  { nome: 'Dashboard (revenda)', papeis: ['gestor'], caminho: () => '/painel/dashboard' },
  { nome: 'Revendas', papeis: A, caminho: () => '/revenda/listar' },
  { nome: 'Revendas - Plano Básico', papeis: A, caminho: () => '/revenda-free/listar' },
  { nome: 'Incluir revenda', papeis: A, caminho: () => '/revenda/incluir' },
  { nome: 'Alterar revenda', papeis: AG, caminho: (i) => `${r(i)}/alterar` },
  { nome: 'Excluir revenda', papeis: A, caminho: (i) => `${r(i)}/excluir` },
  { nome: 'Integrações', papeis: AG, caminho: (i) => `${r(i)}/integracao` },
  ...CANAIS.map(
    (canal): TelaE2e => ({
      nome: `Configurar ${canal}`,
      papeis: ['autoscar', 'olx'].includes(canal) ? A : AG,
      caminho: (i) => `${r(i)}/configurar-${canal}`,
    }),
  ),
  { nome: 'Usuários', papeis: AG, caminho: (i) => `${r(i)}/usuarios/listar` },
  { nome: 'Incluir usuário', papeis: AG, caminho: (i) => `${r(i)}/usuarios/incluir` },
  { nome: 'Alterar usuário', papeis: AG, caminho: (i) => `${r(i)}/usuarios/${i.idUsuario}/alterar` },
  { nome: 'Excluir usuário', papeis: A, caminho: (i) => `${r(i)}/usuarios/${i.idUsuario}/excluir` },
  { nome: 'Veículos', papeis: AG, caminho: (i) => `${r(i)}/veiculos/listar` },
  { nome: 'Incluir veículo', papeis: AG, caminho: (i) => `${r(i)}/veiculos/incluir` },
  { nome: 'Histórico', papeis: AG, caminho: (i) => `${r(i)}/veiculos/historico` },
  { nome: 'Visualizar veículo', papeis: AG, caminho: (i) => `${r(i)}/veiculos/${i.idVeiculo}/visualizar` },
  { nome: 'Alterar veículo', papeis: AG, caminho: (i) => `${r(i)}/veiculos/${i.idVeiculo}/alterar` },
  { nome: 'Excluir veículo', papeis: A, caminho: (i) => `${r(i)}/veiculos/${i.idVeiculo}/excluir` },
  { nome: 'Banners', papeis: AG, caminho: (i) => `${r(i)}/banners/listar` },
  { nome: 'Incluir banner', papeis: AG, caminho: (i) => `${r(i)}/banners/incluir` },
  { nome: 'Vendidos', papeis: AG, caminho: (i) => `${r(i)}/vendidos/listar` },
  { nome: 'Incluir vendido', papeis: AG, caminho: (i) => `${r(i)}/vendidos/incluir` },
  { nome: 'Imagens destaque', papeis: A, caminho: (i) => `${r(i)}/imagem-destaque/listar` },
  { nome: 'Incluir imagem destaque', papeis: A, caminho: (i) => `${r(i)}/imagem-destaque/incluir` },
  { nome: 'Banner site', papeis: A, caminho: (i) => `${r(i)}/banner-site/listar` },
  { nome: 'Incluir banner site', papeis: A, caminho: (i) => `${r(i)}/banner-site/incluir` },
  { nome: 'Leads', papeis: AG, caminho: (i) => `${r(i)}/leads/listar` },
  { nome: 'Leads de todas as revendas', papeis: A, caminho: () => '/leads/listar' },
  { nome: 'Notificações', papeis: A, caminho: (i) => `${r(i)}/notificacoes/listar` },
  { nome: 'Nova notificação', papeis: A, caminho: (i) => `${r(i)}/notificacoes/incluir` },
  { nome: 'Opcionais', papeis: A, caminho: () => '/opcionais/listar' },
  { nome: 'Incluir opcional', papeis: A, caminho: () => '/opcionais/incluir' },
  { nome: 'Alterar opcional', papeis: A, caminho: (i) => `/opcionais/${i.idOpcional}/alterar` },
  { nome: 'Excluir opcional', papeis: A, caminho: (i) => `/opcionais/${i.idOpcional}/excluir` },
  { nome: 'Locais de anúncio', papeis: A, caminho: () => '/locais-anuncio/listar' },
  { nome: 'Incluir local de anúncio', papeis: A, caminho: () => '/locais-anuncio/incluir' },
  { nome: 'Alterar local de anúncio', papeis: A, caminho: (i) => `/locais-anuncio/${i.idLocalAnuncio}/alterar` },
  { nome: 'Excluir local de anúncio', papeis: A, caminho: (i) => `/locais-anuncio/${i.idLocalAnuncio}/excluir` },
  { nome: 'FIPE manual', papeis: A, caminho: () => '/fipe/listar' },
  { nome: 'Incluir FIPE', papeis: A, caminho: () => '/fipe/incluir' },
  { nome: 'Acesso negado', papeis: AG, caminho: () => '/acesso-negado' },
  { nome: 'Página não encontrada', papeis: AG, caminho: () => '/nao-existe' },
];

const MARCADOR: IdsDemo = {
  idRevenda: '{revenda}',
  idUsuario: '{usuario}',
  idVeiculo: '{veiculo}',
  idOpcional: '{opcional}',
  idLocalAnuncio: '{local}',
};
/** Whether the screen is one of the demo reseller's (its address has the reseller's id), rather than a global one. */
export const daRevenda = (tela: TelaE2e) => tela.caminho(MARCADOR).includes(MARCADOR.idRevenda);

/**
 * The per-vehicle publishing screens (the car's and the motorcycle's, one per channel and type, and the change screens
 * of the channels that have one): they need a vehicle of a reseller with the channel configured (and, for Alterar, an
 * advert of it), which the axe suite prepares once for all of them; `{anuncio}` in `caminho` is that advert's id. The
 * portals' screens (iCarros, Mobiauto, Na Pista) are checked with axe at both widths by their own specs
 * (ajuda/portais.ts), which configure them anyway.
 */
export type TelaPublicacaoE2e = { nome: string; veiculo: 'carro' | 'moto'; caminho: string };
export const TELAS_PUBLICACAO_E2E: readonly TelaPublicacaoE2e[] = [
  { nome: 'Incluir carro Webmotors', veiculo: 'carro', caminho: 'webmotors/incluir-carro' },
  { nome: 'Incluir carro Autoscar', veiculo: 'carro', caminho: 'autoscar/incluir-carro' },
  { nome: 'Incluir veículo Autoline', veiculo: 'carro', caminho: 'autoline/incluir' },
  { nome: 'Incluir veículo Olx', veiculo: 'carro', caminho: 'olx/incluir' },
  { nome: 'Incluir carro Mercado Livre', veiculo: 'carro', caminho: 'mercadolivre/incluir-carro' },
  { nome: 'Incluir carro Facebook', veiculo: 'carro', caminho: 'facebook/incluir' },
  { nome: 'Incluir carro Instagram', veiculo: 'carro', caminho: 'instagram/incluir' },
  { nome: 'Incluir moto Webmotors', veiculo: 'moto', caminho: 'webmotors/incluir-moto' },
  { nome: 'Incluir moto Autoscar', veiculo: 'moto', caminho: 'autoscar/incluir-moto' },
  { nome: 'Incluir moto Mercado Livre', veiculo: 'moto', caminho: 'mercadolivre/incluir-moto' },
  { nome: 'Alterar veículo Webmotors', veiculo: 'carro', caminho: 'webmotors/{anuncio}/alterar' },
  { nome: 'Alterar carro Autoscar', veiculo: 'carro', caminho: 'autoscar/{anuncio}/alterar-carro' },
  { nome: 'Alterar moto Autoscar', veiculo: 'moto', caminho: 'autoscar/{anuncio}/alterar-moto' },
];

export const CONTA_DO_PAPEL: Record<Papel, string> = { admin: CONTAS.admin, gestor: CONTAS.gestorA };

/** The demo reseller of the gestor account (Auto Demo Veículos) and one of each of its records. */
export function idsDemo(): Promise<IdsDemo> {
  return comBanco(async (c) => {
    const um = async (sql: string, params: unknown[] = []) => (await c.query<{ id: string }>(sql, params)).rows[0]?.id as string;
    const idRevenda = await um('select revenda_id as id from usuarios where email = $1', [CONTAS.gestorA]);
    return {
      idRevenda,
      idUsuario: await um('select id from usuarios where email = $1', [CONTAS.gestorA]),
      idVeiculo: await um(
        'select id from veiculos where revenda_id = $1 and veremovido = 0 and vevendido = 0 order by created_at limit 1',
        [idRevenda],
      ),
      // Never a record that catalogos.spec.ts is creating and deleting meanwhile (its names end in "e2e-…").
      idOpcional: await um(`select id from opcionais where descricao not like '%e2e-%' order by descricao limit 1`),
      idLocalAnuncio: await um(`select id from locais_anuncio where descricao not like '%e2e-%' order by descricao limit 1`),
    };
  });
}

/** Signs in as `papel` (the screen after sign-in proves it worked). */
export async function entrarComo(page: Page, papel: Papel) {
  await entrar(page, CONTA_DO_PAPEL[papel]);
  await expect(page).toHaveURL(papel === 'admin' ? /\/home$/ : /\/painel\/dashboard$/);
}

/** Opens a screen and waits until it has drawn its heading and finished loading its data. */
export async function abrirTela(page: Page, caminho: string) {
  await page.goto(caminho);
  // The heading comes with the screen's data: give it the same time as the loaders below.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.mantine-Loader-root, [role="progressbar"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Whether the page scrolls sideways (the document is wider than the window). */
export const rolaDeLado = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

export const VIEWPORTS = [
  { nome: '1366×768', width: 1366, height: 768 },
  { nome: '390×844', width: 390, height: 844 },
] as const;
