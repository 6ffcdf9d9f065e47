import { type Browser, expect, type Page, test } from '@playwright/test';
import { criarRevendaComGestor, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, comBanco, entrar } from '../ajuda/painel.ts';

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
