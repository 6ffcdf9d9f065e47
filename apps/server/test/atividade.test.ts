import type { EventoAtividade } from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderacao, veiculoIntegracoes } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { TAREFA_SINCRONIZAR } from '../src/modules/publicacao/sincronizacao.service.ts';
import type { Ambiente, Credencial } from './ajuda/ambiente.ts';
import { ambienteComAutoscar, comQuedaDepoisDoCanal, registroDoEnvio } from './ajuda/publicacao.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * The vehicle's activity timeline (issue 25 item 5): GET …/veiculos/:id/atividade answers, newest first, the
 * inclusion, each change, every operation on a channel's advert with who started it and its result (not only the last
 * one per channel: veiculo_integracoes_historico, written by the trigger in the operation's own statements) and the
 * moderation validations with the admin's name.
 */
let amb: Ambiente;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let admin: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
const nome = async (c: Credencial | null) => (await chamar('GET', '/api/auth/sessao', c)).json().data.usuario.nome as string;

beforeAll(async () => {
  ({ amb, chamar, gestor, gestorB } = await ambienteComAutoscar());
  admin = await amb.entrar('admin');
}, 120_000);
afterAll(() => amb.encerrar());

const atividade = (idVeiculo: string, quem: Credencial | null, idRevenda = amb.ids.revendaA) =>
  chamar('GET', `/api/revendas/${idRevenda}/veiculos/${idVeiculo}/atividade`, quem);

