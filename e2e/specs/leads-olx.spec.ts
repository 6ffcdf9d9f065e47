import { type Browser, expect, type Page, test } from '@playwright/test';
import { violacoesAxe } from '../ajuda/axe.ts';
import { criarRevendaComGestor, emailsPara, linhaCom, sufixoUnico } from '../ajuda/cadastros.ts';
import { CONTAS, comBanco, entrar } from '../ajuda/painel.ts';
import { carroAnunciado, conectarOAuth, semRolagemLateral } from '../ajuda/publicacao.ts';

/**
 * OLX leads end to end (issue 26, docs/leads.md "OLX" and "New-lead notice"): connecting OLX registers the reseller's
 * own signed endpoint with OLX; a lead OLX posts there while the inbox is open appears live, linked to its vehicle;
 * OLX's redeliveries make no second lead; a burst of leads makes ONE e-mail "N novos leads" for the gestor, not one
 * per lead. Each test has its own reseller and posts only to that reseller's endpoint (the sandbox's `url`), so specs
 * running side by side keep their leads and every count below is this reseller's.
 */
let revenda: Awaited<ReturnType<typeof criarRevendaComGestor>>;

test.beforeEach(async () => {
  revenda = await criarRevendaComGestor(`Leads OLX E2E ${sufixoUnico()}`);
});
test.afterEach(() => revenda.remover());

type LeadOlx = { leadId: string; adId: string; name: string; message: string };

/**
 * OLX is connected by an admin only (spec 1 §6), in a browser context of its own; the server then registers the
 * reseller's endpoint with OLX at once. Answers that endpoint, as OLX holds it.
 */
async function conectarOlx(browser: Browser, page: Page) {
  const contexto = await browser.newContext();
  const admin = await contexto.newPage();
  await entrar(admin, CONTAS.admin);
  await expect(admin).toHaveURL(/\/home$/);
  await conectarOAuth(admin, revenda.idRevenda, 'olx');
  await contexto.close();
  const registrado = async () => {
    const r = (await (await page.request.get('/sandbox/olx/_webhooks')).json()) as { webhooks: string[] };
    return r.webhooks.find((u) => u.includes(`/api/webhooks/olx/leads/${revenda.idRevenda}.`));
  };
  // PUBLIC_URL/api/webhooks/olx/leads/{idRevenda}.{HMAC-SHA256, base64url}
  await expect
    .poll(registrado, { message: 'endpoint de leads registrado na OLX', timeout: 20_000 })
    .toMatch(new RegExp(`^https?://[^/]+/api/webhooks/olx/leads/${revenda.idRevenda}\\.[\\w-]{43}$`));
  return (await registrado()) as string;
}

/** OLX's side: a buyer writes on the advert; the sandbox posts the lead to this reseller's endpoint `entregas` times. */
async function leadNaOlx(page: Page, url: string, corpo: { adId: string; nome: string; texto: string; entregas?: number }) {
  const r = await page.request.post('/sandbox/olx/_lead', { data: { ...corpo, url } });
  expect(r.status()).toBe(200);
  const { lead, entregas } = (await r.json()) as { lead: LeadOlx; entregas: number[] };
  expect(entregas).toEqual(Array(corpo.entregas ?? 1).fill(200));
  return lead;
}

const linhasNoBanco = (idExterno: string) =>
  comBanco(
    async (c) =>
      (
        await c.query('select id from leads where revenda_id = $1 and canal = $2 and id_externo = $3', [
          revenda.idRevenda,
          'olx',
          idExterno,
        ])
      ).rowCount,
  );

async function semViolacoesAxe(page: Page, largura: number) {
  await semRolagemLateral(page, largura);
  expect(await violacoesAxe(page)).toEqual([]);
}

