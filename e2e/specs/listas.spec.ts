import { type Browser, expect, type Page, test } from '@playwright/test';
import { criarRevendaComGestor, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, comBanco, entrar } from '../ajuda/painel.ts';
import { copiarCarroDemo } from '../ajuda/publicacao.ts';
import { rolaDeLado } from '../ajuda/telas.ts';

/** A signed-in admin in its own browser context (a second tab of another session), counting the API calls it makes. */
async function abrirAdmin(browser: Browser) {
  const contexto = await browser.newContext();
  const page = await contexto.newPage();
  const chamadas: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/eventos') chamadas.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
  return { page, chamadas, fechar: () => contexto.close() };
}

const quantas = (chamadas: string[], alvo: string) => chamadas.filter((c) => c === alvo).length;
const esperarAoVivo = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/eventos');

test('a change made in one tab (or straight in the database) appears in the other tab without downloading the list again', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const sufixo = sufixoUnico();
  const revenda = await criarRevendaComGestor(`Zeta Ao Vivo ${sufixo}`);
  const outra = `Ágil Ao Vivo ${sufixo}`;
  const a = await abrirAdmin(browser);
  const b = await abrirAdmin(browser);
  try {
    const aoVivo = esperarAoVivo(b.page);
    await b.page.goto('/revenda/listar');
    await aoVivo;
    await expect(linhaCom(b.page, 'Revendas', `Zeta Ao Vivo ${sufixo}`)).toBeVisible();
    const listaPagos = 'GET /api/revendas?plano=pagos';
    expect(quantas(b.chamadas, listaPagos)).toBe(1);

    // Tab A blocks the reseller's users from its own list screen.
    await a.page.goto('/revenda/listar');
    const naA = linhaCom(a.page, 'Revendas', `Zeta Ao Vivo ${sufixo}`);
    await naA.getByRole('button', { name: /^Manutenção/ }).click();
    await a.page.getByRole('menuitem', { name: 'Bloquear acesso dos usuários' }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(a.page.getByText('Acesso dos usuários bloqueado.')).toBeVisible();
    await expect(linhaCom(b.page, 'Revendas', `Zeta Ao Vivo ${sufixo}`)).toContainText('Usuários bloqueados');

    // Changes written straight to the database (another process): a new reseller, renamed, then deleted.
    const [nova] = await comBanco(
      async (c) =>
        (
          await c.query<{ id: string }>(
            `insert into revendas (perazao_social_nome, penome_fantasia, peemail, plano) values ('R', $1, $2, 'vendedor') returning id`,
            [`Nova Ao Vivo ${sufixo}`, `nova-${sufixo}@e2e.test`],
          )
        ).rows,
    );
    await expect(linhaCom(b.page, 'Revendas', `Nova Ao Vivo ${sufixo}`)).toBeVisible();
    await comBanco((c) => c.query('update revendas set penome_fantasia = $1 where id = $2', [outra, nova?.id]));
    await expect(linhaCom(b.page, 'Revendas', outra)).toBeVisible();
    await expect(linhaCom(b.page, 'Revendas', `Nova Ao Vivo ${sufixo}`)).toHaveCount(0);
    await comBanco((c) => c.query('delete from revendas where id = $1', [nova?.id]));
    await expect(linhaCom(b.page, 'Revendas', outra)).toHaveCount(0);

    // Only the changed rows were fetched, never the whole list again.
    expect(quantas(b.chamadas, listaPagos)).toBe(1);
    expect(b.chamadas.filter((c) => c.startsWith(`GET /api/revendas/lista/${nova?.id}?plano=pagos`)).length).toBeGreaterThan(0);
    expect(b.chamadas.filter((c) => c.startsWith(`GET /api/revendas/lista/${revenda.idRevenda}?plano=pagos`)).length).toBeGreaterThan(0);

    // The users list of that reseller, live the same way.
    await b.page.goto(`/revenda/${revenda.idRevenda}/usuarios/listar`);
    await expect(b.page.getByText(revenda.email)).toBeVisible();
    const listaUsuarios = `GET /api/revendas/${revenda.idRevenda}/usuarios`;
    expect(quantas(b.chamadas, listaUsuarios)).toBe(1);
    const emailNovo = `cliente-${sufixo}@e2e.test`;
    await comBanco((c) =>
      c.query(`insert into usuarios (email, nome, role, revenda_id, senha_hash) values ($1, 'Átila Cliente', 'client', $2, 'x')`, [
        emailNovo,
        revenda.idRevenda,
      ]),
    );
    await expect(b.page.getByText(emailNovo)).toBeVisible();
    await comBanco((c) => c.query('update usuarios set nome = $1 where email = $2', ['Átila Renomeado', emailNovo]));
    await expect(b.page.getByText('Átila Renomeado')).toBeVisible();
    expect(quantas(b.chamadas, listaUsuarios)).toBe(1);
  } finally {
    await a.fechar();
    await b.fechar();
    await revenda.remover();
  }
});

/**
 * One list screen at 390 px: its table region, the row to look at, the row's action (a compact "Ações" menu or a
 * single button) and how the list is searched ("Buscar em …" with the row count, or the vehicles' own filter).
 */
type ListaTelefone = { caminho: string; tabela: string; linha: string; acao: RegExp; menu?: string; busca?: string };

