import type { Lead, LeadDetalhe } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventos, leadMensagens, leads, veiculoIntegracoes } from '../src/db/schema/index.ts';
import { type LeadRecebido, leadsRepository } from '../src/modules/leads/leads.repository.ts';
import { TAREFA_ANONIMIZAR_LEADS } from '../src/modules/leads/leads.tarefa.ts';
import { type Ambiente, type Credencial, configTeste, criarAmbiente } from './ajuda/ambiente.ts';
import { chamarComo } from './ajuda/veiculos.ts';

/** The inbox API (issue 26 item 4): leads stored by the intake's repository, read and changed through the routes. */
let amb: Ambiente;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let admin: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

const recebido = (extra: Partial<LeadRecebido>): LeadRecebido => ({
  idRevenda: amb.ids.revendaA,
  canal: 'icarros',
  idExterno: `L-${Math.random().toString(36).slice(2, 10)}`,
  idAnuncio: null,
  nome: 'Maria Souza',
  email: 'maria@exemplo.test',
  telefone: '11987654321',
  mensagem: 'Tenho interesse no carro.',
  recebidoEm: new Date('2026-11-20T15:00:00Z'),
  ...extra,
});

beforeAll(async () => {
  amb = await criarAmbiente();
  chamar = chamarComo(amb);
  gestor = await amb.entrar('gestorA');
  gestorB = await amb.entrar('gestorB');
  admin = await amb.entrar('admin');
  // The demo vehicle's advert on iCarros: a lead naming it is matched to the vehicle.
  await amb.banco.db
    .insert(veiculoIntegracoes)
    .values({ veiculo_id: amb.ids.veiculoA, canal: 'icarros', revenda_id: amb.ids.revendaA, id_anuncio: 'DEAL-77', estado: 'publicado' });
});
afterAll(() => amb?.encerrar());

const lista = async (c: Credencial | null, url: string) => {
  const r = await chamar('GET', url, c);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { itens: Lead[]; total: number };
};

describe('leads: storage', () => {
  it('one lead per (channel, lead id); matched to the vehicle through the advert id, kept when the advert is unknown', async () => {
    const db = amb.banco.db;
    const a = await leadsRepository.gravar(db, recebido({ idExterno: 'IC-1', idAnuncio: 'DEAL-77' }));
    const b = await leadsRepository.gravar(db, recebido({ idExterno: 'IC-1', idAnuncio: 'DEAL-77', nome: 'Outro' }));
    expect(a.novo).toBe(true);
    expect(b.novo).toBe(false);
    expect(b.lead.id).toBe(a.lead.id);
    expect(a.lead.veiculo_id).toBe(amb.ids.veiculoA);
    const sem = await leadsRepository.gravar(db, recebido({ idExterno: 'IC-2', idAnuncio: 'NAO-EXISTE' }));
    expect(sem.lead.veiculo_id).toBeNull();
    expect(sem.lead.id_anuncio).toBe('NAO-EXISTE');
    expect((await db.select().from(leads).where(eq(leads.id_externo, 'IC-1'))).length).toBe(1);
    // Live: the inbox hears of it through the change stream.
    const ev = await db.select().from(eventos).where(eq(eventos.tabela, 'leads'));
    expect(ev.some((e) => e.id === a.lead.id && e.revenda === amb.ids.revendaA)).toBe(true);
  });
});

