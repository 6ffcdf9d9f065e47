import { expect, type Page, test } from '@playwright/test';
import { violacoesAxe } from './axe.ts';
import { criarRevendaComGestor, escolherOpcao, linhaCom, sufixoUnico } from './cadastros.ts';
import { entrar } from './painel.ts';
import { chamarApi, copiarCarroDemo, excluirAnuncio, semRolagemLateral } from './publicacao.ts';

/** The portals with a Keycloak or login configuration (spec 3 §2.5): iCarros, Mobiauto, Na Pista (meucarronovo). */
export type Portal = 'icarros' | 'mobiauto' | 'meucarronovo';
const CREDENCIAIS: Record<Portal, Record<string, string>> = {
  icarros: { email_icarros: 'loja@autodemo.test', senha_icarros: 's' },
  mobiauto: { email_integrador: 'loja@autodemo.test', senha_integrador: 's' },
  meucarronovo: { email_meucarronovo: 'loja@autodemo.test', senha_meucarronovo: 's' },
};

/** Saves the portal's integration active and connects it (tokens from the sandbox), as the configuration screen does. */
export async function configurarPortal(page: Page, idRevenda: string, canal: Portal) {
  const credenciais = CREDENCIAIS[canal];
  const gravar = await chamarApi(page, 'PUT', `/api/revendas/${idRevenda}/integracoes/${canal}`, { status: true, ...credenciais });
  const conectar = await chamarApi(page, 'POST', `/api/integracao/${canal}/configurar`, { id_revenda: idRevenda, ...credenciais });
  expect([gravar, conectar]).toEqual([200, 200]);
}

/** What the portal's sandbox received. */
export async function anunciosDoPortal(page: Page, canal: Portal) {
  const r = await page.request.get(`/sandbox/${canal}/_anuncios`);
  return ((await r.json()) as { anuncios: Record<string, unknown>[] }).anuncios;
}

type Roteiro = {
  canal: Portal;
  nome: string;
  titulo: string;
  /** The screen's own choices after the cascade (plan, vehicle type…); the last step before a valid Enviar. */
  completar: (page: Page) => Promise<void>;
  /** The text field (Observações / Descrição), whose value identifies the advert in the sandbox. */
  campoTexto: string;
  campoTextoNoCanal: string;
  /** The portal confirms the publication later (Mobiauto): pending until the reconciliation job's poll (every minute;
   * every 10 s on the e2e server, RECONCILIAR_SEGUNDOS). */
  confirmacaoAssincrona?: boolean;
};

/**
 * The browser test of one portal (spec 3 §2.1–2.5, §4, §5, §8.1): vehicle view → Incluir → the screen with the draft
 * (Dados Intermédio / Dados {portal}) → make → model → version cascade → Enviar without the required choices
 * ("Campos obrigatórios não preenchidos!") → complete → Enviar → the view shows the advert → Excluir with the
 * confirmation. At 390 px and 1366 px the screen does not scroll sideways.
 */
export function testarPortal(r: Roteiro) {
  let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
  let idVeiculo: string;
  test.beforeAll(async () => {
    revenda = await criarRevendaComGestor(`Publicação ${r.nome} E2E ${sufixoUnico()}`);
    idVeiculo = await copiarCarroDemo(revenda.idRevenda);
  });
  test.afterAll(() => revenda.remover());

  test(`${r.nome}: carrega, cascata, valida, envia, a visualização mostra o anúncio e Excluir o remove`, async ({ page }) => {
    test.setTimeout(r.confirmacaoAssincrona ? 270_000 : 120_000);
    await entrar(page, revenda.email);
    await expect(page).toHaveURL(/\/painel\/dashboard$/);
    await configurarPortal(page, revenda.idRevenda, r.canal);

    const visualizar = `/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`;
    await page.goto(visualizar);
    const linha = linhaCom(page, 'Integrações', r.nome);
    await expect(linha.getByText('Não publicado')).toBeVisible();
    await linha.getByRole('link', { name: `Incluir anúncio no ${r.nome}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: r.titulo })).toBeVisible();
    await expect(page.getByText('Dados Intermédio', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`Dados ${r.nome}`, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('* Campo obrigatório')).toBeVisible();
    // The draft matched the vehicle's make in the portal's catalogue.
    await expect(page.getByRole('combobox', { name: 'Marca' })).not.toHaveValue('');
    await expect(page.getByRole('img', { name: 'Foto 1' })).toBeVisible();

    for (const largura of [390, 1366]) {
      await page.setViewportSize({ width: largura, height: 844 });
      await semRolagemLateral(page, largura);
      expect(await violacoesAxe(page), `axe a ${largura} px`).toEqual([]);
    }

    // Cascade (spec 3 §4): another make clears model and version and lists that make's models.
    await escolherOpcao(page, 'Marca', r.canal === 'meucarronovo' ? 'HYUNDAI' : 'Hyundai');
    await expect(page.getByRole('combobox', { name: 'Modelo' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Versão' })).toHaveValue('');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Campos obrigatórios não preenchidos!')).toBeVisible();
    await expect(page.getByText('Preenchimento obrigatório').first()).toBeVisible();
    await escolherOpcao(page, 'Modelo', 'HB20');
    await escolherOpcao(page, 'Versão', r.canal === 'meucarronovo' ? 'COMFORT 1.0 FLEX 12V MEC.' : 'Comfort 1.0 Flex 12V Mec.');
    await r.completar(page);
    const texto = `Anúncio ${sufixoUnico()}: revisado, único dono.`;
    await page.getByRole('textbox', { name: r.campoTexto }).fill(texto);

    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page).toHaveURL(new RegExp(`${visualizar}$`));
    if (r.confirmacaoAssincrona) {
      await expect(page.getByText(/aguardando a confirmação do canal/).first()).toBeVisible();
      await expect(linha.getByText('Pendente')).toBeVisible();
      await expect(linha.getByText(`Aguardando a confirmação de ${r.nome}.`)).toBeVisible();
      // The job polls the portal (every minute, 10 s here): in review at the first look, published at the next; the view
      // updates live.
      await expect(linha.getByText('Publicado', { exact: true })).toBeVisible({ timeout: 150_000 });
    } else {
      await expect(page.getByText(`Veículo publicado em ${r.nome}.`)).toBeVisible();
      await expect(linha.getByText('Publicado', { exact: true })).toBeVisible();
    }
    expect((await anunciosDoPortal(page, r.canal)).some((a) => a[r.campoTextoNoCanal] === texto)).toBe(true);

    await excluirAnuncio(page, linha, r.nome);
    await expect(page.getByText('Anúncio excluído com sucesso.')).toBeVisible();
    await expect(linha.getByText('Não publicado')).toBeVisible();
    expect((await anunciosDoPortal(page, r.canal)).some((a) => a[r.campoTextoNoCanal] === texto)).toBe(false);
  });
}
