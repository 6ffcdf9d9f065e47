import { expect, type Page, test } from '@playwright/test';
import { violacoesAxe } from '../ajuda/axe.ts';
import { criarRevendaComGestor, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { entrar } from '../ajuda/painel.ts';
import { carroAnunciado, chamarApi, semRolagemLateral } from '../ajuda/publicacao.ts';

/**
 * The leads inbox end to end (issue 26, docs/leads.md): a Mercado Livre question produced by the sandbox while the
 * inbox is open appears live (no reload), assigned by the round-robin, is answered from the lead's page (the durable
 * send: one answer at the channel however often the button is pressed), and converted by the sale's prompt on the
 * vehicle page; the same main path at 390 px. Mercado Livre names only the seller in its notification, so the reseller
 * connects a seller of its own (the sandbox's `vendedor-{id}` code): specs running side by side keep their leads.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;
const vendedor = 700_000_000 + Math.floor(Math.random() * 99_000_000);

test.beforeAll(async () => {
  revenda = await criarRevendaComGestor(`Leads E2E ${sufixoUnico()}`);
});
test.afterAll(() => revenda.remover());

/** Signs in as the reseller's gestor, connects its own Mercado Livre seller and turns the round-robin on. */
async function prepararRevenda(page: Page) {
  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  const code = `ml-e2e-${sufixoUnico()}-vendedor-${vendedor}`;
  expect(await chamarApi(page, 'POST', '/api/integracao/mercadolivre/configurar', { id_revenda: revenda.idRevenda, code_ml: code })).toBe(
    200,
  );
  expect(await chamarApi(page, 'PUT', `/api/revendas/${revenda.idRevenda}/leads-distribuicao`, { rodizio: true })).toBe(200);
}

/** The channel's side: a buyer asks about the advert; the sandbox posts the notification to the panel's webhook. */
async function perguntaNoCanal(page: Page, item: string, texto: string) {
  const r = await page.request.post('/sandbox/mercadolivre/_lead', { data: { tipo: 'pergunta', item_id: item, texto, user_id: vendedor } });
  expect(r.status()).toBe(200);
  expect(((await r.json()) as { entregas: number[] }).entregas).toEqual([200]);
}

const respostasNoCanal = async (page: Page, texto: string) => {
  const r = (await (await page.request.get('/sandbox/mercadolivre/_respostas')).json()) as { respostas: { text: string }[] };
  return r.respostas.filter((x) => x.text === texto).length;
};

async function semViolacoesAxe(page: Page, largura: number) {
  await semRolagemLateral(page, largura);
  expect(await violacoesAxe(page)).toEqual([]);
}

/** The main path at one width: live arrival, assignment, answer, conversion by the sale's prompt. */
async function caminhoPrincipal(page: Page, largura: number) {
  const sufixo = sufixoUnico();
  const item = `MLB${sufixo}`;
  const idVeiculo = await carroAnunciado(revenda.idRevenda, 'mercadolivre', item);
  const pergunta = `Ainda está disponível? Aceita troca? (${sufixo})`;
  const resposta = `Está sim, aceitamos troca. (${sufixo})`;
  await page.setViewportSize({ width: largura, height: 844 });

  // The inbox is open when the lead arrives: it appears without reloading the page.
  await page.goto(`/revenda/${revenda.idRevenda}/leads/listar`);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  const tabelaOuVazio = page.getByRole('table', { name: 'Leads', exact: true }).or(page.getByTestId('estado-vazio'));
  await expect(tabelaOuVazio.first()).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { semRecarga: boolean }).semRecarga = true;
  });
  await perguntaNoCanal(page, item, pergunta);
  // A question has no buyer name; the reseller's earlier leads are closed, so the new one is the only "Novo".
  const linha = linhaCom(page, 'Leads', 'Sem nome').filter({ hasText: 'Novo' });
  await expect(linha).toHaveCount(1, { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
  await semViolacoesAxe(page, largura);

  // The lead's page: assigned by the round-robin (the reseller's only user), the question in the conversation.
  await linha.getByRole('link', { name: 'Sem nome' }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${revenda.idRevenda}/leads/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('atribuido-lead')).toHaveText('Atribuído a Gestor E2E');
  await expect(page.getByText(/^Mercado Livre · recebido em/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Civic/ })).toHaveAttribute(
    'href',
    `/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`,
  );
  const conversa = page.getByRole('region', { name: 'Conversa' });
  await expect(conversa.getByText(pergunta)).toBeVisible();
  await semViolacoesAxe(page, largura);

  // Answered: a double click sends one answer to the channel; the lead becomes "Respondido" by the gestor.
  await conversa.getByRole('textbox', { name: 'Responder no Mercado Livre' }).fill(resposta);
  await conversa.getByRole('button', { name: 'Enviar resposta' }).dblclick();
  await expect(page.getByText('Resposta enviada ao Mercado Livre.')).toBeVisible();
  await expect(conversa.getByText(resposta)).toBeVisible();
  await expect(conversa.getByText('Enviada', { exact: true })).toBeVisible();
  await expect(conversa.getByRole('textbox', { name: 'Responder no Mercado Livre' })).toHaveCount(0);
  await expect(page.getByTestId('estado-lead')).toHaveText('Respondido');
  expect(await respostasNoCanal(page, resposta)).toBe(1);

  // Converted: the vehicle's page lists the lead; the sale offers to close it.
  await page.goto(`/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`);
  const doVeiculo = page.getByRole('region', { name: 'Leads', exact: true });
  await expect(doVeiculo.getByText('Respondido')).toBeVisible();
  await page.getByRole('button', { name: 'Marcar como vendido' }).click();
  await page
    .getByRole('dialog', { name: /^Marcar como vendido:/ })
    .getByRole('button', { name: 'Marcar como vendido' })
    .click();
  const prompt = page.getByRole('dialog', { name: 'Leads deste veículo' });
  await expect(prompt.getByText('Este veículo tem 1 lead em aberto. Como ele terminou?')).toBeVisible();
  await semViolacoesAxe(page, largura);
  await prompt.getByRole('button', { name: 'Convertido (vendido)' }).click();
  await expect(page.getByText('Lead atualizado.')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(doVeiculo.getByText('Convertido (vendido)')).toBeVisible();
  await expect(doVeiculo.getByText('por Gestor E2E')).toBeVisible();

  // Back in the inbox: no lead left open, the converted ones say who converted them.
  await page.goto(`/revenda/${revenda.idRevenda}/leads/listar`);
  const linhas = linhaCom(page, 'Leads', 'Sem nome');
  await expect(linhas.filter({ hasText: 'Convertido (vendido)' }).first()).toBeVisible();
  await expect(linhas.filter({ hasText: /Novo|Respondido|Em atendimento/ })).toHaveCount(0);
  await expect(linhas.filter({ hasText: 'Convertido (vendido)' }).filter({ hasText: 'por Gestor E2E' }).first()).toBeVisible();
  expect(await respostasNoCanal(page, resposta)).toBe(1);
}

test('um lead do canal aparece ao vivo na caixa, atribuído; é respondido uma vez e convertido pela venda', async ({ page }) => {
  test.setTimeout(120_000);
  await prepararRevenda(page);
  await caminhoPrincipal(page, 1366);
});

test('a 390 px: o mesmo caminho (ao vivo, atribuído, respondido, convertido) sem rolagem lateral', async ({ page }) => {
  test.setTimeout(120_000);
  await prepararRevenda(page);
  await caminhoPrincipal(page, 390);
});
