import type { RascunhoIcarros, RascunhoMobiauto } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextoDoCanal, lerConfigCanais } from '../src/canais/config.ts';
import { REALM_ICARROS } from '../src/canais/icarros/client.ts';
import { publicacaoIcarros } from '../src/canais/icarros/publicacao.ts';
import { configurarKeycloak } from '../src/canais/keycloak.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { TAREFA_SINCRONIZAR } from '../src/modules/publicacao/sincronizacao.service.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, registroDoEnvio } from './ajuda/publicacao.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Sync through the framework (issue 24 item 1) for iCarros and Mobiauto: a vehicle save reaches each sandbox through
 * the adapter's `atualizar` (docs/canais-b-atualizacao.md) on the stored post; an advert gone at the channel stays
 * desatualizado with the reason, and no advert is created.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

const CREDENCIAIS = {
  icarros: { email_icarros: 'loja@autodemo.test', senha_icarros: 's' },
  mobiauto: { email_integrador: 'loja@autodemo.test', senha_integrador: 's' },
} as const;
type Portal = keyof typeof CREDENCIAIS;
type NoCanal = { id: number; price: number; km: number; text?: string; description?: string };
const noCanal = async (canal: Portal) =>
  ((await (await fetch(`${base}/sandbox/${canal}/_anuncios`)).json()) as { anuncios: NoCanal[] }).anuncios;
const sincronizar = () => amb.tarefas.executar(TAREFA_SINCRONIZAR);

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteDePublicacao());
  await semTarefasEmSegundoPlano(amb);
  for (const [canal, credenciais] of Object.entries(CREDENCIAIS)) {
    const gravada = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/${canal}`, gestor, { status: true, ...credenciais });
    expect(gravada.statusCode, gravada.body).toBe(200);
    const conectada = await chamar('POST', `/api/integracao/${canal}/configurar`, gestor, { id_revenda: amb.ids.revendaA, ...credenciais });
    expect(conectada.statusCode, conectada.body).toBe(200);
  }
}, 120_000);
afterAll(() => amb.encerrar());

/** A car of reseller A published on iCarros and Mobiauto through the routes (Mobiauto confirmed by two polls). */
async function publicado() {
  const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
  expect(v.statusCode, v.body).toBe(200);
  const id = v.json().data.id as string;
  const i = (await chamar('POST', '/api/integracao/icarros/incluir', gestor, { id_veiculo: id })).json().data as RascunhoIcarros;
  const ei = await chamar('POST', '/api/integracao/icarros/enviar', gestor, {
    id_veiculo: id,
    veiculo_post: { ...i.veiculoPost, priority: String(i.planosRevenda.plans[0]?.priority) },
  });
  expect(ei.statusCode, ei.body).toBe(200);
  const m = (await chamar('POST', '/api/integracao/mobiauto/incluir', gestor, { id_veiculo: id })).json().data as RascunhoMobiauto;
  const em = await chamar('POST', '/api/integracao/mobiauto/enviar', gestor, {
    id_veiculo: id,
    veiculo_post: { ...m.veiculoData, planId: m.retPlanos.find((p) => p.name === 'Básico')?.dealPlanId },
  });
  expect(em.statusCode, em.body).toBe(200);
  await amb.tarefas.executar(TAREFA_RECONCILIAR);
  await amb.tarefas.executar(TAREFA_RECONCILIAR);
  expect(await registroDoEnvio(amb, id, 'mobiauto')).toMatchObject({ estado: 'publicado' });
  return { id, icarros: Number(ei.json().data.id_anuncio), mobiauto: Number(em.json().data.id_anuncio) };
}

async function salvar(id: string, campos: Record<string, unknown>) {
  const atual = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor)).json().data;
  const r = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor, {
    ...VEICULO_EXEMPLO,
    ...campos,
    versao: atual.versao,
  });
  expect(r.statusCode, r.body).toBe(200);
}

describe('sync after a save: iCarros and Mobiauto', () => {
  it('the new price and text reach both channels on the same adverts; nothing created; the adverts are up to date', async () => {
    const p = await publicado();
    const antes = { icarros: (await noCanal('icarros')).length, mobiauto: (await noCanal('mobiauto')).length };
    await salvar(p.id, { vevalor: '69.900,00', veobservacao: 'Preço novo, revisado.' });
    expect(await registroDoEnvio(amb, p.id, 'icarros')).toMatchObject({ desatualizado: true });
    await sincronizar();
    expect((await noCanal('icarros')).find((d) => d.id === p.icarros)).toMatchObject({ price: 69900, text: 'Preço novo, revisado.' });
    expect((await noCanal('mobiauto')).find((d) => d.id === p.mobiauto)).toMatchObject({
      price: 69900,
      description: 'Preço novo, revisado.',
    });
    expect({ icarros: (await noCanal('icarros')).length, mobiauto: (await noCanal('mobiauto')).length }).toEqual(antes);
    for (const canal of ['icarros', 'mobiauto'] as const)
      expect(await registroDoEnvio(amb, p.id, canal)).toMatchObject({ estado: 'publicado', desatualizado: false, ultimo_erro: null });
  }, 60_000);

  it('an advert removed at the channel: stays desatualizado with the reason, no new advert', async () => {
    const p = await publicado();
    // The dealer removed the deal in iCarros' own panel.
    const ctx = contextoDoCanal(lerConfigCanais({}), 'icarros', base, base);
    const c = await configurarKeycloak(ctx, REALM_ICARROS, 'loja@autodemo.test', 's');
    if (!c.ok) throw new Error(JSON.stringify(c.erro));
    expect(await publicacaoIcarros.excluir(ctx, { segredos: c.valor.segredos, dados: c.valor.dados }, String(p.icarros))).toEqual({
      ok: true,
      valor: 'removido',
    });
    const antes = (await noCanal('icarros')).length;
    await salvar(p.id, { vevalor: '68.000,00' });
    await sincronizar();
    const reg = await registroDoEnvio(amb, p.id, 'icarros');
    expect(reg).toMatchObject({ estado: 'publicado', desatualizado: true, lease_ate: null });
    expect(reg?.ultimo_erro).toContain('não existe mais em iCarros');
    expect((await noCanal('icarros')).length).toBe(antes);
    expect((await noCanal('mobiauto')).find((d) => d.id === p.mobiauto)).toMatchObject({ price: 68000 });
  }, 60_000);
});