/** The main path at one width: registration, live arrival, the lead's page, redeliveries, the burst's one notice. */
async function caminhoPrincipal(page: Page, browser: Browser, largura: number) {
  const sufixo = sufixoUnico();
  const adId = `${Date.now()}${Math.floor(Math.random() * 1_000)}`;
  const idVeiculo = await carroAnunciado(revenda.idRevenda, 'olx', adId);
  await page.setViewportSize({ width: largura, height: 844 });
  const url = await conectarOlx(browser, page);

  await entrar(page, revenda.email);
  await expect(page).toHaveURL(/\/painel\/dashboard$/);
  const caixa = `/revenda/${revenda.idRevenda}/leads/listar`;
  await page.goto(caixa);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByTestId('estado-vazio')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { semRecarga: boolean }).semRecarga = true;
  });

  // OLX delivers the lead and, without our answer in time, delivers it again: one lead, shown without reloading.
  const texto = `Olá! O Civic ainda está disponível? Aceita financiamento? (${sufixo})`;
  const lead = await leadNaOlx(page, url, { adId, nome: 'Joana Conceição', texto, entregas: 2 });
  expect(await linhasNoBanco(lead.leadId)).toBe(1);
  const linha = linhaCom(page, 'Leads', 'Joana Conceição');
  await expect(linha).toHaveCount(1, { timeout: 20_000 });
  await expect(linha.getByText('Novo', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
  // Its channel and vehicle: in the row at 1366 px (only the message goes to "Mais"), in the row's "Detalhes" on a
  // phone. The vehicle arrives with the processing, a moment after the lead (live too).
  const noTelefone = largura < 600;
  if (noTelefone) await linha.getByRole('button', { name: 'Detalhes' }).click();
  const onde = noTelefone ? linha.getByRole('dialog', { name: 'Detalhes' }) : linha;
  await expect(onde.getByText('Olx', { exact: true })).toBeVisible();
  await expect(onde.getByRole('link', { name: /Civic/ })).toBeVisible({ timeout: 20_000 });
  if (!noTelefone) {
    const cabecalhos = await page.getByRole('table', { name: 'Leads', exact: true }).getByRole('columnheader').allInnerTexts();
    expect(cabecalhos.map((c) => c.trim())).toEqual(['Nome', 'Contato', 'Canal', 'Veículo', 'Recebido em', 'Estado', 'Mais']);
  }
  await semViolacoesAxe(page, largura);

  // The lead's page: the buyer's contact (OLX has no conversation to answer in: the dealer calls, writes on WhatsApp
  // or e-mails), the vehicle, the message.
  if (noTelefone) await page.keyboard.press('Escape');
  await linha.getByRole('link', { name: 'Joana Conceição', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/revenda/${revenda.idRevenda}/leads/[0-9a-f-]{36}$`));
  const paginaDoLead = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Joana Conceição' })).toBeVisible();
  await expect(page.getByText(/^Olx · recebido em/)).toBeVisible();
  await expect(page.getByTestId('mensagem-lead')).toHaveText(texto);
  await expect(page.getByRole('link', { name: 'Ligar para Joana Conceição: (11) 91234-5678' })).toHaveAttribute(
    'href',
    'tel:+5511912345678',
  );
  await expect(page.getByRole('link', { name: 'WhatsApp de Joana Conceição' })).toHaveAttribute('href', 'https://wa.me/5511912345678');
  await expect(page.getByRole('link', { name: 'comprador@olx.sandbox' })).toHaveAttribute('href', 'mailto:comprador@olx.sandbox');
  await expect(page.getByRole('link', { name: /Civic/ })).toHaveAttribute(
    'href',
    `/revenda/${revenda.idRevenda}/veiculos/${idVeiculo}/visualizar`,
  );
  await expect(page.getByTestId('estado-lead')).toHaveText('Novo');
  await expect(page.getByRole('region', { name: 'Conversa' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Responder/ })).toHaveCount(0);
  await semViolacoesAxe(page, largura);

  // The gestor got one e-mail for it, opening the lead.
  await expect.poll(async () => (await emailsPara(revenda.email)).map((e) => e.assunto), { timeout: 20_000 }).toEqual(['Novo lead (Olx)']);
  const [aviso] = await emailsPara(revenda.email);
  expect(aviso?.texto).toContain(`Joana Conceição: ${texto}`);
  expect(aviso?.texto).toContain(`Abrir o lead: ${paginaDoLead}`);

  // OLX redelivers the same lead later, already notified: still one lead (and no notice: the burst's below counts it).
  expect((await page.request.post(url, { data: lead })).status()).toBe(200);
  expect(await linhasNoBanco(lead.leadId)).toBe(1);

  // A burst: three buyers at once. The inbox shows them live; the gestor gets ONE e-mail naming the three.
  await page.goto(caixa);
  await expect(linhaCom(page, 'Leads', 'Joana Conceição')).toHaveCount(1);
  const rajada = [
    { nome: 'Bárbara Lima', texto: `Qual o menor preço à vista? (${sufixo})` },
    { nome: 'Caio Araújo', texto: `Aceita meu carro na troca? (${sufixo})` },
    { nome: 'Débora Nogueira', texto: `Posso ver o carro no sábado? (${sufixo})` },
  ];
  // Delivered by the channel at the same moment (one control call): the server's round waits for the burst's calm.
  const r = await page.request.post('/sandbox/olx/_lead', { data: { adId, url, rajada } });
  expect(r.status()).toBe(200);
  const { leads, entregas } = (await r.json()) as { leads: LeadOlx[]; entregas: number[] };
  expect(entregas).toEqual([200, 200, 200]);
  for (const r of rajada) await expect(linhaCom(page, 'Leads', r.nome)).toHaveCount(1, { timeout: 20_000 });
  await expect(linhaCom(page, 'Leads', 'Joana Conceição')).toHaveCount(1);
  await expect
    .poll(async () => (await emailsPara(revenda.email)).map((e) => e.assunto), { timeout: 20_000 })
    .toEqual(['Novo lead (Olx)', '3 novos leads']);
  const varios = (await emailsPara(revenda.email))[1]?.texto ?? '';
  const gravados = await comBanco(
    async (c) =>
      (
        await c.query<{ id: string; id_externo: string }>('select id, id_externo from leads where revenda_id = $1 and canal = $2', [
          revenda.idRevenda,
          'olx',
        ])
      ).rows,
  );
  expect(gravados).toHaveLength(4);
  for (const [i, r] of rajada.entries()) {
    const id = gravados.find((l) => l.id_externo === leads[i]?.leadId)?.id;
    expect(varios).toContain(`- Olx · ${r.nome}: ${r.texto}\n  ${new URL(`/revenda/${revenda.idRevenda}/leads/${id}`, page.url()).href}`);
  }
  expect(varios).toContain(`Abrir a caixa de leads: ${new URL(caixa, page.url()).href}`);
  expect(varios).not.toContain('Joana');

  // The e-mail's link opens that lead.
  const link = /https?:\/\/\S+\/leads\/[0-9a-f-]{36}/.exec(varios)?.[0] ?? '';
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: /^(Bárbara Lima|Caio Araújo|Débora Nogueira)$/ })).toBeVisible();
  await expect(page.getByText(/^Olx · recebido em/)).toBeVisible();
  // Nothing more arrived meanwhile: one notice for the burst, none for the redelivery.
  expect((await emailsPara(revenda.email)).map((e) => e.assunto)).toEqual(['Novo lead (Olx)', '3 novos leads']);
}

test('OLX: o lead chega ao vivo na caixa, ligado ao veículo; reenvios não duplicam; uma rajada gera um só aviso', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await caminhoPrincipal(page, browser, 1366);
});

test('OLX a 390 px: o mesmo caminho sem rolagem lateral e sem violações de acessibilidade', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await caminhoPrincipal(page, browser, 390);
});
