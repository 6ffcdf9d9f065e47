import { expect, type Page, test } from '@playwright/test';
import { CONTAS, comBanco, entrar, idRevendaPorNome } from '../ajuda/painel.ts';

/**
 * Integrations list and portal configuration screens against the real server and its channel sandboxes
 * (spec 1 §2, §4, §5, §6, §8). Sandbox switches: a credential containing "recusar" makes the channel refuse.
 */
const REVENDA = 'Auto Demo Veículos';
let idRevenda = '';

const limparIntegracoes = () => comBanco((c) => c.query('delete from revenda_integracoes where revenda_id = $1', [idRevenda]));

test.beforeAll(async () => {
  idRevenda = await idRevendaPorNome(REVENDA);
});
test.beforeEach(limparIntegracoes);
test.afterAll(limparIntegracoes);

const linha = (page: Page, canal: string) => page.locator(`tr[data-canal="${canal}"]`);
const status = (page: Page, canal: string, nome: 'Ativo' | 'Inativo' | 'Não configurado') =>
  expect(linha(page, canal).getByRole('img', { name: nome, exact: true })).toBeVisible();

async function entrarNaLista(page: Page, conta: string, inicio: RegExp) {
  await entrar(page, conta);
  await expect(page).toHaveURL(inicio);
  await page.goto(`/revenda/${idRevenda}/integracao`);
  await expect(page.getByRole('heading', { name: 'Integrações', level: 1 })).toBeVisible();
  await expect(page.locator('tr[data-canal]')).toHaveCount(10);
}