test('every list fits 390 px: the row name, Mais and the actions in view, nothing scrolls sideways; search, count and sort', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sufixo = sufixoUnico();
  const revenda = await criarRevendaComGestor(`Lista Telefone ${sufixo}`);
  const id = revenda.idRevenda;
  const [ativo, removido] = [await copiarCarroDemo(id), await copiarCarroDemo(id)];
  const marcaFipe = `Marca Telefone ${sufixo}`;
  await comBanco(async (c) => {
    await c.query(
      `update veiculos set veremovido = 1, vedataremovido = now(), veremovido_usuario_nome = 'Gestor E2E', vefipe_name = $2
       where id = $1`,
      [removido, `Removido ${sufixo}`],
    );
    await c.query(`update veiculos set vefipe_name = $2 where id = $1`, [ativo, `Ativo ${sufixo}`]);
    await c.query(
      `insert into notificacoes (revenda_id, titulo, link, acesso) values ($1, $2, 'https://exemplo.com.br/promocao', 'todos')`,
      [id, `Promoção ${sufixo}`],
    );
    await c.query(
      `insert into fipe_manual (tipo, marca_api, modelo_api, versao_api, anomod) values (1, $1, 'Modelo T', 'Versão 1.0', '2024')`,
      [marcaFipe],
    );
  });
  const listas: ListaTelefone[] = [
    {
      caminho: `/revenda/${id}/veiculos/listar`,
      tabela: 'Veículos',
      linha: `Ativo ${sufixo}`,
      acao: /^Ações do veículo /,
      menu: 'Marcar como vendido',
    },
    {
      caminho: `/revenda/${id}/veiculos/historico`,
      tabela: 'Histórico',
      linha: `Removido ${sufixo}`,
      acao: /^Ações:/,
      menu: 'Baixar',
      busca: 'Histórico',
    },
    {
      caminho: `/revenda/${id}/usuarios/listar`,
      tabela: 'Usuários',
      linha: 'Gestor E2E',
      acao: /^Ações:/,
      menu: 'Alterar',
      busca: 'Usuários',
    },
    {
      caminho: `/revenda/${id}/notificacoes/listar`,
      tabela: 'Notificações',
      linha: `Promoção ${sufixo}`,
      acao: /^Excluir/,
      busca: 'Notificações',
    },
    { caminho: '/opcionais/listar', tabela: 'Opcionais', linha: '', acao: /^Ações:/, menu: 'Excluir', busca: 'Opcionais' },
    {
      caminho: '/locais-anuncio/listar',
      tabela: 'Locais de anúncio',
      linha: '',
      acao: /^Ações:/,
      menu: 'Alterar',
      busca: 'Locais de anúncio',
    },
    { caminho: '/fipe/listar', tabela: 'Veículos FIPE Manual', linha: marcaFipe, acao: /^Excluir/, busca: 'Veículos FIPE Manual' },
    { caminho: '/revenda/listar', tabela: 'Revendas', linha: `Lista Telefone ${sufixo}`, acao: /^Manutenção/, busca: 'Revendas' },
  ];
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await entrar(page, CONTAS.admin);
    await expect(page).toHaveURL(/\/home$/);
    const falhas: string[] = [];
    for (const l of listas) {
      await page.goto(l.caminho);
      const tabela = page.getByRole('table', { name: l.tabela, exact: true });
      await expect(tabela.getByRole('row').nth(1), l.tabela).toBeVisible();
      // Search (every list: "Buscar em …" with the row count; the vehicles keep their own filter) brings the row into
      // the virtualised window whatever other specs added meanwhile; and a sortable column.
      if (l.busca) {
        await expect(page.getByTestId('contagem-lista')).toHaveText(/^[\d.]+ registros?$/);
        if (l.linha) {
          await page.getByRole('searchbox', { name: `Buscar em ${l.busca}` }).fill(l.linha);
          await expect(page.getByTestId('contagem-lista'), l.tabela).toHaveText(/^1 de [\d.]+ registros$/);
        }
      } else await page.getByRole('textbox', { name: 'Filtrar' }).fill(l.linha);
      await expect(tabela.getByRole('columnheader').getByRole('button').first(), l.tabela).toBeVisible();
      const linha = tabela
        .getByRole('row')
        .filter({ hasText: l.linha })
        .filter({ has: page.getByRole('cell') })
        .first();
      await expect(linha, l.tabela).toBeVisible();
      const regiao = page.getByRole('region', { name: l.tabela, exact: true });
      // Once the columns have settled (the table measures its width after the first render, then hides what does not
      // fit): a first frame under a loaded machine may still be wider.
      const tabelaRola = () => regiao.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      await expect
        .poll(tabelaRola, { timeout: 3_000 })
        .toBe(false)
        .catch(() => falhas.push(`${l.tabela}: a tabela rola de lado`));
      await expect
        .poll(() => rolaDeLado(page), { timeout: 3_000 })
        .toBe(false)
        .catch(() => falhas.push(`${l.tabela}: a página rola de lado`));
      await expect(linha.getByRole('button', { name: 'Detalhes' }), l.tabela).toBeInViewport();
      const acao = linha.getByRole('button', { name: l.acao });
      await expect(acao, l.tabela).toBeInViewport();
      if (l.menu) {
        await acao.click();
        await expect(page.getByRole('menuitem', { name: l.menu }), l.tabela).toBeVisible();
        await page.keyboard.press('Escape');
      }
    }
    expect(falhas).toEqual([]);
  } finally {
    await comBanco((c) => c.query('delete from fipe_manual where marca_api = $1', [marcaFipe]));
    await revenda.remover();
  }
});
