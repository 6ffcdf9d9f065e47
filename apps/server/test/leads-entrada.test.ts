import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CanalId, MENSAGENS_LEAD } from '@intermedio/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadMensagens, leads, revendaIntegracoes, usuarios, veiculoIntegracoes } from '../src/db/schema/index.ts';
import { type DadosRecebimento, TAREFA_PROCESSAR_LEADS, TAREFA_RECEBER_LEAD } from '../src/modules/leads/entrada.service.ts';
import { leadsRepository } from '../src/modules/leads/leads.repository.ts';
import { type Ambiente, type Credencial, configTeste, criarAmbiente, ouvir, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { transacoesDurante } from './ajuda/transacoes.ts';
import { chamarComo } from './ajuda/veiculos.ts';

/**
 * Intake of leads (issue 26 items 1 and 3) against the channels' sandboxes: Mercado Livre (notification → read back
 * with the seller's token), OLX (the dealer's signed endpoint), iCarros (polling). The webhook only queues; the test
 * runs the queued jobs (`leads-receber`) itself.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let admin: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let fila: { nome: string; dados: object }[];

const sandbox = async (caminho: string, corpo: unknown) => {
  const r = await fetch(`${base}/sandbox/${caminho}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(corpo),
  });
  expect(r.status, await r.clone().text()).toBe(200);
  return r.json() as Promise<Record<string, unknown>>;
};
/** Runs and empties the queued deliveries, then the processing (vehicle, round-robin, notice) they woke. */
const processar = async () => {
  const jobs = fila.splice(0);
  const minhas = jobs.filter((j) => j.nome === TAREFA_RECEBER_LEAD);
  for (const j of minhas) await amb.tarefas.executar(TAREFA_RECEBER_LEAD, j.dados as DadosRecebimento);
  if ([...jobs, ...fila.splice(0)].some((j) => j.nome === TAREFA_PROCESSAR_LEADS)) await amb.tarefas.executar(TAREFA_PROCESSAR_LEADS);
  return minhas.length;
};
const doCanal = (canal: CanalId) => amb.banco.db.select().from(leads).where(eq(leads.canal, canal));
const webhook = (url: string, corpo: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) });

beforeAll(async () => {
  amb = await criarAmbiente({ CANAIS_TIMEOUT_MS: '5000' });
  base = await ouvir(amb);
  fila = await semTarefasEmSegundoPlano(amb);
  chamar = chamarComo(amb);
  gestor = await amb.entrar('gestorA');
  admin = await amb.entrar('admin');
  const ml = await chamar('POST', '/api/integracao/mercadolivre/configurar', gestor, { id_revenda: amb.ids.revendaA, code_ml: 'ml-leads' });
  expect(ml.statusCode, ml.body).toBe(200);
  const olx = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda: amb.ids.revendaA, code_olx: 'olx-leads' });
  expect(olx.statusCode, olx.body).toBe(200);
  const ic = await chamar('POST', '/api/integracao/icarros/configurar', gestor, {
    id_revenda: amb.ids.revendaA,
    email_icarros: 'loja@autodemo.test',
    senha_icarros: 'segredo',
  });
  expect(ic.statusCode, ic.body).toBe(200);
  const mo = await chamar('POST', '/api/integracao/mobiauto/configurar', gestor, {
    id_revenda: amb.ids.revendaA,
    email_integrador: 'loja@autodemo.test',
    senha_integrador: 'segredo',
  });
  expect(mo.statusCode, mo.body).toBe(200);
  // The demo car is advertised on Mercado Livre as MLB123 and on iCarros as deal 555.
  await amb.banco.db.insert(veiculoIntegracoes).values([
    { veiculo_id: amb.ids.veiculoA, canal: 'mercadolivre', revenda_id: amb.ids.revendaA, id_anuncio: 'MLB123', estado: 'publicado' },
    { veiculo_id: amb.ids.veiculoA, canal: 'icarros', revenda_id: amb.ids.revendaA, id_anuncio: '555', estado: 'publicado' },
    { veiculo_id: amb.ids.veiculoA, canal: 'mobiauto', revenda_id: amb.ids.revendaA, id_anuncio: '321', estado: 'publicado' },
  ]);
}, 60_000);
afterAll(() => amb?.encerrar());