describe('atividade do veículo', () => {
  it('a refused send, a send, a removal, another send and a validation, newest first, each with who and its result', async () => {
    const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    expect(v.statusCode, v.body).toBe(200);
    const id = v.json().data.id as string;
    const post = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id })).json().data.veiculoPost;

    // The Autoscar sandbox refuses a description containing "recusar" (422).
    const recusado = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, {
      id_veiculo: id,
      veiculo_post: { ...post, description: 'Por favor recusar este' },
    });
    expect(recusado.statusCode, recusado.body).toBe(422);
    const primeiro = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: post });
    expect(primeiro.statusCode, primeiro.body).toBe(200);
    const idPrimeiro = primeiro.json().data.id_anuncio as string;
    const excluido = await chamar('POST', '/api/integracao/autoscar/excluir', gestor, { id_veiculo: id, id_anuncio: idPrimeiro });
    expect(excluido.statusCode, excluido.body).toBe(200);
    const segundo = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: post });
    expect(segundo.statusCode, segundo.body).toBe(200);

    const [entrada] = await amb.banco.db
      .select({ id: moderacao.id })
      .from(moderacao)
      .where(and(eq(moderacao.veiculo_id, id), eq(moderacao.fila, 'incluidos')));
    const validado = await chamar('POST', `/api/moderacao/incluidos/${entrada?.id}/validar`, admin);
    expect(validado.statusCode, validado.body).toBe(200);

    const r = await atividade(id, gestor);
    expect(r.statusCode, r.body).toBe(200);
    const eventos = r.json().data as EventoAtividade[];
    const [nomeGestor, nomeAdmin] = [await nome(gestor), await nome(admin)];
    const resumo = eventos.map((e) =>
      e.tipo === 'canal' ? [e.tipo, e.canal, e.operacao, e.estado, e.quem] : e.tipo === 'moderacao' ? [e.tipo, e.fila, e.quem] : [e.tipo],
    );
    expect(resumo).toEqual([
      ['moderacao', 'incluidos', nomeAdmin],
      ['canal', 'autoscar', 'enviar', 'publicado', nomeGestor],
      ['canal', 'autoscar', 'excluir', 'removido', nomeGestor],
      ['canal', 'autoscar', 'enviar', 'publicado', nomeGestor],
      ['canal', 'autoscar', 'enviar', 'falhou', nomeGestor],
      ['inclusao'],
    ]);
    const canal = eventos.filter((e) => e.tipo === 'canal');
    expect(canal[0]).toMatchObject({ id_anuncio: segundo.json().data.id_anuncio, motivo: null });
    expect(canal[0]?.respondido_em).not.toBeNull();
    expect(canal[1]).toMatchObject({ id_anuncio: idPrimeiro, motivo: null });
    expect(canal[2]).toMatchObject({ id_anuncio: idPrimeiro, motivo: null });
    expect(canal[3]?.motivo).toContain('recusado pela moderação da Autoscar');
    expect(Date.parse(eventos[0]?.quando ?? '')).toBeGreaterThanOrEqual(Date.parse(eventos[1]?.quando ?? ''));
  });

  it('each change is its own entry: Alterar done, the sync after a save (automatic), Alterar refused with the reason', async () => {
    const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    const id = v.json().data.id as string;
    const post = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id })).json().data.veiculoPost;
    const e = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: post });
    const idAnuncio = e.json().data.id_anuncio as string;
    const alterar = (description: string) =>
      chamar('POST', '/api/integracao/autoscar/alterar', gestor, {
        id_veiculo: id,
        id_anuncio: idAnuncio,
        veiculo_post: { ...post, description },
      });
    const a = await alterar('Nova descrição');
    expect(a.statusCode, a.body).toBe(200);
    // A save marks the advert desatualizado; the sync job (run here: background workers are off) updates it.
    const atual = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor)).json().data;
    const salvo = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor, {
      ...VEICULO_EXEMPLO,
      vevalor: '91.000,00',
      versao: atual.versao,
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
    await amb.tarefas.executar(TAREFA_SINCRONIZAR);
    const recusada = await alterar('recusar');
    expect(recusada.statusCode).toBe(422);
    const eventos = (await atividade(id, gestor)).json().data as EventoAtividade[];
    const nomeGestor = await nome(gestor);
    const resumo = eventos.flatMap((x) =>
      x.tipo === 'canal' ? [[x.operacao, x.estado, x.quem, x.motivo === null]] : x.tipo === 'alteracao' ? [[x.tipo]] : [],
    );
    expect(resumo).toEqual([
      ['alterar', 'falhou', nomeGestor, false],
      ['sincronizar', 'publicado', null, true],
      ['alteracao'],
      ['alterar', 'publicado', nomeGestor, true],
      ['enviar', 'publicado', nomeGestor, true],
    ]);
  });

  it('a send whose request died stays one entry: pendente with the reason, then publicado once the reconciliation finds it', async () => {
    const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    const id = v.json().data.id as string;
    const post = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id })).json().data.veiculoPost;
    const r = await comQuedaDepoisDoCanal('autoscar', 'enviar', () =>
      chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: post }),
    );
    expect(r.statusCode).toBe(500);
    const doCanal = async () =>
      ((await atividade(id, gestor)).json().data as EventoAtividade[]).flatMap((x) => (x.tipo === 'canal' ? [x] : []));
    const [pendente, ...outros] = await doCanal();
    expect(outros).toEqual([]);
    expect(pendente).toMatchObject({ operacao: 'enviar', estado: 'pendente', motivo: 'queda simulada depois da resposta do canal' });

    await amb.banco.db
      .update(veiculoIntegracoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(and(eq(veiculoIntegracoes.veiculo_id, id), eq(veiculoIntegracoes.canal, 'autoscar')));
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    const [publicado, ...nenhum] = await doCanal();
    expect(nenhum).toEqual([]);
    expect(publicado).toMatchObject({ id: pendente?.id, estado: 'publicado', motivo: null, quem: await nome(gestor) });
    expect(publicado?.id_anuncio).toBe((await registroDoEnvio(amb, id, 'autoscar'))?.id_anuncio);
  });

  it('is authorised as the view: another reseller is refused (403), a vehicle under another reseller is not found (404)', async () => {
    const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    const id = v.json().data.id as string;
    const vista = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestorB);
    const daAtividade = await atividade(id, gestorB);
    expect(daAtividade.statusCode).toBe(403);
    expect(daAtividade.statusCode).toBe(vista.statusCode);
    const sob = await atividade(id, gestorB, amb.ids.revendaB);
    expect(sob.statusCode).toBe(404);
    expect(sob.statusCode).toBe((await chamar('GET', `/api/revendas/${amb.ids.revendaB}/veiculos/${id}`, gestorB)).statusCode);
    expect((await atividade(id, admin)).statusCode).toBe(200);
  });
});