describe('leads: routes', () => {
  it('lists the reseller’s leads with the vehicle; another reseller’s gestor is refused; admin filters by reseller', async () => {
    const { itens } = await lista(gestor, `/api/revendas/${amb.ids.revendaA}/leads`);
    const ic1 = itens.find((l) => l.id_externo === 'IC-1');
    expect(ic1?.veiculo?.titulo).toBeTruthy();
    expect(itens.find((l) => l.id_externo === 'IC-2')?.veiculo).toBeNull();
    expect((await chamar('GET', `/api/revendas/${amb.ids.revendaA}/leads`, gestorB)).statusCode).toBe(403);
    await leadsRepository.gravar(amb.banco.db, recebido({ idRevenda: amb.ids.revendaB, idExterno: 'IC-B' }));
    const daB = await lista(gestorB, `/api/revendas/${amb.ids.revendaB}/leads`);
    expect(daB.itens.map((l) => l.id_externo)).toEqual(['IC-B']);
    const todos = await lista(admin, '/api/leads');
    expect(todos.total).toBe(3);
    const soA = await lista(admin, `/api/leads?revenda=${amb.ids.revendaA}`);
    expect(soA.itens.every((l) => l.revenda_id === amb.ids.revendaA)).toBe(true);
    expect(soA.total).toBe(2);
  });

  it('reads several leads in one request, in the list’s shape, only the reseller’s (the live inbox after a burst)', async () => {
    const { itens } = await lista(gestor, `/api/revendas/${amb.ids.revendaA}/leads`);
    const [deB] = (await lista(gestorB, `/api/revendas/${amb.ids.revendaB}/leads`)).itens;
    const url = `/api/revendas/${amb.ids.revendaA}/leads/linhas`;
    const r = await chamar('POST', url, gestor, { ids: [...itens.map((l) => l.id), deB?.id] });
    expect(r.statusCode, r.body).toBe(200);
    // The same rows as the list (another reseller's lead is not there), newest first.
    expect(r.json().data).toEqual(itens);
    expect((await chamar('POST', url, gestorB, { ids: [itens[0]?.id] })).statusCode).toBe(403);
    const vazio = await chamar('POST', url, gestor, { ids: [] });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.body).toContain('Informe ao menos um lead');
  });

  it('filters by channel, state, vehicle, period and search; bad filters are 400 in Portuguese', async () => {
    const db = amb.banco.db;
    await leadsRepository.gravar(
      db,
      recebido({ canal: 'olx', idExterno: 'OLX-1', nome: 'João Álvares', recebidoEm: new Date('2026-10-01T12:00:00Z') }),
    );
    const u = `/api/revendas/${amb.ids.revendaA}/leads`;
    expect((await lista(gestor, `${u}?canal=olx`)).itens.map((l) => l.id_externo)).toEqual(['OLX-1']);
    expect((await lista(gestor, `${u}?veiculo=${amb.ids.veiculoA}`)).itens.map((l) => l.id_externo)).toEqual(['IC-1']);
    expect((await lista(gestor, `${u}?de=2026-09-30&ate=2026-10-01`)).itens.map((l) => l.id_externo)).toEqual(['OLX-1']);
    // Accent- and case-insensitive both ways: "joao" finds "João", "ÁLVARES" and "alvares" find "Álvares".
    for (const busca of ['joao', 'JOAO', 'Álvares', 'ÁLVARES', 'alvares', 'joão álv'])
      expect(
        (await lista(gestor, `${u}?busca=${encodeURIComponent(busca)}`)).itens.map((l) => l.id_externo),
        busca,
      ).toEqual(['OLX-1']);
    expect((await lista(gestor, `${u}?busca=joana`)).total).toBe(0);
    expect((await lista(gestor, `${u}?busca=98765-4321`)).total).toBe(3);
    expect((await lista(gestor, `${u}?busca=100%25`)).total).toBe(0);
    expect((await lista(gestor, `${u}?estado=novo`)).total).toBe(3);
    const ruim = await chamar('GET', `${u}?de=2026-10-02&ate=2026-10-01`, gestor);
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().data).toContain('Período inválido');
    expect((await chamar('GET', `${u}?canal=orkut`, gestor)).statusCode).toBe(400);
    expect((await chamar('GET', `${u}?veiculo=xyz`, gestor)).statusCode).toBe(400);
    // Per vehicle (the vehicle page): only that vehicle's; a vehicle of another reseller is 404.
    const doVeiculo = await lista(gestor, `/api/revendas/${amb.ids.revendaA}/veiculos/${amb.ids.veiculoA}/leads`);
    expect(doVeiculo.itens.map((l) => l.id_externo)).toEqual(['IC-1']);
    expect((await chamar('GET', `/api/revendas/${amb.ids.revendaB}/veiculos/${amb.ids.veiculoA}/leads`, gestorB)).statusCode).toBe(404);
  });

  it('reads one lead with its conversation, changes its state recording who, deletes it on request', async () => {
    const db = amb.banco.db;
    const [l] = await db.select().from(leads).where(eq(leads.id_externo, 'IC-1'));
    if (!l) throw new Error('sem lead');
    await leadsRepository.mensagemRecebida(db, l, 'Aceita troca?', new Date('2026-11-20T15:00:00Z'), 'q-1');
    const u = `/api/revendas/${amb.ids.revendaA}/leads/${l.id}`;
    const lido = await chamar('GET', u, gestor);
    expect(lido.statusCode, lido.body).toBe(200);
    expect((lido.json().data as LeadDetalhe).mensagens).toEqual([
      {
        id: expect.any(String),
        autor: 'comprador',
        texto: 'Aceita troca?',
        enviada_em: '2026-11-20T15:00:00.000Z',
        estado: 'recebida',
        erro: null,
      },
    ]);
    // Another reseller's id in the URL: not found (never the lead).
    expect((await chamar('GET', `/api/revendas/${amb.ids.revendaB}/leads/${l.id}`, gestorB)).statusCode).toBe(404);
    expect((await chamar('GET', `/api/revendas/${amb.ids.revendaB}/leads/${l.id}`, admin)).statusCode).toBe(404);

    const mudou = await chamar('PUT', `${u}/estado`, gestor, { estado: 'em_atendimento' });
    expect(mudou.statusCode, mudou.body).toBe(200);
    const d = mudou.json().data as LeadDetalhe;
    expect(d.estado).toBe('em_atendimento');
    expect(d.estado_por).toBe(amb.ids.gestorA);
    expect(d.estado_por_nome).toBeTruthy();
    const ruim = await chamar('PUT', `${u}/estado`, gestor, { estado: 'vendido' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().data).toContain('Estado inválido');

    const apagado = await chamar('DELETE', u, gestor);
    expect(apagado.statusCode, apagado.body).toBe(200);
    expect(await db.select().from(leads).where(eq(leads.id, l.id))).toEqual([]);
    expect(await db.select().from(leadMensagens).where(eq(leadMensagens.lead_id, l.id))).toEqual([]);
    expect((await chamar('DELETE', u, gestor)).statusCode).toBe(404);
  });
});