describe('Mercado Livre', () => {
  it('a vis_leads notification delivered twice: answered at once, read back with the token, one lead on the vehicle', async () => {
    const r = await sandbox('mercadolivre/_lead', { tipo: 'lead', item_id: 'MLB123', nome: 'Ana Lima', entregas: 2 });
    expect(r.entregas).toEqual([200, 200]);
    expect(await processar()).toBe(2);
    const ls = await doCanal('mercadolivre');
    expect(ls).toHaveLength(1);
    expect(ls[0]).toMatchObject({
      nome: 'Ana Lima',
      telefone: '11987654321',
      veiculo_id: amb.ids.veiculoA,
      id_anuncio: 'MLB123',
      tipo: 'lead',
    });
  });

  it('a question becomes a lead with its conversation; an unknown advert is kept without vehicle', async () => {
    await sandbox('mercadolivre/_lead', { tipo: 'pergunta', item_id: 'MLB999', texto: 'Aceita troca por moto?' });
    await processar();
    const [p] = (await doCanal('mercadolivre')).filter((l) => l.tipo === 'pergunta');
    expect(p).toMatchObject({ veiculo_id: null, id_anuncio: 'MLB999', mensagem: 'Aceita troca por moto?' });
    const ms = await amb.banco.db
      .select()
      .from(leadMensagens)
      .where(eq(leadMensagens.lead_id, p?.id ?? ''));
    expect(ms.map((m) => [m.autor, m.texto])).toEqual([['comprador', 'Aceita troca por moto?']]);
    const lido = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/leads/${p?.id}`, gestor);
    expect(lido.json().data.veiculo).toBeNull();
  });

  it('forged notifications: malformed → 400, unknown seller → 404, another app → 403, an id the channel denies → nothing stored', async () => {
    const antes = (await doCanal('mercadolivre')).length;
    expect((await webhook('/api/webhooks/mercadolivre', { topic: 'questions' })).status).toBe(400);
    expect(
      (await webhook('/api/webhooks/mercadolivre', { resource: '/questions/1; drop', user_id: 123456789, topic: 'questions' })).status,
    ).toBe(400);
    expect((await webhook('/api/webhooks/mercadolivre', { resource: '/questions/1', user_id: 42, topic: 'questions' })).status).toBe(404);
    const outroApp = { resource: '/questions/1', user_id: 123456789, topic: 'questions', application_id: 'outro' };
    expect((await webhook('/api/webhooks/mercadolivre', outroApp)).status).toBe(403);
    expect(fila).toHaveLength(0);
    const inventado = await webhook('/api/webhooks/mercadolivre', {
      resource: '/vis/leads/VL-inventado',
      user_id: 123456789,
      topic: 'vis_leads',
    });
    expect(inventado.status).toBe(200);
    expect(await processar()).toBe(1);
    expect(await doCanal('mercadolivre')).toHaveLength(antes);
  });
});

describe('OLX', () => {
  it('connecting OLX queues the poll at once (its endpoint registered now, not at the next 5-minute tick); other channels do not', async () => {
    fila.splice(0);
    const ic = await chamar('POST', '/api/integracao/icarros/configurar', gestor, {
      id_revenda: amb.ids.revendaA,
      email_icarros: 'loja@autodemo.test',
      senha_icarros: 'segredo',
    });
    expect(ic.statusCode, ic.body).toBe(200);
    expect(fila).toEqual([]);
    const olx = await chamar('POST', '/api/integracao/olx/configurar', admin, {
      id_revenda: amb.ids.revendaA,
      code_olx: 'olx-leads-de-novo',
    });
    expect(olx.statusCode, olx.body).toBe(200);
    expect(fila.splice(0).map((j) => j.nome)).toEqual(['leads-coletar']);
    // Turned on again on its configuration screen: queued again (an integration off is never registered).
    const desligada = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/olx`, admin, { status: false });
    expect(desligada.statusCode, desligada.body).toBe(200);
    expect(fila).toEqual([]);
    const ligada = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/olx`, admin, { status: true });
    expect(ligada.statusCode, ligada.body).toBe(200);
    expect(fila.splice(0).map((j) => j.nome)).toEqual(['leads-coletar']);
  });

  it('the poll registers the dealer’s own endpoint at OLX; a lead posted there twice is one lead', async () => {
    await amb.tarefas.executar('leads-coletar', {});
    const { webhooks } = (await (await fetch(`${base}/sandbox/olx/_webhooks`)).json()) as { webhooks: string[] };
    expect(webhooks).toHaveLength(1);
    const url = webhooks[0] ?? '';
    expect(url).toMatch(new RegExp(`/api/webhooks/olx/leads/${amb.ids.revendaA}\\.`));
    // The sandbox posts to the registered (PUBLIC_URL) address: deliver it to this test server's address instead.
    const caminho = new URL(url).pathname;
    const lead = {
      leadId: 'OLX-77',
      adId: 'nao-publicado',
      name: 'Bruno',
      email: 'b@x.test',
      phone: '(21) 99999-0000',
      message: 'Oi',
      createdAt: '2026-11-26T10:00:00Z',
    };
    expect((await webhook(caminho, lead)).status).toBe(200);
    expect((await webhook(caminho, lead)).status).toBe(200);
    await processar();
    const ls = await doCanal('olx');
    expect(ls).toHaveLength(1);
    expect(ls[0]).toMatchObject({ id_externo: 'OLX-77', telefone: '21999990000', veiculo_id: null });
  });

  it('connected again with another OLX account: the poll registers the endpoint under the new authorisation', async () => {
    const deA = async () => {
      const { webhooks } = (await (await fetch(`${base}/sandbox/olx/_webhooks`)).json()) as { webhooks: string[] };
      return webhooks.filter((u) => u.includes(`/api/webhooks/olx/leads/${amb.ids.revendaA}.`)).length;
    };
    expect(await deA()).toBe(1);
    const outra = await chamar('POST', '/api/integracao/olx/configurar', admin, {
      id_revenda: amb.ids.revendaA,
      code_olx: 'olx-outra-conta',
    });
    expect(outra.statusCode, outra.body).toBe(200);
    fila.splice(0);
    await amb.tarefas.executar('leads-coletar', {});
    // OLX keeps endpoints per token: the new token has it too (the old account's stays with that account).
    expect(await deA()).toBe(2);
    const [i] = await amb.banco.db
      .select({ config: revendaIntegracoes.config })
      .from(revendaIntegracoes)
      .where(and(eq(revendaIntegracoes.revenda_id, amb.ids.revendaA), eq(revendaIntegracoes.canal, 'olx')));
    expect(Object.keys(i?.config ?? {})).toEqual(expect.arrayContaining(['leads_webhook', 'leads_webhook_autorizacao']));
  });

  it('forged: a wrong signature or another reseller’s id → 404; a malformed lead → 400; nothing queued', async () => {
    const { webhooks } = (await (await fetch(`${base}/sandbox/olx/_webhooks`)).json()) as { webhooks: string[] };
    const token = webhooks[0]?.split('/').at(-1) ?? '';
    const [, sig = ''] = token.split('.');
    // One character changed, never to itself (the signature is random per run: it may start with any letter).
    const forjada = (sig.startsWith('x') ? 'y' : 'x') + sig.slice(1);
    expect((await webhook(`/api/webhooks/olx/leads/${amb.ids.revendaA}.${forjada}`, { leadId: 'F1' })).status).toBe(404);
    expect((await webhook(`/api/webhooks/olx/leads/${amb.ids.revendaB}.${sig}`, { leadId: 'F1' })).status).toBe(404);
    const ruim = await webhook(`/api/webhooks/olx/leads/${token}`, { name: 'sem id' });
    expect(ruim.status).toBe(400);
    expect(((await ruim.json()) as { data: string }).data).toBe('Notificação inválida.');
    expect(fila).toHaveLength(0);
  });

  it('a signed endpoint of a reseller deleted since: 404, and the deliveries written with it are still stored', async () => {
    const { webhooks } = (await (await fetch(`${base}/sandbox/olx/_webhooks`)).json()) as { webhooks: string[] };
    const caminho = new URL(webhooks[0] ?? '').pathname;
    // The endpoint's secret is HMAC-SHA256(SECRET_KEY, "olx-leads:{id}") (docs/leads.md): valid for an id with no reseller.
    const semRevenda = '00000000-0000-4000-8000-0000000000aa';
    const assinatura = createHmac('sha256', configTeste().secretKey).update(`olx-leads:${semRevenda}`).digest('base64url');
    const orfao = `/api/webhooks/olx/leads/${semRevenda}.${assinatura}`;
    // Together, so they share one group write.
    const [a, b, c] = await Promise.all([
      webhook(caminho, { leadId: 'OLX-VIVA-1', name: 'Viva' }),
      webhook(orfao, { leadId: 'OLX-ORFA-1', name: 'Órfã' }),
      webhook(caminho, { leadId: 'OLX-VIVA-2', name: 'Viva' }),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 404, 200]);
    expect(((await b.json()) as { data: string }).data).toBe(MENSAGENS_LEAD.webhookDesconhecido);
    const ids = (await doCanal('olx')).map((l) => l.id_externo);
    expect(ids).toEqual(expect.arrayContaining(['OLX-VIVA-1', 'OLX-VIVA-2']));
    expect(ids).not.toContain('OLX-ORFA-1');
  });

  it('a burst at once (a third repeated) is stored before the webhooks answer; one wake-up; then matched and notified once', async () => {
    const { webhooks } = (await (await fetch(`${base}/sandbox/olx/_webhooks`)).json()) as { webhooks: string[] };
    const caminho = new URL(webhooks[0] ?? '').pathname;
    await amb.banco.db
      .insert(veiculoIntegracoes)
      .values({ veiculo_id: amb.ids.veiculoA, canal: 'olx', revenda_id: amb.ids.revendaA, id_anuncio: 'OLX-AD-1', estado: 'publicado' });
    const ids = Array.from({ length: 30 }, (_, i) => `OLX-R${i % 20}`);
    const respostas = await Promise.all(
      ids.map((leadId, i) => webhook(caminho, { leadId, adId: i % 2 ? 'OLX-AD-1' : 'outro', name: `Rajada ${leadId}`, message: 'Oi' })),
    );
    expect(respostas.map((r) => r.status)).toEqual(ids.map(() => 200));
    // Already stored when the channel got its answers: no job ran.
    const gravados = (await doCanal('olx')).filter((l) => l.id_externo.startsWith('OLX-R'));
    expect(gravados).toHaveLength(20);
    expect(fila.filter((j) => j.nome === TAREFA_RECEBER_LEAD)).toHaveLength(0);
    // The rest is one job's, woken once for the burst (not once per delivery).
    const despertares = fila.splice(0).filter((j) => j.nome === TAREFA_PROCESSAR_LEADS).length;
    expect(despertares).toBeGreaterThanOrEqual(1);
    expect(despertares).toBeLessThanOrEqual(3);
    expect(gravados.every((l) => l.avisado_em === null)).toBe(true);
    await amb.tarefas.executar(TAREFA_PROCESSAR_LEADS);
    await amb.tarefas.executar(TAREFA_PROCESSAR_LEADS); // a doubled job finds nothing left
    const ls = (await doCanal('olx')).filter((l) => l.id_externo.startsWith('OLX-R'));
    expect(ls.every((l) => l.avisado_em !== null)).toBe(true);
    expect(
      ls
        .filter((l) => l.veiculo_id === amb.ids.veiculoA)
        .map((l) => l.id_externo)
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `OLX-R${2 * i + 1}`).sort());
    // A redelivery of a lead already notified stores nothing, changes nothing and queues nothing.
    expect((await webhook(caminho, { leadId: 'OLX-R0', name: 'De novo' })).status).toBe(200);
    const [r0] = await amb.banco.db.select().from(leads).where(eq(leads.id_externo, 'OLX-R0'));
    expect(r0?.nome).toBe('Rajada OLX-R0');
    expect(fila).toHaveLength(0);
  });
});

describe('OLX burst: answer after one write, the rest in batches afterwards', () => {
  it('200 deliveries at once (20 % repeats): only INSERTs into leads while answering; one row each; each assigned and notified once after the job', async () => {
    const { webhooks } = (await (await fetch(`${base}/sandbox/olx/_webhooks`)).json()) as { webhooks: string[] };
    const caminho = new URL(webhooks[0] ?? '').pathname;
    const rodizio = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/leads-distribuicao`, gestor, { rodizio: true });
    expect(rodizio.statusCode).toBe(200);
    fila.splice(0);
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push(i % 5 === 4 ? (ids[i - 3] as string) : `OLX-B${i}`);
    const distintos = [...new Set(ids)];
    expect(distintos).toHaveLength(160);
    const respostas: number[] = [];
    const vistas = await transacoesDurante(amb.banco, async () => {
      const rs = await Promise.all(
        ids.map((leadId) => webhook(caminho, { leadId, adId: 'OLX-AD-1', name: `Burst ${leadId}.`, message: 'Oi' })),
      );
      respostas.push(...rs.map((r) => r.status));
    });
    expect(respostas).toEqual(ids.map(() => 200));
    // One durable write per batch of deliveries, nothing else (before: vehicles, existing rows, round-robin, notices).
    expect(vistas.length).toBeGreaterThan(0);
    expect(vistas.length).toBeLessThanOrEqual(ids.length);
    expect(vistas.filter((q) => !/^insert into "leads"/i.test(q.trim()))).toEqual([]);
    const gravados = (await doCanal('olx')).filter((l) => l.id_externo.startsWith('OLX-B'));
    expect(gravados.map((l) => l.id_externo).sort()).toEqual(distintos.sort());
    expect(gravados.every((l) => l.avisado_em === null && l.atribuido_a === null)).toBe(true);
    const despertares = fila.splice(0).filter((j) => j.nome === TAREFA_PROCESSAR_LEADS).length;
    expect(despertares).toBeGreaterThanOrEqual(1);
    expect(despertares).toBeLessThanOrEqual(5);

    await Promise.all([amb.tarefas.executar(TAREFA_PROCESSAR_LEADS), amb.tarefas.executar(TAREFA_PROCESSAR_LEADS)]);
    const ls = (await doCanal('olx')).filter((l) => l.id_externo.startsWith('OLX-B'));
    expect(ls).toHaveLength(160);
    expect(ls.every((l) => l.avisado_em !== null && l.veiculo_id === amb.ids.veiculoA)).toBe(true);
    // Round-robin in turn: every active user got 160 / n (± 1).
    const ativos = (await amb.banco.db.select().from(usuarios).where(eq(usuarios.revenda_id, amb.ids.revendaA))).filter(
      (x) => x.ativo === 1,
    );
    const porUsuario = new Map<string, number>();
    for (const l of ls) porUsuario.set(l.atribuido_a ?? 'nenhum', (porUsuario.get(l.atribuido_a ?? 'nenhum') ?? 0) + 1);
    expect([...porUsuario.keys()].sort()).toEqual(ativos.map((a) => a.id).sort());
    for (const n of porUsuario.values()) expect(Math.abs(n - 160 / ativos.length)).toBeLessThanOrEqual(1);
    // Each lead's e-mail once, to its assignee.
    const pasta = path.join(amb.config.dataDir, 'emails');
    const emails = readdirSync(pasta).map((a) => readFileSync(path.join(pasta, a), 'utf8'));
    for (const l of ls) {
      const deste = emails.filter((t) => t.includes(`Burst ${l.id_externo}.`));
      expect(
        deste.map((t) => /^To: (.+)$/m.exec(t)?.[1]?.trim()),
        l.id_externo,
      ).toEqual([ativos.find((a) => a.id === l.atribuido_a)?.email]);
    }
    await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/leads-distribuicao`, gestor, { rodizio: false });
  });

  it('the sweep: a lead stored but never processed (its wake-up lost) is processed by the next round', async () => {
    await leadsRepository.inserir(amb.banco.db, [
      {
        idRevenda: amb.ids.revendaA,
        canal: 'olx',
        idExterno: 'OLX-ESQUECIDO',
        idAnuncio: 'OLX-AD-1',
        nome: 'Esquecido',
        email: null,
        telefone: null,
        mensagem: null,
        recebidoEm: new Date(),
      },
    ]);
    await amb.tarefas.executar(TAREFA_PROCESSAR_LEADS);
    const [l] = await amb.banco.db.select().from(leads).where(eq(leads.id_externo, 'OLX-ESQUECIDO'));
    expect(l?.avisado_em).toBeTruthy();
    expect(l?.veiculo_id).toBe(amb.ids.veiculoA);
  });
});

describe('iCarros (polling)', () => {
  it('stores the dealer’s leads; an overlapping poll stores none twice', async () => {
    await sandbox('icarros/_lead', { dealId: 555, nome: 'Carla' });
    await sandbox('icarros/_lead', { dealId: 999, nome: 'Davi' });
    await amb.tarefas.executar('leads-coletar', {});
    await amb.tarefas.executar('leads-coletar', {});
    const ls = await doCanal('icarros');
    expect(ls.map((l) => [l.nome, l.veiculo_id]).sort()).toEqual([
      ['Carla', amb.ids.veiculoA],
      ['Davi', null],
    ]);
    const [carla] = await amb.banco.db
      .select()
      .from(leads)
      .where(and(eq(leads.canal, 'icarros'), eq(leads.nome, 'Carla')));
    expect(carla?.telefone).toBe('11955551234');
  });
});

describe('Mobiauto (polling proposals, designed contract)', () => {
  it('stores the dealer’s proposals as leads of type proposta; a second poll stores none twice', async () => {
    await sandbox('mobiauto/_proposta', { dealId: 321, nome: 'Elisa' });
    await sandbox('mobiauto/_proposta', { dealId: 321, nome: 'Fábio', data: new Date(Date.now() - 3 * 86_400_000).toISOString() });
    await amb.tarefas.executar('leads-coletar', {});
    await amb.tarefas.executar('leads-coletar', {});
    const ls = await doCanal('mobiauto');
    // Fábio's is older than the poll's 48 h window.
    expect(ls.map((l) => [l.nome, l.tipo, l.veiculo_id, l.telefone])).toEqual([['Elisa', 'proposta', amb.ids.veiculoA, '5511944443333']]);
  });
});

describe('Mercado Livre answers', () => {
  const respostas = async () =>
    ((await (await fetch(`${base}/sandbox/mercadolivre/_respostas`)).json()) as { respostas: { question_id: number; text: string }[] })
      .respostas;
  const novaPergunta = async () => {
    const r = await sandbox('mercadolivre/_lead', { tipo: 'pergunta', item_id: 'MLB123', texto: 'Qual o menor preço?' });
    await processar();
    const id = `q-${String(r.resource).split('/').at(-1)}`;
    const [l] = await amb.banco.db.select().from(leads).where(eq(leads.id_externo, id));
    if (!l) throw new Error('pergunta não gravada');
    return { lead: l, idPergunta: Number(id.slice(2)) };
  };
  const responder = (idLead: string, corpo: unknown) =>
    chamar('POST', `/api/revendas/${amb.ids.revendaA}/leads/${idLead}/respostas`, gestor, corpo);

  it('a double click (same key, twice at once) posts one answer; the key again answers without sending; another answer → 409', async () => {
    const { lead, idPergunta } = await novaPergunta();
    const corpo = { texto: 'R$ 89.900, à vista.', chave: 'resposta-chave-1' };
    const [a, b] = await Promise.all([responder(lead.id, corpo), responder(lead.id, corpo)]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toContain(200);
    for (const r of [a, b]) if (r.statusCode !== 200) expect(r.statusCode).toBe(409);
    expect((await respostas()).filter((x) => x.question_id === idPergunta)).toHaveLength(1);
    const denovo = await responder(lead.id, corpo);
    expect(denovo.statusCode, denovo.body).toBe(200);
    const d = denovo.json().data;
    expect(d.estado).toBe('respondido');
    expect(d.mensagens.map((m: { autor: string; estado: string }) => [m.autor, m.estado])).toEqual([
      ['comprador', 'recebida'],
      ['revenda', 'enviada'],
    ]);
    const outra = await responder(lead.id, { texto: 'Outra resposta', chave: 'resposta-chave-2' });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().data).toBe('Esta pergunta já foi respondida.');
    expect((await respostas()).filter((x) => x.question_id === idPergunta)).toHaveLength(1);
  });

  it('a send that died after the channel answered is not sent again once its lease runs out', async () => {
    const { lead, idPergunta } = await novaPergunta();
    const corpo = { texto: 'Sim, aceita troca.', chave: 'resposta-queda-1' };
    // The dead request: its row in flight with a lease already over, and its answer at the channel.
    await amb.banco.db.insert(leadMensagens).values({
      lead_id: lead.id,
      revenda_id: lead.revenda_id,
      autor: 'revenda',
      texto: corpo.texto,
      estado: 'enviando',
      chave: corpo.chave,
      lease_ate: new Date(Date.now() - 1000),
    });
    const direto = await fetch(`${base}/sandbox/mercadolivre/answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer APP_USR-teste' },
      body: JSON.stringify({ question_id: idPergunta, text: corpo.texto }),
    });
    expect(direto.status).toBe(200);
    const r = await responder(lead.id, corpo);
    expect(r.statusCode, r.body).toBe(200);
    expect((await respostas()).filter((x) => x.question_id === idPergunta)).toHaveLength(1);
    expect(r.json().data.mensagens.at(-1)).toMatchObject({ autor: 'revenda', estado: 'enviada' });
  });

  it('refused: a lead without conversation (422), an empty answer (400), a bad key (400)', async () => {
    const [olx] = await doCanal('olx');
    const sem = await responder(olx?.id ?? '', { texto: 'Oi', chave: 'resposta-olx-1' });
    expect(sem.statusCode).toBe(422);
    expect(sem.json().data).toContain('só as perguntas do Mercado Livre');
    const { lead } = await novaPergunta();
    expect((await responder(lead.id, { texto: '   ', chave: 'resposta-vazia' })).json().data).toContain('Escreva a resposta');
    expect((await responder(lead.id, { texto: 'Oi', chave: 'x' })).statusCode).toBe(400);
    expect(await respostas()).toHaveLength(2);
  });
});

