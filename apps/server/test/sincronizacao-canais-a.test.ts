import type { RascunhoMercadoLivre, RascunhoMeuCarroNovo, RascunhoOlx } from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { TAREFA_SINCRONIZAR } from '../src/modules/publicacao/sincronizacao.service.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, registroDoEnvio } from './ajuda/publicacao.ts';
import type { chamarComo } from './ajuda/veiculos.ts';

/**
 * Sync through the framework (issue 24 item 1) for Olx, Mercado Livre and Na Pista: a changed vehicle reaches each
 * sandbox through the adapter's `atualizar` on the stored post (docs/canais-a-atualizacao.md), on the same adverts.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let argo: string;

const noCanal = async <T>(canal: string) =>
  ((await (await fetch(`${base}/sandbox/${canal}/_anuncios`)).json()) as { anuncios: T[] }).anuncios;
const incluir = async <T>(canal: string) =>
  (await chamar('POST', `/api/integracao/${canal}/incluir`, gestor, { id_veiculo: argo })).json().data as T;
async function enviar(canal: string, post: unknown) {
  const r = await chamar('POST', `/api/integracao/${canal}/enviar`, gestor, { id_veiculo: argo, veiculo_post: post });
  expect(r.statusCode, r.body).toBe(200);
  return String(r.json().data.id_anuncio);
}

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteDePublicacao());
  await semTarefasEmSegundoPlano(amb);
  const admin = await amb.entrar('admin');
  const olx = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda: amb.ids.revendaA, code_olx: 'olx-sync' });
  expect(olx.statusCode, olx.body).toBe(200);
  const ml = await chamar('POST', '/api/integracao/mercadolivre/configurar', gestor, { id_revenda: amb.ids.revendaA, code_ml: 'ml-sync' });
  expect(ml.statusCode, ml.body).toBe(200);
  const np = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/meucarronovo`, gestor, {
    status: true,
    email_meucarronovo: 'loja@autodemo.test',
    senha_meucarronovo: 's',
  });
  expect(np.statusCode, np.body).toBe(200);
  const [carro] = await amb.banco.db
    .select({ id: veiculos.id })
    .from(veiculos)
    .where(and(eq(veiculos.revenda_id, amb.ids.revendaA), eq(veiculos.vefipe_marca, 'Fiat'), eq(veiculos.veremovido, 0)));
  argo = carro?.id ?? '';
}, 120_000);
afterAll(() => amb.encerrar());

describe('sync after a change: Olx, Mercado Livre and Na Pista', () => {
  it('the new price and text reach the three channels on the same adverts; nothing created; the adverts are up to date', async () => {
    const o = await incluir<RascunhoOlx>('olx');
    const idOlx = await enviar('olx', { ...o.veiculoPost, phone: '11987654321', car_steering: '2', financial_status: '1' });
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect(await registroDoEnvio(amb, argo, 'olx')).toMatchObject({ estado: 'publicado' });
    const m = await incluir<RascunhoMercadoLivre>('mercadolivre');
    const idMl = await enviar('mercadolivre', {
      ml_titulo_anuncio: m.veiculoPost.title,
      ml_descricao_anuncio: m.veiculoPost.description.plain_text,
      ml_attributes: m.ml_values,
      ml_veiculo_post: { location: m.veiculoPost.location },
    });
    const n = await incluir<RascunhoMeuCarroNovo>('meucarronovo');
    const idNp = await enviar('meucarronovo', { ...n.veiculoPost, idTipoAnuncio: '1' });
    const contagem = async () => [
      (await noCanal('olx')).length,
      (await noCanal('mercadolivre')).length,
      (await noCanal('meucarronovo')).length,
    ];
    const antes = await contagem();

    // A save of the vehicle, as veiculos.service does it: new data, its adverts marked desatualizado.
    await amb.banco.db
      .update(veiculos)
      .set({ vevalor: '69900.00', veobservacao: 'Preço novo, revisado.', updated_at: sql`now()` })
      .where(eq(veiculos.id, argo));
    await amb.banco.db.update(veiculoIntegracoes).set({ desatualizado: true }).where(eq(veiculoIntegracoes.veiculo_id, argo));
    await amb.tarefas.executar(TAREFA_SINCRONIZAR);

    type Olx = { id: string; alteracoes: number; ad: { price: number; body: string } };
    expect((await noCanal<Olx>('olx')).find((a) => a.id === idOlx)).toMatchObject({
      alteracoes: 1,
      ad: { price: 69900, body: 'Preço novo, revisado.' },
    });
    type Ml = { id: string; price: number; descricao: string; alteracoes: number };
    const item = (await noCanal<Ml>('mercadolivre')).find((i) => i.id === idMl);
    expect(item).toMatchObject({ price: 69900, alteracoes: 1 });
    expect(item?.descricao).toContain('Preço novo, revisado.');
    type Np = { id: number; valor: number; observacoes: string; alteracoes: number };
    expect((await noCanal<Np>('meucarronovo')).find((a) => String(a.id) === idNp)).toMatchObject({
      valor: 69900,
      observacoes: 'Preço novo, revisado.',
      alteracoes: 1,
    });
    expect(await contagem()).toEqual(antes);
    for (const canal of ['olx', 'mercadolivre', 'meucarronovo'])
      expect(await registroDoEnvio(amb, argo, canal), canal).toMatchObject({
        estado: 'publicado',
        desatualizado: false,
        ultimo_erro: null,
      });
  }, 90_000);

  it('an Olx ad deleted at the channel: the sync imports nothing (an insert would create it), the advert stays desatualizado with the reason', async () => {
    const reg = await registroDoEnvio(amb, argo, 'olx');
    const idOlx = reg?.id_anuncio ?? '';
    // The dealer deleted the ad in OLX's own panel.
    const apagado = await fetch(`${base}/sandbox/olx/autoupload/import`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: 'olx-painel', ad_list: [{ id: idOlx, operation: 'delete' }] }),
    });
    expect(((await apagado.json()) as { statusCode: number }).statusCode).toBe(0);
    const antes = (await noCanal('olx')).length;
    await amb.banco.db.update(veiculos).set({ vevalor: '68000.00', updated_at: sql`now()` }).where(eq(veiculos.id, argo));
    await amb.banco.db.update(veiculoIntegracoes).set({ desatualizado: true }).where(eq(veiculoIntegracoes.veiculo_id, argo));
    await amb.tarefas.executar(TAREFA_SINCRONIZAR);
    const depois = await registroDoEnvio(amb, argo, 'olx');
    expect(depois).toMatchObject({ estado: 'publicado', desatualizado: true, lease_ate: null });
    expect(depois?.ultimo_erro).toContain('não existe mais na Olx');
    type Olx = { id: string; status: string };
    expect((await noCanal<Olx>('olx')).length).toBe(antes);
    expect((await noCanal<Olx>('olx')).find((a) => a.id === idOlx)?.status).toBe('deleted');
    // The other channels took the new price.
    expect(await registroDoEnvio(amb, argo, 'meucarronovo')).toMatchObject({ desatualizado: false });
  }, 90_000);
});