describe('leads: retention', () => {
  it('the housekeeping job anonymises leads older than 24 months (default), conversation included; newer ones stay', async () => {
    const db = amb.banco.db;
    const mes = 30 * 86_400_000;
    const velho = await leadsRepository.gravar(db, recebido({ idExterno: 'VELHO', recebidoEm: new Date(Date.now() - 25 * mes) }));
    await leadsRepository.mensagemRecebida(db, velho.lead, 'Meu CPF é 123', velho.lead.recebido_em, 'v-1');
    const recente = await leadsRepository.gravar(db, recebido({ idExterno: 'RECENTE', recebidoEm: new Date(Date.now() - 23 * mes) }));
    await amb.tarefas.executar(TAREFA_ANONIMIZAR_LEADS, {});
    const [v] = await db.select().from(leads).where(eq(leads.id, velho.lead.id));
    expect(v).toMatchObject({ nome: null, email: null, telefone: null, mensagem: null, bruto: null, canal: 'icarros', estado: 'novo' });
    expect(v?.anonimizado_em).not.toBeNull();
    expect((await db.select().from(leadMensagens).where(eq(leadMensagens.lead_id, velho.lead.id))).map((m) => m.texto)).toEqual([
      'Dados removidos (LGPD)',
    ]);
    const [r] = await db.select().from(leads).where(eq(leads.id, recente.lead.id));
    expect(r).toMatchObject({ nome: 'Maria Souza', anonimizado_em: null });
    const lido = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/leads/${velho.lead.id}`, gestor);
    expect(lido.json().data).toMatchObject({ anonimizado: true, nome: null });
  });

  it('LEADS_RETENCAO_MESES sets the period (default 24)', () => {
    expect(configTeste().leadsRetencaoMeses).toBe(24);
    expect(configTeste({ LEADS_RETENCAO_MESES: '6' }).leadsRetencaoMeses).toBe(6);
  });
});
