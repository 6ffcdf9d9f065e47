import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { veiculos } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, registroDoEnvio } from './ajuda/publicacao.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Olx through the publishing framework (spec 3 §2.5, §3.5, §5, §7; issue 13): draft with the OLX catalogue, the
 * asynchronous import (pendente with the import token stored, the reconciliation job polls until OLX accepts or
 * refuses, the vehicle view shows each state), validation messages, Excluir.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let admin: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let argo: string;

type AnuncioOlx = { id: string; status: string; ad: { subject: string } };
const anuncios = async () => ((await (await fetch(`${base}/sandbox/olx/_anuncios`)).json()) as { anuncios: AnuncioOlx[] }).anuncios;
const registro = (idVeiculo: string) => registroDoEnvio(amb, idVeiculo, 'olx');
async function naVisualizacao(idVeiculo: string) {
  const r = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${idVeiculo}`, gestor);
  return (
    r.json().data.integracoes as { canal: string; estado: string | null; ultimo_erro: string | null; id_anuncio: string | null }[]
  ).find((i) => i.canal === 'olx');
}

async function rascunho(idVeiculo: string) {
  const r = await chamar('POST', '/api/integracao/olx/incluir', gestor, { id_veiculo: idVeiculo });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { veiculo: { marca: string }; veiculoPost: Record<string, unknown>; retMarca: { id: string; nome: string }[] };
}
/** The draft completed as the user does on the screen (phone, steering and financial status chosen). */
async function postCompleto(idVeiculo: string, extra: Record<string, unknown> = {}) {
  const { veiculoPost } = await rascunho(idVeiculo);
  return { ...veiculoPost, phone: '11987654321', zipcode: '01310100', car_steering: '2', financial_status: '1', ...extra };
}
const enviar = (idVeiculo: string, post: Record<string, unknown>, c = gestor) =>
  chamar('POST', '/api/integracao/olx/enviar', c, { id_veiculo: idVeiculo, usuario: 'ignorado', veiculo_post: post });

beforeAll(async () => {
  ({ amb, base, chamar, gestor, gestorB } = await ambienteDePublicacao());
  await semTarefasEmSegundoPlano(amb); // the tests run each job round themselves
  admin = await amb.entrar('admin');
  const c = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda: amb.ids.revendaA, code_olx: 'olx-publicacao' });
  expect(c.statusCode, c.body).toBe(200);
  const [carro] = await amb.banco.db
    .select({ id: veiculos.id })
    .from(veiculos)
    .where(and(eq(veiculos.revenda_id, amb.ids.revendaA), eq(veiculos.vefipe_marca, 'Fiat'), eq(veiculos.veremovido, 0)));
  argo = carro?.id ?? '';
}, 120_000);
afterAll(() => amb.encerrar());

describe('Olx: rascunho', () => {
  it('loads the OLX catalogue with the brand matched; another reseller is refused', async () => {
    const r = await rascunho(argo);
    expect(r.veiculo.marca).toBe('Fiat');
    expect(r.retMarca.find((m) => m.id === r.veiculoPost.vehicle_brand)?.nome).toBe('FIAT');
    expect(r.veiculoPost.vehicle_version).not.toBe('');
    expect((await chamar('POST', '/api/integracao/olx/incluir', gestorB, { id_veiculo: argo })).statusCode).toBe(403);
    const modelos = await chamar('POST', '/api/integracao/olx/consultar-modelo', gestor, {
      id_veiculo: argo,
      marca: r.veiculoPost.vehicle_brand,
    });
    expect(modelos.statusCode, modelos.body).toBe(200);
    expect((modelos.json().data as { nome: string }[]).map((m) => m.nome)).toEqual(['ARGO', 'MOBI']);
  });

  it('validation: the spec messages, nothing recorded nor sent', async () => {
    const r = await enviar(argo, await postCompleto(argo, { subject: 'A', zipcode: '123', car_steering: '0', financial_status: '0' }));
    expect(r.statusCode).toBe(400);
    expect(Object.values(r.json().campos)).toEqual(
      expect.arrayContaining([
        "'Título anúncio' é obrigatório.",
        "'CEP' é obrigatório.",
        "'Direção' é obrigatório.",
        "'Status financeiro' é obrigatório.",
      ]),
    );
    expect(await registro(argo)).toBeUndefined();
  });

  it('an ad OLX refuses at import (no photos): falhou with the reasons in Portuguese', async () => {
    const nova = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    const id = nova.json().data.id as string;
    const r = await enviar(id, await postCompleto(id));
    expect(r.statusCode).toBe(422);
    expect(r.json().data).toContain('o veículo não tem fotos');
    expect(await naVisualizacao(id)).toMatchObject({ estado: 'falhou', ultimo_erro: expect.stringContaining('o veículo não tem fotos') });
  });
});

describe('Olx: importação assíncrona', () => {
  it('pendente with the import token; the job polls OLX until the advert is published; Excluir removes it', async () => {
    const r = await enviar(argo, await postCompleto(argo));
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({ estado: 'pendente', id_anuncio: expect.any(String), token_importacao: expect.any(String) });
    expect(d.mensagem).toContain('aguardando a confirmação do canal');
    expect(await registro(argo)).toMatchObject({
      estado: 'pendente',
      id_anuncio: d.id_anuncio,
      dados: { token_importacao: d.token_importacao },
    });
    expect(await naVisualizacao(argo)).toMatchObject({ estado: 'pendente', id_anuncio: d.id_anuncio });
    // A second click while OLX processes asks OLX (still processing) and is refused without a second import.
    const segundo = await enviar(argo, await postCompleto(argo));
    expect(segundo.statusCode).toBe(409);
    expect(segundo.json().data).toContain('já está em andamento');
    expect((await anuncios()).filter((a) => a.id === d.id_anuncio)).toHaveLength(1);
    expect((await registro(argo))?.estado).toBe('pendente');

    // The job's next round polls the import with the stored token: OLX has accepted it.
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    const publicado = await registro(argo);
    expect(publicado).toMatchObject({ estado: 'publicado', status: true, id_anuncio: d.id_anuncio, lease_ate: null });
    expect(publicado?.url_anuncio).toMatch(/^https:\/\/www\.olx\.com\.br\/vi\/\d+\.htm$/);
    // The view names the advert by OLX's own number (list_id, the one in its address), not our import id (issue 24).
    const listId = /\/vi\/(\d+)\.htm$/.exec(publicado?.url_anuncio ?? '')?.[1];
    expect(await naVisualizacao(argo)).toMatchObject({ estado: 'publicado', id_anuncio: d.id_anuncio, codigo_anuncio: listId });

    const e = await chamar('POST', '/api/integracao/olx/excluir', gestor, { id_veiculo: argo, id_anuncio: d.id_anuncio });
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json().data).toEqual({ mensagem: 'Anúncio excluído com sucesso.', ja_removido: false });
    expect((await anuncios()).find((a) => a.id === d.id_anuncio)?.status).toBe('deleted');
    expect(await registro(argo)).toBeUndefined();
  });

  it('OLX refuses the advert after processing: the job marks it falhou with the reason', async () => {
    const r = await enviar(argo, await postCompleto(argo, { subject: 'Fiat Argo para recusar' }));
    expect(r.json().data.estado).toBe('pendente');
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect(await naVisualizacao(argo)).toMatchObject({
      estado: 'falhou',
      ultimo_erro: expect.stringContaining('A Olx recusou o anúncio'),
    });
  });
});
