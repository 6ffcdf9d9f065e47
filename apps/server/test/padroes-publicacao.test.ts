import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicacaoVeiculo } from '../src/canais/publicacao.ts';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { revendaPadroesPublicacao, veiculos } from '../src/db/schema/index.ts';
import { criarIntegracoesService } from '../src/modules/integracoes/integracoes.service.ts';
import { criarPublicacaoVeiculoService } from '../src/modules/publicacao/publicacao.service.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao } from './ajuda/publicacao.ts';
import type { chamarComo } from './ajuda/veiculos.ts';

/**
 * "Padrões de publicação" (issue 24 item 3): the routes beside the channel's configuration (who, validation, only a
 * configured channel, the channel's own choices), and the bulk publish entry point (`postEmLote`) reading them for
 * Autoscar and Webmotors against their sandboxes: a post `enviar` accepts, or the review list, never a guess.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let admin: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let publicacao: ReturnType<typeof criarPublicacaoVeiculoService>;

const url = (canal: string) => `/api/revendas/${amb.ids.revendaA}/integracoes/${canal}/padroes`;
type Campo = { campo: string; rotulo: string; opcoes?: { id: string; nome: string }[] };
type Resposta = { padroes: Record<string, unknown>; campos: Campo[] };
const armazenados = async (canal: string) =>
  (
    await amb.banco.db
      .select()
      .from(revendaPadroesPublicacao)
      .where(and(eq(revendaPadroesPublicacao.revenda_id, amb.ids.revendaA), eq(revendaPadroesPublicacao.canal, canal)))
  )[0]?.padroes ?? null;

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteDePublicacao());
  await semTarefasEmSegundoPlano(amb);
  admin = await amb.entrar('admin');
  // The bulk job's entry point, built as the app builds it (the service is not exposed by the app).
  const integracoes = criarIntegracoesService({
    db: amb.banco.db,
    cofre: amb.cofre,
    canais: amb.config.canais,
    origemInterna: () => base,
    publicUrl: amb.config.publicUrl,
    renovacao: amb.renovacao,
  });
  publicacao = criarPublicacaoVeiculoService({ db: amb.banco.db, integracoes, publicUrl: amb.config.publicUrl, log: () => {} });
}, 120_000);
afterAll(() => amb.encerrar());

describe('routes', () => {
  it('an unconfigured channel: the fields, no defaults; saving is refused (422) and stores nothing', async () => {
    const r = await chamar('GET', url('webmotors'), gestor);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data as Resposta;
    expect(d.padroes).toEqual({});
    expect(d.campos.map((c) => c.campo)).toEqual(expect.arrayContaining(['plano', 'descricao', 'escolhas.Licenciado']));
    const p = await chamar('PUT', url('webmotors'), gestor, { descricao: '{marca}' });
    expect(p.statusCode, p.body).toBe(422);
    expect(p.json().data).toBe('Configure a integração com Webmotors antes de definir os padrões de publicação.');
    expect(await armazenados('webmotors')).toBeNull();
  });

  it('a configured channel: its own choices (modalities), saved and read back', async () => {
    const c = await chamar('POST', '/api/integracao/webmotors/configurar', gestor, {
      id_revenda: amb.ids.revendaA,
      cnpj_revenda: '12345678000195',
      email_webmotors: 'loja@autodemo.test',
      senha_webmotors: 's',
    });
    expect(c.statusCode, c.body).toBe(200);
    const d = (await chamar('GET', url('webmotors'), gestor)).json().data as Resposta;
    const plano = d.campos.find((x) => x.campo === 'plano');
    expect(plano?.opcoes?.length).toBeGreaterThan(1);
    expect(plano?.opcoes?.[0]?.nome).toMatch(/\((usados|novos)\)$/);
    const padroes = { plano: plano?.opcoes?.[0]?.id, descricao: '{marca} {modelo} por {preco}', escolhas: { Licenciado: 'S' } };
    const p = await chamar('PUT', url('webmotors'), gestor, { ...padroes, titulo: '' });
    expect(p.statusCode, p.body).toBe(200);
    // An empty default means "ask": it is not stored.
    expect((p.json().data as Resposta).padroes).toEqual(padroes);
    expect((await chamar('GET', url('webmotors'), gestor)).json().data.padroes).toEqual(padroes);
    expect(await armazenados('webmotors')).toEqual(padroes);
  });

  it('bad input: 400 with a Portuguese message, nothing changed', async () => {
    const antes = await armazenados('webmotors');
    const casos: [unknown, string][] = [
      [{ descricao: 'x'.repeat(5001) }, 'Dados inválidos. descricao: No máximo 5000 caracteres'],
      [{ outro: 'x' }, 'Campo desconhecido'],
      [{ telefone: '11 99999-0000' }, 'Dados inválidos. telefone: Este canal não usa este padrão.'],
      [{ escolhas: { CodigoCor: '1' } }, 'Dados inválidos. escolhas.CodigoCor: Este canal não usa este padrão.'],
      [{ escolhas: { Licenciado: 'talvez' } }, 'Dados inválidos. escolhas.Licenciado: Opção inválida'],
      [{ plano: '999999' }, 'Dados inválidos. plano: Opção inválida'],
      [{ escolhas: { Licenciado: { x: 1 } } }, 'Dados inválidos.'],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await chamar('PUT', url('webmotors'), gestor, corpo);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().data).toContain(mensagem);
    }
    expect(await armazenados('webmotors')).toEqual(antes);
  });

  it('a channel only the admin configures (Autoscar): only the admin reads and writes its defaults', async () => {
    expect((await chamar('GET', url('autoscar'), gestor)).statusCode).toBe(403);
    expect((await chamar('PUT', url('autoscar'), gestor, {})).statusCode).toBe(403);
    const c = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/autoscar`, admin, { status: true, id_autoscar: '123' });
    expect(c.statusCode, c.body).toBe(200);
    const r = await chamar('PUT', url('autoscar'), admin, { escolhas: { marches: '5' } });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json().data as Resposta).campos.find((x) => x.campo === 'escolhas.matchType')?.opcoes?.length).toBeGreaterThan(0);
  });

  it('a channel without bulk publish: no fields', async () => {
    // Facebook as a channel whose adapter declares no defaults (every channel gets them in issue 24).
    const pub = CANAIS_REGISTRADOS.facebook.publicacao as PublicacaoVeiculo;
    const campos = pub.camposPadrao;
    pub.camposPadrao = undefined;
    try {
      const r = await chamar('GET', url('facebook'), gestor);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toEqual({ padroes: {}, campos: [] });
    } finally {
      pub.camposPadrao = campos;
    }
  });
});

describe('postEmLote reads the stored defaults', () => {
  it('Webmotors: review without a modality; with the defaults, a post that enviar accepts', async () => {
    await chamar('PUT', url('webmotors'), gestor, {});
    expect(await publicacao.postEmLote('webmotors', amb.ids.veiculoA)).toEqual({ revisao: ['Modalidade do anúncio'] });
    const campos = (await chamar('GET', url('webmotors'), gestor)).json().data.campos as Campo[];
    const usado = campos.find((c) => c.campo === 'plano')?.opcoes?.find((o) => o.nome.endsWith('(usados)'));
    const s = await chamar('PUT', url('webmotors'), gestor, { plano: usado?.id, descricao: '{marca} {modelo} por {preco}' });
    expect(s.statusCode, s.body).toBe(200);
    const r = await publicacao.postEmLote('webmotors', amb.ids.veiculoA);
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    expect(r.post).toMatchObject({ CodigoModalidade: usado?.id, Observacao: expect.stringMatching(/ por R\$ [\d.]+,\d\d$/) });
    const e = await chamar('POST', '/api/integracao/webmotors/enviar', gestor, { id_veiculo: amb.ids.veiculoA, veiculo_post: r.post });
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json().data.estado).toBe('publicado');
  });

  it("Na Pista: review without an ad type; the plan's types offered, and with the defaults a post that enviar accepts", async () => {
    const c = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/meucarronovo`, gestor, {
      status: true,
      email_meucarronovo: 'loja@autodemo.test',
      senha_meucarronovo: 's',
    });
    expect(c.statusCode, c.body).toBe(200);
    expect(await publicacao.postEmLote('meucarronovo', amb.ids.veiculoA)).toEqual({ revisao: ['Anúncio'] });
    const campos = (await chamar('GET', url('meucarronovo'), gestor)).json().data.campos as Campo[];
    const destaque = campos.find((c) => c.campo === 'tipo_anuncio')?.opcoes?.find((o) => o.nome === 'Destaque');
    const s = await chamar('PUT', url('meucarronovo'), gestor, { tipo_anuncio: destaque?.id, escolhas: { aceitaTroca: 'sim' } });
    expect(s.statusCode, s.body).toBe(200);
    expect((await chamar('PUT', url('meucarronovo'), gestor, { tipo_anuncio: '999' })).statusCode).toBe(400);
    const r = await publicacao.postEmLote('meucarronovo', amb.ids.veiculoA);
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    expect(r.post).toMatchObject({ idTipoAnuncio: destaque?.id, aceitaTroca: true });
    const e = await chamar('POST', '/api/integracao/meucarronovo/enviar', gestor, { id_veiculo: amb.ids.veiculoA, veiculo_post: r.post });
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json().data.estado).toBe('publicado');
  });

  it('Autoscar: a car gives a post that enviar accepts; a motorcycle without defaults goes to review', async () => {
    await chamar('PUT', url('autoscar'), admin, { descricao: '{marca} {modelo} {ano} — {km}' });
    const r = await publicacao.postEmLote('autoscar', amb.ids.veiculoA);
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    expect(r.post.description).toMatch(/ — [\d.]+ km$/);
    const e = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: amb.ids.veiculoA, veiculo_post: r.post });
    expect(e.statusCode, e.body).toBe(200);
    const [moto] = await amb.banco.db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, amb.ids.revendaA), eq(veiculos.vetipoveiculo, 'moto'), eq(veiculos.veremovido, 0)));
    expect(await publicacao.postEmLote('autoscar', moto?.id ?? '')).toEqual({
      revisao: ['Tipo de veículo', 'Tipo de partida', 'Tipo de refrigeração', 'Marchas'],
    });
  });
});
