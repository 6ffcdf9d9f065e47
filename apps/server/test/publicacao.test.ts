import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { falha } from '../src/canais/tipos.ts';
import { veiculoIntegracoes } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, comQuedaDepoisDoCanal, registroDoEnvio } from './ajuda/publicacao.ts';
import { CONTA_IG, configurarRedesSociais, PAGINA_FB } from './ajuda/social.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Per-vehicle publishing framework (spec 3 §2.1, §4, §7; issue 12 items 5–8) through Facebook and Instagram against
 * the Graph sandbox: draft, validation, durable send (pendente before the call, 409 on a second click), failures,
 * reconciliation after a crash between the channel's answer and the database write, Excluir, "desatualizado".
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let admin: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

type Anuncio = { id: string; destino: string; tipo: string; legenda: string; link?: string; fotos?: string[] };
const anuncios = async (canal: 'facebook' | 'instagram', destino: string) =>
  ((await (await fetch(`${base}/sandbox/${canal}/_anuncios`)).json()) as { data: Anuncio[] }).data.filter((a) => a.destino === destino);

const registro = (idVeiculo: string, canal: string) => registroDoEnvio(amb, idVeiculo, canal);

/** The vehicle view's row of a channel (spec 3 §2.1). */
async function naVisualizacao(idVeiculo: string, canal: string) {
  const r = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${idVeiculo}`, gestor);
  expect(r.statusCode).toBe(200);
  return (
    r.json().data.integracoes as {
      canal: string;
      estado: string | null;
      publicado: boolean;
      ultimo_erro: string | null;
      desatualizado: boolean;
      id_anuncio: string | null;
    }[]
  ).find((i) => i.canal === canal);
}

async function novoVeiculo(extra: object = {}) {
  const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, { ...VEICULO_EXEMPLO, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.id as string;
}

const texto = (s: string) => `${s} — Fiat Argo Drive 2023, único dono, revisado.`;
const enviarFb = (idVeiculo: string, descricao: string, c = gestor) =>
  chamar('POST', '/api/integracao/facebook/enviar', c, {
    id_veiculo: idVeiculo,
    usuario: 'qualquer-um',
    veiculo_post: { face_descricao: descricao, face_link: 'https://autodemo.test/estoque' },
  });
/** Makes the pending send's lease end now, as if its request had died long ago (or the server restarted). */
const vencerLease = (idVeiculo: string, canal: string) =>
  amb.banco.db
    .update(veiculoIntegracoes)
    .set({ lease_ate: sql`now() - interval '1 second'` })
    .where(and(eq(veiculoIntegracoes.veiculo_id, idVeiculo), eq(veiculoIntegracoes.canal, canal)));

beforeAll(async () => {
  ({ amb, base, chamar, gestor, gestorB } = await ambienteDePublicacao());
  await semTarefasEmSegundoPlano(amb); // the tests run each job round themselves
  admin = await amb.entrar('admin');
  await configurarRedesSociais(amb, gestor);
}, 120_000);
afterAll(() => amb.encerrar());

describe('rascunho (incluir) e acesso', () => {
  it('carrega os dados Intermédio, o texto sugerido e as fotos; outra revenda é recusada, o admin entra', async () => {
    const r = await chamar('POST', '/api/integracao/facebook/incluir', gestor, { id_veiculo: amb.ids.veiculoA, api_key: 'x' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.veiculo.id).toBe(amb.ids.veiculoA);
    expect(d.veiculoPost.message).toContain(d.veiculo.marca);
    expect(d.veiculoPost.images.length).toBeGreaterThan(0);
    expect(d.veiculoPost.images[0].fileUrl).toMatch(/^https?:\/\//);

    const b = await chamar('POST', '/api/integracao/facebook/incluir', gestorB, { id_veiculo: amb.ids.veiculoA });
    expect(b.statusCode).toBe(403);
    const semSessao = await chamar('POST', '/api/integracao/facebook/enviar', null, { id_veiculo: amb.ids.veiculoA });
    expect(semSessao.statusCode).toBe(401);
    expect((await chamar('POST', '/api/integracao/facebook/incluir', admin, { id_veiculo: amb.ids.veiculoA })).statusCode).toBe(200);
    expect(
      (await chamar('POST', '/api/integracao/instagram/incluir', gestor, { id_veiculo: amb.ids.veiculoA })).json().data.message,
    ).toContain(d.veiculo.modelo);
  });

  it('um gestor de outra revenda não envia nem exclui (nada chega ao canal)', async () => {
    const antes = (await anuncios('facebook', PAGINA_FB)).length;
    expect((await enviarFb(amb.ids.veiculoA, texto('Outra revenda'), gestorB)).statusCode).toBe(403);
    expect((await chamar('POST', '/api/integracao/facebook/excluir', gestorB, { id_veiculo: amb.ids.veiculoA })).statusCode).toBe(403);
    expect(await anuncios('facebook', PAGINA_FB)).toHaveLength(antes);
  });

  it('veículo inexistente: 404 para o admin; id malformado: 400', async () => {
    const inexistente = '00000000-0000-4000-8000-000000000000';
    const r = await chamar('POST', '/api/integracao/facebook/incluir', admin, { id_veiculo: inexistente });
    expect(r.statusCode).toBe(404);
    expect(r.json().data).toBe('Veículo não encontrado.');
    expect((await chamar('POST', '/api/integracao/facebook/incluir', gestor, { id_veiculo: 'abc' })).statusCode).toBe(400);
  });
});

describe('envio durável (Facebook)', () => {
  it('valida com as mensagens da spec e não grava nada', async () => {
    const id = await novoVeiculo();
    const r = await chamar('POST', '/api/integracao/facebook/enviar', gestor, {
      id_veiculo: id,
      veiculo_post: { face_descricao: 'curta', face_link: 'http://x' },
    });
    expect(r.statusCode).toBe(400);
    expect(Object.values(r.json().campos)).toEqual(
      expect.arrayContaining(["'Descrição do anúncio' é obrigatório.", "'Link anúncio' é obrigatório."]),
    );
    expect(await registro(id, 'facebook')).toBeUndefined();
  });

  it('publica com fotos, grava id e url; a tela do veículo mostra publicado; um segundo envio é recusado sem chamar o canal', async () => {
    const antes = (await anuncios('facebook', PAGINA_FB)).length;
    const r = await enviarFb(amb.ids.veiculoA, texto('Publicação com fotos'));
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.estado).toBe('publicado');
    expect(d.id_anuncio).toMatch(new RegExp(`^${PAGINA_FB}_`));
    expect(d.url_anuncio).toMatch(/^https:\/\/www\.facebook\.com\//);
    const noCanal = await anuncios('facebook', PAGINA_FB);
    expect(noCanal).toHaveLength(antes + 1);
    const post = noCanal.find((a) => a.id === d.id_anuncio);
    expect(post?.link).toBe('https://autodemo.test/estoque');
    expect(post?.fotos?.length).toBeGreaterThan(0);
    expect(await naVisualizacao(amb.ids.veiculoA, 'facebook')).toMatchObject({
      estado: 'publicado',
      publicado: true,
      id_anuncio: d.id_anuncio,
    });

    const de_novo = await enviarFb(amb.ids.veiculoA, texto('Publicação com fotos'));
    expect(de_novo.statusCode).toBe(409);
    expect(de_novo.json().data).toContain('já está publicado');
    expect(await anuncios('facebook', PAGINA_FB)).toHaveLength(antes + 1);
  });

  it('clique duplo: o segundo envio, com o primeiro pendente, recebe 409 e o canal recebe um só anúncio', async () => {
    const id = await novoVeiculo();
    const descricao = texto('Clique duplo lento');
    const primeiro = enviarFb(id, descricao); // "lento": the sandbox answers after 2 s
    await new Promise((ok) => setTimeout(ok, 400));
    expect((await registro(id, 'facebook'))?.estado).toBe('pendente');
    expect((await naVisualizacao(id, 'facebook'))?.estado).toBe('pendente');
    const segundo = await enviarFb(id, descricao);
    expect(segundo.statusCode).toBe(409);
    expect(segundo.json().data).toBe(
      'O envio deste veículo para Facebook já está em andamento. Aguarde a conclusão antes de enviar novamente.',
    );
    expect((await primeiro).statusCode).toBe(200);
    expect((await anuncios('facebook', PAGINA_FB)).filter((a) => a.legenda === descricao)).toHaveLength(1);
  });

  it('recusa do canal: falhou com o último erro na tela do veículo; um novo envio pode publicar', async () => {
    const id = await novoVeiculo();
    const r = await enviarFb(id, texto('Anúncio para recusar'));
    expect(r.statusCode).toBe(422);
    // Spec 3 §2.1: the channel's answer stringified as JSON.
    const resposta = /^O Facebook recusou a operação: (\{.*\})$/.exec(r.json().data)?.[1];
    expect(JSON.parse(resposta ?? 'null')).toMatchObject({ error: { message: '(#100) Invalid parameter', code: 100 } });
    const v = await naVisualizacao(id, 'facebook');
    expect(v).toMatchObject({ estado: 'falhou', publicado: false });
    expect(v?.ultimo_erro).toBe(r.json().data);
    expect((await enviarFb(id, texto('Agora aceito'))).statusCode).toBe(200);
    expect(await naVisualizacao(id, 'facebook')).toMatchObject({ estado: 'publicado', ultimo_erro: null });
  });

  it('integração inativa: 422 em português, nada gravado', async () => {
    // Reseller B has no Facebook integration.
    const r = await chamar('POST', `/api/revendas/${amb.ids.revendaB}/veiculos`, admin, {
      ...VEICULO_EXEMPLO,
      vetipoveiculo: 'moto',
      veportas: 0,
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id as string;
    const e = await enviarFb(id, texto('Sem integração'), admin);
    expect(e.statusCode).toBe(422);
    expect(e.json().data).toContain('A integração com Facebook não está ativa');
    expect(await registro(id, 'facebook')).toBeUndefined();
  });
});

describe('queda entre a resposta do canal e a gravação', () => {
  it('o anúncio criado é encontrado pela reconciliação: um só anúncio no canal, publicado no banco', async () => {
    const id = await novoVeiculo();
    const descricao = texto('Queda depois da resposta');
    // The channel answers, then the process "dies" before recording the answer.
    expect((await comQuedaDepoisDoCanal('facebook', 'enviar', () => enviarFb(id, descricao))).statusCode).toBe(500);
    expect(await anuncios('facebook', PAGINA_FB).then((l) => l.filter((a) => a.legenda === descricao))).toHaveLength(1);
    expect(await registro(id, 'facebook')).toMatchObject({ estado: 'pendente', id_anuncio: null });

    // After the restart the lease has run out; the job (also queued at start) asks the channel.
    await vencerLease(id, 'facebook');
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    const reg = await registro(id, 'facebook');
    const noCanal = (await anuncios('facebook', PAGINA_FB)).filter((a) => a.legenda === descricao);
    expect(noCanal).toHaveLength(1);
    expect(reg).toMatchObject({ estado: 'publicado', status: true, id_anuncio: noCanal[0]?.id, lease_ate: null });
    expect((await enviarFb(id, descricao)).statusCode).toBe(409);
  });

  it('canal fora do ar: fica pendente; a reconciliação vê que nada chegou e marca falhou', async () => {
    const id = await novoVeiculo();
    const r = await enviarFb(id, texto('Canal vai falhar'));
    expect(r.statusCode).toBe(502);
    expect(r.json().data).toContain('será verificada automaticamente');
    expect(await registro(id, 'facebook')).toMatchObject({ estado: 'pendente' });
    // The channel may still be creating the advert: for a minute nobody asks it, and a click is refused.
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect(await registro(id, 'facebook')).toMatchObject({ estado: 'pendente' });
    expect((await enviarFb(id, texto('Canal vai falhar'))).statusCode).toBe(409);
    await vencerLease(id, 'facebook');
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    const v = await naVisualizacao(id, 'facebook');
    expect(v).toMatchObject({ estado: 'falhou', publicado: false });
    expect(v?.ultimo_erro).toContain('não chegou ao canal');
  });

  it('uma verificação sem resposta não espera o minuto do envio: a rodada seguinte e um clique perguntam de novo', async () => {
    const id = await novoVeiculo();
    expect((await enviarFb(id, texto('Canal vai falhar'))).statusCode).toBe(502);
    await vencerLease(id, 'facebook');
    const pub = CANAIS_REGISTRADOS.facebook.publicacao;
    if (!pub) throw new Error('Facebook sem publicação');
    const consultar = pub.consultar;
    let consultas = 0;
    pub.consultar = async (...args) => {
      if (args[2].veiculoId !== id) return consultar(...args);
      consultas++;
      return falha('transient', 'tempo esgotado');
    };
    try {
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      expect(await registro(id, 'facebook')).toMatchObject({ estado: 'pendente' });
      // The consult sent nothing: the next round asks again (no minute's wait)...
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      expect(consultas).toBe(2);
      // ...and so does a click (502, the consult unanswered), instead of 409 "em andamento".
      const r = await enviarFb(id, texto('Agora aceito'));
      expect(r.statusCode, r.body).toBe(502);
      expect(r.json().data).toContain('o canal não respondeu à verificação');
      expect(consultas).toBe(3);
    } finally {
      pub.consultar = consultar;
    }
    // Answered, nothing arrived: the click sends again at once.
    const r = await enviarFb(id, texto('Agora aceito'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.estado).toBe('publicado');
  });

  it('um clique depois do fim do prazo de um envio interrompido resolve pelo canal em vez de publicar de novo', async () => {
    const id = await novoVeiculo();
    const descricao = texto('Interrompido e clicado de novo');
    await comQuedaDepoisDoCanal('facebook', 'enviar', () => enviarFb(id, descricao));
    await vencerLease(id, 'facebook');
    const r = await enviarFb(id, descricao);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.estado).toBe('publicado');
    expect((await anuncios('facebook', PAGINA_FB)).filter((a) => a.legenda === descricao)).toHaveLength(1);
  });
});

describe('alteração do veículo e exclusão', () => {
  it('alterar um veículo publicado marca o anúncio desatualizado', async () => {
    const id = await novoVeiculo();
    expect((await enviarFb(id, texto('Vai ficar desatualizado'))).statusCode).toBe(200);
    expect((await naVisualizacao(id, 'facebook'))?.desatualizado).toBe(false);
    const atual = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor)).json().data;
    const r = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor, {
      ...VEICULO_EXEMPLO,
      vevalor: '69.900,00',
      versao: atual.versao,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await naVisualizacao(id, 'facebook'))?.desatualizado).toBe(true);
  });

  it('exclui no canal e esquece o anúncio; já removido no Facebook conta como excluído', async () => {
    const id = await novoVeiculo();
    const d = (await enviarFb(id, texto('Para excluir'))).json().data;
    const r = await chamar('POST', '/api/integracao/facebook/excluir', gestor, { id_veiculo: id, id_anuncio: d.id_anuncio });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ mensagem: 'Anúncio excluído com sucesso.', ja_removido: false });
    expect((await anuncios('facebook', PAGINA_FB)).some((a) => a.id === d.id_anuncio)).toBe(false);
    expect(await naVisualizacao(id, 'facebook')).toMatchObject({ estado: null, publicado: false, id_anuncio: null });
    expect((await chamar('POST', '/api/integracao/facebook/excluir', gestor, { id_veiculo: id })).statusCode).toBe(404);

    // Removed on Facebook by hand: "Unsupported delete request ... does not exist" (spec 3 §4).
    const d2 = (await enviarFb(id, texto('Removido à mão'))).json().data;
    const apagar = await fetch(`${base}/sandbox/facebook/v20.0/${d2.id_anuncio}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer sbxpage.${PAGINA_FB}` },
    });
    expect(apagar.status).toBe(200);
    const r2 = await chamar('POST', '/api/integracao/facebook/excluir', gestor, { id_veiculo: id });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json().data.ja_removido).toBe(true);
    expect(await registro(id, 'facebook')).toBeUndefined();
  });
});

describe('Instagram (carrossel)', () => {
  it('publica um carrossel (um contêiner por foto → contêiner do carrossel → media_publish) e exclui só no painel', async () => {
    const descricao = texto('Carrossel no Instagram');
    const r = await chamar('POST', '/api/integracao/instagram/enviar', gestor, {
      id_veiculo: amb.ids.veiculoA,
      veiculo_post: { ig_descricao: descricao },
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.url_anuncio).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    const noCanal = (await anuncios('instagram', CONTA_IG)).filter((a) => a.legenda === descricao);
    expect(noCanal).toHaveLength(1);
    expect(noCanal[0]?.tipo).toBe('CAROUSEL');
    expect(noCanal[0]?.fotos?.length).toBeGreaterThan(1);
    const e = await chamar('POST', '/api/integracao/instagram/excluir', gestor, { id_veiculo: amb.ids.veiculoA });
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json().data.mensagem).toContain('remova-a também no aplicativo');
  });

  it('descrição curta: a mensagem da spec', async () => {
    const r = await chamar('POST', '/api/integracao/instagram/enviar', gestor, {
      id_veiculo: amb.ids.veiculoA,
      veiculo_post: { ig_descricao: 'curta' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos['veiculo_post.ig_descricao']).toBe("'Descrição do anúncio' é obrigatório.");
  });
});