describe('round-robin of new leads', () => {
  it('off by default; on, new leads go in turn to the reseller’s active users; a redelivery is not reassigned', async () => {
    const u = `/api/revendas/${amb.ids.revendaA}/leads-distribuicao`;
    expect((await chamar('GET', u, gestor)).json().data).toEqual({ rodizio: false });
    expect((await chamar('PUT', u, gestor, { rodizio: 'sim' })).statusCode).toBe(400);
    const ligado = await chamar('PUT', u, gestor, { rodizio: true });
    expect(ligado.statusCode, ligado.body).toBe(200);
    const ativos = (await amb.banco.db.select().from(usuarios).where(eq(usuarios.revenda_id, amb.ids.revendaA))).filter(
      (x) => x.ativo === 1,
    );
    const ids: string[] = [];
    for (let i = 0; i < ativos.length + 1; i++) {
      await sandbox('mercadolivre/_lead', { tipo: 'lead', item_id: 'MLB123', nome: `Rodízio ${i}`, entregas: 2 });
      await processar();
      const [l] = await amb.banco.db
        .select()
        .from(leads)
        .where(eq(leads.nome, `Rodízio ${i}`));
      ids.push(l?.atribuido_a ?? 'nenhum');
    }
    expect(new Set(ids.slice(0, ativos.length))).toEqual(new Set(ativos.map((a) => a.id)));
    expect(ids.at(-1)).toBe(ids[0]);
    expect(ids).not.toContain('nenhum');
    // The lead's answer names the assignee (the lead page shows "Atribuído a …").
    const [ultimo] = await amb.banco.db
      .select()
      .from(leads)
      .where(eq(leads.nome, `Rodízio ${ativos.length}`));
    const lido = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/leads/${ultimo?.id}`, gestor)).json().data;
    expect(lido.atribuido_nome).toBe(ativos.find((a) => a.id === ids[0])?.nome);
  });
});

describe('new-lead notice (push + e-mail)', () => {
  const emailsCom = (texto: string) => {
    const pasta = path.join(amb.config.dataDir, 'emails');
    if (!existsSync(pasta)) return [];
    return readdirSync(pasta)
      .map((a) => readFileSync(path.join(pasta, a), 'utf8'))
      .filter((t) => t.includes(texto))
      .map((t) => /^To: (.+)$/m.exec(t)?.[1]?.trim());
  };
  const pushesCom = async (texto: string) =>
    ((await (await fetch(`${base}/sandbox/fcm/_mensagens`)).json()) as { data: { token: string; body: string }[] }).data
      .filter((m) => m.body.includes(texto))
      .map((m) => m.token);
  /** Stores the queued deliveries, then runs the processing they woke (twice: a retried job); answers the wake-ups. */
  const processarComAviso = async () => {
    const jobs = fila.splice(0);
    for (const j of jobs.filter((x) => x.nome === TAREFA_RECEBER_LEAD))
      await amb.tarefas.executar(TAREFA_RECEBER_LEAD, j.dados as DadosRecebimento);
    const despertares = [...jobs, ...fila.splice(0)].filter((x) => x.nome === TAREFA_PROCESSAR_LEADS);
    if (despertares.length) for (let i = 0; i < 2; i++) await amb.tarefas.executar(TAREFA_PROCESSAR_LEADS);
    return despertares.length;
  };

  it('round-robin off: each active gestor gets one e-mail and one push; a redelivery notifies nobody', async () => {
    const u = `/api/revendas/${amb.ids.revendaA}/leads-distribuicao`;
    expect((await chamar('PUT', u, gestor, { rodizio: false })).statusCode).toBe(200);
    await amb.banco.db.update(usuarios).set({ push_token: 'tok-gestor-a' }).where(eq(usuarios.id, amb.ids.gestorA));
    await amb.banco.db.update(usuarios).set({ push_token: 'tok-cliente-a' }).where(eq(usuarios.id, amb.ids.clienteA));
    const gestores = (await amb.banco.db.select().from(usuarios).where(eq(usuarios.revenda_id, amb.ids.revendaA))).filter(
      (x) => x.ativo === 1 && x.role === 'gestor',
    );
    expect(gestores.length).toBeGreaterThan(0);
    const criado = await sandbox('mercadolivre/_lead', {
      tipo: 'lead',
      item_id: 'MLB123',
      nome: 'Aviso Um',
      texto: 'Quero ver',
      entregas: 2,
    });
    expect(await processarComAviso()).toBeGreaterThan(0);
    expect(emailsCom('Aviso Um').sort()).toEqual(gestores.map((g) => g.email).sort());
    expect(await pushesCom('Aviso Um')).toEqual(['tok-gestor-a']);
    const [l] = await amb.banco.db.select().from(leads).where(eq(leads.nome, 'Aviso Um'));
    expect(l?.avisado_em).toBeTruthy();

    // The channel posts the same notification again later: stored once, nobody notified again.
    const r = await webhook('/api/webhooks/mercadolivre', criado.aviso);
    expect(r.status).toBe(200);
    expect(await processarComAviso()).toBe(0); // already notified: not even queued
    expect(emailsCom('Aviso Um')).toHaveLength(gestores.length);
    expect(await pushesCom('Aviso Um')).toHaveLength(1);
  });

  it('round-robin on: only the assigned user is notified', async () => {
    const u = `/api/revendas/${amb.ids.revendaA}/leads-distribuicao`;
    expect((await chamar('PUT', u, gestor, { rodizio: true })).statusCode).toBe(200);
    await sandbox('mercadolivre/_lead', { tipo: 'lead', item_id: 'MLB123', nome: 'Aviso Dois', entregas: 1 });
    await processarComAviso();
    const [l] = await amb.banco.db.select().from(leads).where(eq(leads.nome, 'Aviso Dois'));
    const [dono] = await amb.banco.db
      .select()
      .from(usuarios)
      .where(eq(usuarios.id, l?.atribuido_a ?? ''));
    expect(emailsCom('Aviso Dois')).toEqual([dono?.email]);
    expect(await pushesCom('Aviso Dois')).toEqual(dono?.push_token ? [dono.push_token] : []);
  });

  it('a burst: each user gets ONE e-mail and ONE push listing the round’s leads, not one per lead', async () => {
    const u = `/api/revendas/${amb.ids.revendaA}/leads-distribuicao`;
    expect((await chamar('PUT', u, gestor, { rodizio: false })).statusCode).toBe(200);
    for (const nome of ['Surto Ana', 'Surto Bia', 'Surto Caio'])
      await sandbox('mercadolivre/_lead', { tipo: 'lead', item_id: 'MLB123', nome, texto: 'Tem ainda?', entregas: 1 });
    await processarComAviso();
    const gestores = (await amb.banco.db.select().from(usuarios).where(eq(usuarios.revenda_id, amb.ids.revendaA))).filter(
      (x) => x.ativo === 1 && x.role === 'gestor',
    );
    // One e-mail per gestor, "3 novos leads", naming the three.
    const pasta = path.join(amb.config.dataDir, 'emails');
    const emails = readdirSync(pasta)
      .map((a) => readFileSync(path.join(pasta, a), 'utf8'))
      .filter((t) => t.includes('Surto'));
    expect(emails.map((t) => /^To: (.+)$/m.exec(t)?.[1]?.trim()).sort()).toEqual(gestores.map((g) => g.email).sort());
    for (const t of emails) {
      expect(t).toContain('Subject: 3 novos leads');
      for (const nome of ['Surto Ana', 'Surto Bia', 'Surto Caio']) expect(t).toContain(nome);
    }
    expect(await pushesCom('Surto Ana')).toEqual(['tok-gestor-a']);
  });
});

describe('Mercado Livre seller shared by several resellers', () => {
  const integracaoMl = (idRevenda: string) =>
    and(eq(revendaIntegracoes.revenda_id, idRevenda), eq(revendaIntegracoes.canal, 'mercadolivre'));
  const revendaDoLead = async (nome: string) => {
    await sandbox('mercadolivre/_lead', { tipo: 'lead', item_id: 'MLB123', nome, entregas: 1 });
    await processar();
    return (await amb.banco.db.select().from(leads).where(eq(leads.nome, nome)))[0]?.revenda_id ?? 'nenhuma';
  };

  it('the lead goes to the active integration connected last, never to an inactive one', async () => {
    const gestorB = await amb.entrar('gestorB');
    const ml = await chamar('POST', '/api/integracao/mercadolivre/configurar', gestorB, {
      id_revenda: amb.ids.revendaB,
      code_ml: 'ml-leads-b',
    });
    expect(ml.statusCode, ml.body).toBe(200);
    // Deterministic times: A connected first, B later.
    await amb.banco.db
      .update(revendaIntegracoes)
      .set({ created_at: new Date('2026-01-01T00:00:00Z') })
      .where(integracaoMl(amb.ids.revendaA));
    await amb.banco.db
      .update(revendaIntegracoes)
      .set({ created_at: new Date('2026-02-01T00:00:00Z') })
      .where(integracaoMl(amb.ids.revendaB));
    expect(await revendaDoLead('Vendedor Dividido 1')).toBe(amb.ids.revendaB);
    expect(await revendaDoLead('Vendedor Dividido 2')).toBe(amb.ids.revendaB);
    // B deactivated: A's active integration gets it (not a 404 for B's inactive one).
    await amb.banco.db.update(revendaIntegracoes).set({ status: false }).where(integracaoMl(amb.ids.revendaB));
    expect(await revendaDoLead('Vendedor Dividido 3')).toBe(amb.ids.revendaA);
    // A deactivated and B active again, even though A's row is older.
    await amb.banco.db.update(revendaIntegracoes).set({ status: true }).where(integracaoMl(amb.ids.revendaB));
    await amb.banco.db.update(revendaIntegracoes).set({ status: false }).where(integracaoMl(amb.ids.revendaA));
    expect(await revendaDoLead('Vendedor Dividido 4')).toBe(amb.ids.revendaB);
  });

  it('sandbox: a code naming its own seller (…vendedor-{id}…) keeps that reseller’s leads apart (e2e specs side by side)', async () => {
    await amb.banco.db.update(revendaIntegracoes).set({ status: true }).where(integracaoMl(amb.ids.revendaA));
    const gestorB = await amb.entrar('gestorB');
    const ml = await chamar('POST', '/api/integracao/mercadolivre/configurar', gestorB, {
      id_revenda: amb.ids.revendaB,
      code_ml: 'ml-leads-b-vendedor-777000',
    });
    expect(ml.statusCode, ml.body).toBe(200);
    const [b] = await amb.banco.db.select().from(revendaIntegracoes).where(integracaoMl(amb.ids.revendaB));
    expect((b?.config as Record<string, unknown> | undefined)?.user_id_ml).toBe('777000');
    await sandbox('mercadolivre/_lead', { tipo: 'pergunta', item_id: 'MLB123', texto: 'Do vendedor próprio?', user_id: 777000 });
    await processar();
    const [q] = await amb.banco.db.select().from(leads).where(eq(leads.mensagem, 'Do vendedor próprio?'));
    expect(q?.revenda_id).toBe(amb.ids.revendaB);
    // The shared sandbox seller is now A's alone, although B connected later.
    expect(await revendaDoLead('Vendedor Comum')).toBe(amb.ids.revendaA);
  });
});

describe('OLX sandbox', () => {
  it('`_lead {url}` posts to that registered endpoint only (e2e specs side by side pick their own reseller’s)', async () => {
    const olx = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda: amb.ids.revendaB, code_olx: 'olx-leads-b' });
    expect(olx.statusCode, olx.body).toBe(200);
    await amb.tarefas.executar('leads-coletar', {});
    const { webhooks } = (await (await fetch(`${base}/sandbox/olx/_webhooks`)).json()) as { webhooks: string[] };
    const deA = webhooks.find((u) => u.includes(`/api/webhooks/olx/leads/${amb.ids.revendaA}.`));
    expect(deA).toBeDefined();
    // B registered last, yet the lead goes to A's endpoint; an address OLX never got is refused.
    expect(webhooks.at(-1)).toContain(`/api/webhooks/olx/leads/${amb.ids.revendaB}.`);
    const r = await fetch(`${base}/sandbox/olx/_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adId: 'OLX-AD-1', url: deA }),
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { url: string }).url).toBe(deA);
    const nenhum = await fetch(`${base}/sandbox/olx/_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adId: 'OLX-AD-1', url: `${deA}x` }),
    });
    expect(nenhum.status).toBe(409);
  });

  it('`_lead {rajada}` makes one lead per buyer, each with its own id, all sent to the chosen endpoint', async () => {
    const { webhooks } = (await (await fetch(`${base}/sandbox/olx/_webhooks`)).json()) as { webhooks: string[] };
    const deA = webhooks.find((u) => u.includes(`/api/webhooks/olx/leads/${amb.ids.revendaA}.`));
    const rajada = ['Rajada Um', 'Rajada Dois', 'Rajada Três'].map((nome) => ({ nome, texto: `Oi, sou ${nome}` }));
    const r = await fetch(`${base}/sandbox/olx/_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ adId: 'OLX-AD-1', url: deA, rajada }),
    });
    expect(r.status).toBe(200);
    const corpo = (await r.json()) as { url: string; leads: { leadId: string; name: string; message: string }[]; entregas: number[] };
    // Here the endpoint's host (PUBLIC_URL) is not this test server: the deliveries are tried (e2e's leads-olx sees them land).
    expect(corpo.url).toBe(deA);
    expect(corpo.entregas).toHaveLength(3);
    expect(corpo.leads.map((l) => [l.name, l.message])).toEqual(rajada.map((c) => [c.nome, c.texto]));
    expect(new Set(corpo.leads.map((l) => l.leadId)).size).toBe(3);
  });
});