test.describe('lista de integrações por papel', () => {
  test('admin: coluna Ações, links de Autoscar, Mercado Livre e Olx, Voltar para /revenda/listar', async ({ page }) => {
    await entrarNaLista(page, CONTAS.admin, /\/home$/);
    await expect(page.getByRole('columnheader', { name: 'Ações' })).toBeVisible();
    const nomes = await page.locator('tr[data-canal] td:first-child').allInnerTexts();
    expect(nomes).toEqual([
      'Autoline',
      'Autoscar',
      'Facebook',
      'iCarros',
      'Instagram',
      'Mercado Livre',
      'Mobiauto',
      'Na Pista',
      'Olx',
      'Webmotors',
    ]);
    for (const canal of ['autoline', 'autoscar', 'facebook', 'olx', 'webmotors']) await status(page, canal, 'Não configurado');
    for (const [canal, nome] of [
      ['autoscar', 'Autoscar'],
      ['mercadolivre', 'Mercado Livre'],
      ['olx', 'Olx'],
      ['meucarronovo', 'Na Pista'],
    ])
      await expect(page.getByRole('link', { name: `Configurar ${nome}` })).toHaveAttribute(
        'href',
        `/revenda/${idRevenda}/configurar-${canal}`,
      );
    await expect(page.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/revenda/listar');
    await page.getByRole('link', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/revenda\/listar$/);
  });

  test('gestor: sem Ações e sem os links de Autoscar, Mercado Livre e Olx; Voltar para o painel; Autoscar negado', async ({ page }) => {
    await entrarNaLista(page, CONTAS.gestorA, /\/painel\/dashboard$/);
    await expect(page.getByRole('columnheader', { name: 'Configurar' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
    for (const canal of ['autoscar', 'mercadolivre', 'olx']) await expect(linha(page, canal).getByRole('link')).toHaveCount(0);
    await expect(linha(page, 'webmotors').getByRole('link', { name: 'Configurar Webmotors' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/painel/dashboard');
    await page.goto(`/revenda/${idRevenda}/configurar-autoscar`);
    await expect(page).toHaveURL(/\/acesso-negado$/);
  });

  test('a lista fica ao vivo: um registro gravado por outra pessoa muda o ícone sem recarregar', async ({ page }) => {
    await entrarNaLista(page, CONTAS.gestorA, /\/painel\/dashboard$/);
    await status(page, 'icarros', 'Não configurado');
    await page.evaluate(() => Object.assign(window, { marcadorSemRecarga: true }));
    await comBanco((c) =>
      c.query(`insert into revenda_integracoes (revenda_id, canal, descricao, status) values ($1, 'icarros', 'iCarros', true)`, [
        idRevenda,
      ]),
    );
    await status(page, 'icarros', 'Ativo');
    await comBanco((c) =>
      c.query(`update revenda_integracoes set status = false where revenda_id = $1 and canal = 'icarros'`, [idRevenda]),
    );
    await status(page, 'icarros', 'Inativo');
    expect(await page.evaluate(() => (window as unknown as { marcadorSemRecarga?: boolean }).marcadorSemRecarga)).toBe(true);
  });
});

test('Webmotors: validação, sucesso (verde) e recusa do canal (Inativo), com a senha guardada mantida', async ({ page }) => {
  await entrarNaLista(page, CONTAS.gestorA, /\/painel\/dashboard$/);
  await linha(page, 'webmotors').getByRole('link', { name: 'Configurar Webmotors' }).click();
  await expect(page.getByRole('heading', { name: 'Configurar Webmotors' })).toBeVisible();
  await expect(page.getByLabel('Status integração')).toHaveValue('1');

  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(3);
  await page.getByLabel('CNPJ').fill('12.345.678/0001-95');
  await page.getByLabel('E-mail de acesso').fill('loja-sem-arroba');
  await page.getByLabel(/^Senha/).fill('segredo-wm');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('E-mail inválido')).toBeVisible();
  await expect(page).toHaveURL(/configurar-webmotors$/);

  await page.getByLabel('E-mail de acesso').fill('loja@autodemo.test');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
  await status(page, 'webmotors', 'Ativo');

  // Configured: the stored login shows, the password stays empty (kept when left empty); the channel refuses.
  await linha(page, 'webmotors').getByRole('link', { name: 'Configurar Webmotors' }).click();
  await expect(page.getByLabel('E-mail de acesso')).toHaveValue('loja@autodemo.test');
  await expect(page.getByLabel(/^Senha/)).toHaveValue('');
  await expect(page.getByText('Deixe em branco para manter a senha atual.')).toBeVisible();
  await page.getByLabel('E-mail de acesso').fill('recusar@autodemo.test');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
  await status(page, 'webmotors', 'Inativo');
  // Back on the list as the spec says, with a toast giving the channel's reason.
  await expect(page.getByText('Webmotors recusou a configuração')).toBeVisible();
});

test('Olx (admin): a recusa mostra o texto devolvido num bloco vermelho e a tela fica; depois, sucesso', async ({ page }) => {
  await entrarNaLista(page, CONTAS.admin, /\/home$/);
  await page.getByRole('link', { name: 'Configurar Olx' }).click();
  await expect(page.getByRole('heading', { name: 'Configurar Olx' })).toBeVisible();
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Preenchimento obrigatório')).toBeVisible();
  await page.getByLabel('Código Olx').fill('recusar');
  await page.getByRole('button', { name: 'Gravar' }).click();
  const bloco = page.getByTestId('recusa-canal');
  await expect(bloco).toBeVisible();
  // OLX refuses a bad code as invalid_grant: a code is single use and expires in 10 minutes.
  await expect(bloco).toHaveText('O código de autorização já foi usado ou expirou. Gere um novo.');
  await expect(page).toHaveURL(/configurar-olx$/);
  // The server already set the record back to Inativo.
  await expect(page.getByTestId('status-integracao')).toHaveAttribute('data-status', 'inativo');

  await page.getByLabel('Código Olx').fill('codigo-olx-valido');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
  await status(page, 'olx', 'Ativo');
});

test('Autoscar (admin): Número inválido para 0 e letras; sucesso; Ações Desativar e Ativar', async ({ page }) => {
  await entrarNaLista(page, CONTAS.admin, /\/home$/);
  await page.getByRole('link', { name: 'Configurar Autoscar' }).click();
  await expect(page.getByLabel('ID revenda Autoscar')).toBeVisible();
  for (const errado of ['0', 'abc']) {
    await page.getByLabel('ID revenda Autoscar').fill(errado);
    await page.getByRole('button', { name: 'Gravar' }).click();
    await expect(page.getByText('Número inválido')).toBeVisible();
  }
  await page.getByLabel('ID revenda Autoscar').fill('12345');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
  await status(page, 'autoscar', 'Ativo');

  await page.getByRole('button', { name: 'Desativar Autoscar' }).click();
  await status(page, 'autoscar', 'Inativo');
  await page.getByRole('button', { name: 'Ativar Autoscar' }).click();
  await status(page, 'autoscar', 'Ativo');
});

test('Na Pista: login só obrigatório (não precisa ser e-mail); sucesso', async ({ page }) => {
  await entrarNaLista(page, CONTAS.gestorA, /\/painel\/dashboard$/);
  await page.getByRole('link', { name: 'Configurar Na Pista' }).click();
  await expect(page.getByRole('heading', { name: 'Configurar Na Pista' })).toBeVisible();
  await page.getByLabel(/^Senha/).fill('segredo-mcn');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Preenchimento obrigatório')).toHaveCount(1);
  // "lento": the channel answers after ~2 s; meanwhile the form is disabled.
  await page.getByLabel('Login').fill('lojademo-lento');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByLabel('Login')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Gravar' })).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
  await status(page, 'meucarronovo', 'Ativo');
});

test('Mercado Livre: o canal é chamado antes; a recusa vem num alerta e nada é gravado; depois, sucesso', async ({ page }) => {
  await entrarNaLista(page, CONTAS.admin, /\/home$/);
  await page.getByRole('link', { name: 'Configurar Mercado Livre' }).click();
  await page.getByLabel('Código Mercado Livre').fill('TG-recusar');
  // Accept the alert as it opens: waiting for it alongside the click can deadlock when the click is still settling.
  const mensagens: string[] = [];
  page.once('dialog', (d) => {
    mensagens.push(d.message());
    void d.accept();
  });
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect.poll(() => mensagens).toEqual(['O código de autorização já foi usado ou expirou. Gere um novo.']);
  await expect(page).toHaveURL(/configurar-mercadolivre$/);
  await page.getByRole('link', { name: 'Voltar' }).first().click();
  await status(page, 'mercadolivre', 'Não configurado');

  await page.getByRole('link', { name: 'Configurar Mercado Livre' }).click();
  await page.getByLabel('Código Mercado Livre').fill('TG-codigo-valido');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
  await status(page, 'mercadolivre', 'Ativo');
});

test('Olx sem resposta do canal ("travar"): o servidor desiste e o texto aparece no bloco vermelho', async ({ page }) => {
  test.setTimeout(60_000);
  await entrarNaLista(page, CONTAS.admin, /\/home$/);
  await page.getByRole('link', { name: 'Configurar Olx' }).click();
  await page.getByLabel('Código Olx').fill('travar');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByLabel('Código Olx')).toBeDisabled();
  await expect(page.getByTestId('recusa-canal')).toContainText('Olx', { timeout: 30_000 });
  await expect(page.getByLabel('Código Olx')).toBeEnabled();
});

test('Mobiauto: a recusa aparece num alerta vermelho acima dos botões', async ({ page }) => {
  await entrarNaLista(page, CONTAS.gestorA, /\/painel\/dashboard$/);
  await page.getByRole('link', { name: 'Configurar Mobiauto' }).click();
  await page.getByLabel('E-mail de acesso').fill('recusar@autodemo.test');
  await page.getByLabel(/^Senha/).fill('x');
  await page.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByTestId('recusa-canal')).toContainText('Mobiauto');
  await expect(page).toHaveURL(/configurar-mobiauto$/);
});

test('Olx (admin): "Autorizar na Olx" abre a página do canal e volta com a integração ativa', async ({ page }) => {
  await entrarNaLista(page, CONTAS.admin, /\/home$/);
  await page.getByRole('link', { name: 'Configurar Olx' }).click();
  await page.getByRole('button', { name: 'Autorizar na Olx' }).click();
  // The sandbox plays OLX's authorization host; it only accepts this server's redirect address.
  await expect(page).toHaveURL(/\/sandbox\/olx\/auth\/oauth\?/);
  expect(new URL(page.url()).searchParams.get('redirect_uri')).toMatch(/\/integracao\/olx\/retorno$/);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
  await expect(page.getByText('Conta Olx loja.demo@olx.sandbox conectada.', { exact: false })).toBeVisible();
  await status(page, 'olx', 'Ativo');
  await expect(linha(page, 'olx').getByText(/^Verificado em \d\d\/\d\d\/\d{4}/)).toBeVisible();
});

test('Mercado Livre (gestor): autoriza no canal; cancelar no canal mostra o motivo', async ({ page }) => {
  await entrarNaLista(page, CONTAS.gestorA, /\/painel\/dashboard$/);
  await page.goto(`/revenda/${idRevenda}/configurar-mercadolivre`);
  await page.getByRole('button', { name: 'Autorizar no Mercado Livre' }).click();
  await expect(page).toHaveURL(/\/sandbox\/mercadolivre\/auth\/authorization\?.*code_challenge=/);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('erro-retorno')).toHaveText('A autorização foi cancelada no canal.');
  // The code never stays in the address bar.
  await expect(page).toHaveURL(/\/integracao\/mercadolivre\/retorno$/);

  await page.goto(`/revenda/${idRevenda}/configurar-mercadolivre`);
  await page.getByRole('button', { name: 'Autorizar no Mercado Livre' }).click();
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${idRevenda}/integracao$`));
  await status(page, 'mercadolivre', 'Ativo');
});
