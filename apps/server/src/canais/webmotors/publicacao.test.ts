import type { AddressInfo } from 'node:net';
import { type PostWebmotors, postWebmotors } from '@intermedio/contracts';
import { sandboxes } from '@intermedio/sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARRO } from '../../../test/ajuda/veiculo-canal.ts';
import { contextoDoCanal, lerConfigCanais } from '../config.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import type { Configuracao, ContextoCanal } from '../tipos.ts';
import { webmotors } from './adapter.ts';
import { prepararFotos } from './anuncio.ts';
import { CODIGOS_RETORNO, MANUAL_WEBMOTORS, traduzirCodigos } from './codigos-retorno.ts';
import { publicacaoWebmotors } from './publicacao.ts';

/** Contract tests: the Webmotors adapter's publishing against its sandbox, in SOAP. */
const pub = publicacaoWebmotors;

let app: FastifyInstance;
let origem: string;
const arquivos = new Map<string, Buffer>();

beforeAll(async () => {
  app = Fastify();
  await app.register(sandboxes, { inspecao: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origem = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // A photo larger than Webmotors' 1920×1440, a PNG, and a small JPEG.
  arquivos.set(
    'grande.jpg',
    await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3d6fb6' } })
      .jpeg()
      .toBuffer(),
  );
  arquivos.set(
    'foto.png',
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b3303a' } })
      .png()
      .toBuffer(),
  );
  arquivos.set(
    'pequena.jpg',
    await sharp({ create: { width: 480, height: 360, channels: 3, background: '#dfe6ee' } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(() => app.close());

const ctx = (timeoutMs = 5000): ContextoCanal => ({
  ...contextoDoCanal(lerConfigCanais({ CANAIS_TIMEOUT_MS: String(timeoutMs) }), 'webmotors', origem, origem),
  lerArquivo: async (chave) => arquivos.get(chave) ?? null,
});

const DADOS = { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test' };
const renovacoes: Configuracao[] = [];
/** A configured reseller's session, as the framework gives it (new hash from the sandbox's login). */
async function sessao(): Promise<SessaoCanal> {
  const c = await webmotors.configurar(ctx(), { ...DADOS, senha_webmotors: 's' });
  if (!c.ok) throw new Error(c.erro.mensagem);
  return {
    segredos: { ...c.valor.segredos, senha_webmotors: 's' },
    dados: { ...DADOS, ...c.valor.dados },
    renovada: async (nova) => {
      renovacoes.push(nova);
    },
  };
}
beforeEach(() => {
  renovacoes.length = 0;
});

const foto = (chave: string) => ({ url: `/arquivos/${chave}`, urlOriginal: `/arquivos/${chave}`, miniatura: `/arquivos/${chave}`, chave });
/** The demo Argo with Webmotors' own options and photos served by `lerArquivo`. */
const veiculo = (extra: Partial<VeiculoParaCanal> = {}): VeiculoParaCanal => ({
  ...CARRO,
  placa: 'FDA1B23',
  observacao: 'Único dono, revisado.',
  opcionais: ['Ar condicionado', 'Vidros elétricos', 'Teto solar'],
  fotos: [foto('grande.jpg'), foto('foto.png')],
  revenda: { nomeFantasia: 'Auto Demo', telefone: '', cep: '', endereco: '', bairro: '', cidade: '', uf: 'SP' },
  ...extra,
});
const moto = () =>
  veiculo({
    tipo: 'moto',
    marca: 'Honda',
    modelo: 'CG 160',
    versao: 'Fan',
    anoFabricacao: 2023,
    anoModelo: 2023,
    portas: 0,
    cor: 'Vermelho',
    opcionais: [],
    fotos: [foto('pequena.jpg')],
  });

type Listado = Record<string, unknown> & { CodigoAnuncio: number; fotos: { bytes: number }[]; situacao: string; tipo: string };
async function anuncios(): Promise<Listado[]> {
  const r = await app.inject({ method: 'GET', url: '/sandbox/webmotors/_anuncios' });
  return (r.json() as { anuncios: Listado[] }).anuncios;
}
const doAnuncio = async (codigo: string) => (await anuncios()).find((a) => String(a.CodigoAnuncio) === codigo);

/** The draft's post, completed as the user would (modality chosen) and validated by the screens' schema. */
async function postDoRascunho(s: SessaoCanal, v: VeiculoParaCanal, extra: Partial<PostWebmotors> = {}): Promise<PostWebmotors> {
  const r = await pub.rascunho(ctx(), s, v);
  if (!r.ok) throw new Error(r.erro.mensagem);
  const modalidade = r.valor.retModalidade.find((m) => m.tipoAnuncio === r.valor.veiculoPost.TipoAnuncio);
  return postWebmotors.parse({
    ...r.valor.veiculoPost,
    CodigoModalidade: r.valor.veiculoPost.CodigoModalidade || modalidade?.id,
    ...extra,
  });
}

let referencia = 0;
const ref = (v: VeiculoParaCanal) => ({ chave: `envio-${Date.now()}-${++referencia}`, veiculoId: v.id });

describe('Webmotors draft', () => {
  it('is the publishing of the registered Webmotors channel', () => {
    expect(webmotors.publicacao).toBe(publicacaoWebmotors);
  });

  it('matches the product to Webmotors codes and preselects the only matching version', async () => {
    const s = await sessao();
    const r = await pub.rascunho(ctx(), s, veiculo());
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    const d = r.valor;
    const nome = (lista: { id: string; nome: string }[], id: string) => lista.find((o) => o.id === id)?.nome;
    expect(nome(d.retMarca, d.veiculoPost.CodigoMarca)).toBe('Fiat');
    expect(nome(d.retModelo, d.veiculoPost.CodigoModelo)).toBe('Argo');
    expect(d.retVersao.length).toBeGreaterThan(1);
    expect(nome(d.retVersao, d.veiculoPost.CodigoVersao)).toBe('Drive 1.0 6V Flex 5p Mec.');
    expect(nome(d.retCores, d.veiculoPost.CodigoCor)).toBe('Branco');
    expect(nome(d.retTipoCombustivel, d.veiculoPost.CodigoCombustivel)).toBe('Flex');
    expect(nome(d.retTipoTransmissao, d.veiculoPost.CodigoCambio)).toBe('Manual');
    expect(d.veiculoPost.Opcional.map((id) => nome(d.retOpcionais, id))).toEqual(['Ar condicionado', 'Vidros elétricos']);
    expect(d.veiculoPost).toMatchObject({
      TipoAnuncio: 'U',
      PrecoReal: 72900,
      Km: 18500,
      NrPortas: 4,
      IpvaPago: 'S',
      Blindado: 'N',
      UnicoDono: 'N',
    });
    // Two modalities for used vehicles: the user chooses.
    expect(d.veiculoPost.CodigoModalidade).toBe('');
    // Every list sorted case-insensitively.
    for (const lista of [d.retMarca, d.retCores, d.retOpcionais, d.retVersao]) {
      expect(lista.map((o) => o.nome)).toEqual(
        [...lista.map((o) => o.nome)].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })),
      );
    }
  });

  it('uses the motorcycle catalogue for a motorcycle and refuses other types', async () => {
    const s = await sessao();
    const r = await pub.rascunho(ctx(), s, moto());
    expect(r.ok && r.valor.tipo).toBe('moto');
    if (!r.ok) return;
    const carro = await pub.rascunho(ctx(), s, veiculo({ marca: 'Honda', modelo: 'Civic', versao: 'EXL 2.0 Flex 16V Aut.' }));
    expect(carro.ok && carro.valor.veiculoPost.CodigoMarca).not.toBe(r.valor.veiculoPost.CodigoMarca);
    expect(r.valor.retVersao.find((v) => v.id === r.valor.veiculoPost.CodigoVersao)?.nome).toBe('Fan');
    const caminhao = await pub.rascunho(ctx(), s, veiculo({ tipo: 'caminhao', marca: 'Volvo', modelo: 'FH' }));
    expect(caminhao.ok ? null : caminhao.erro.texto).toBe('Operação não permitida para esse tipo de veículo.');
  });

  it('preselects the version when the model has only one, and cascades models and versions', async () => {
    const s = await sessao();
    const r = await pub.rascunho(ctx(), s, veiculo({ marca: 'Jeep', modelo: 'Renegade', versao: 'Algo diferente' }));
    expect(r.ok && r.valor.retVersao.length).toBe(1);
    expect(r.ok && r.valor.veiculoPost.CodigoVersao).toBe(r.ok && r.valor.retVersao[0]?.id);
    if (!r.ok) return;
    const modelos = await pub.modelos?.(ctx(), s, veiculo(), r.valor.veiculoPost.CodigoMarca);
    expect(modelos?.ok && modelos.valor.map((m) => m.nome)).toEqual(['Compass', 'Renegade']);
    const compass = modelos?.ok ? modelos.valor[0]?.id : '';
    const versoes = await pub.versoes?.(ctx(), s, veiculo(), r.valor.veiculoPost.CodigoMarca, compass ?? '');
    expect(versoes?.ok && versoes.valor.map((v) => v.nome)).toEqual(['Limited 1.3 T270 Flex Aut.', 'Longitude 1.3 T270 Flex Aut.']);
  });
});

describe('Webmotors adverts', () => {
  it('includes a car: codes, PrecoVenda = PrecoReal, S/N flags, photos as JPEG; then finds it by the reference', async () => {
    const s = await sessao();
    const v = veiculo();
    const post = await postDoRascunho(s, v);
    const envio = ref(v);
    const r = await pub.enviar(ctx(), s, v, post, envio);
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    expect(Number(r.valor.idAnuncio)).toBeGreaterThan(0);
    expect(r.valor.dados).toEqual({ CodigoAnuncio: r.valor.idAnuncio, CodigoRetorno: '500' });
    const a = await doAnuncio(r.valor.idAnuncio);
    expect(a).toMatchObject({
      tipo: 'carro',
      situacao: 'ativo',
      PrecoVenda: '72900.00',
      PrecoReal: '72900.00',
      TipoAnuncio: 'U',
      Placa: 'FDA1B23',
    });
    expect(a?.UnicoDono).toBe('N');
    expect(a?.IpvaPago).toBe('S');
    expect(a?.fotos).toHaveLength(2);
    const achado = await pub.consultar(ctx(), s, envio);
    expect(achado.ok && achado.valor?.idAnuncio).toBe(r.valor.idAnuncio);
    const nada = await pub.consultar(ctx(), s, { chave: 'nunca-enviado', veiculoId: v.id });
    expect(nada.ok && nada.valor).toBeNull();
  });

  it('includes a motorcycle with IncluirMoto, changes it and deletes it', async () => {
    const s = await sessao();
    const v = moto();
    const post = await postDoRascunho(s, v);
    const r = await pub.enviar(ctx(), s, v, post, ref(v));
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    expect((await doAnuncio(r.valor.idAnuncio))?.tipo).toBe('moto');
    const alt = await pub.alterar?.(ctx(), s, v, r.valor.idAnuncio, { ...post, PrecoReal: 15500, Km: 19000 });
    expect(alt, JSON.stringify(alt)).toMatchObject({ ok: true, valor: { idAnuncio: r.valor.idAnuncio } });
    expect(await doAnuncio(r.valor.idAnuncio)).toMatchObject({ PrecoVenda: '15500.00', Km: '19000' });
    const x = await pub.excluir(ctx(), s, r.valor.idAnuncio);
    expect(x.ok && x.valor).toBe('removido');
    expect((await doAnuncio(r.valor.idAnuncio))?.situacao).toBe('excluido');
  });

  it('changes a car (photos replaced, km only up) and deletes it; a second delete is "already removed"', async () => {
    const s = await sessao();
    const v = veiculo();
    const post = await postDoRascunho(s, v);
    const envio = ref(v);
    const r = await pub.enviar(ctx(), s, v, post, envio);
    if (!r.ok) throw new Error(r.erro.mensagem);
    const id = r.valor.idAnuncio;
    const vAlterado = veiculo({ fotos: [foto('pequena.jpg')] });
    const alt = await pub.alterar?.(ctx(), s, vAlterado, id, { ...post, PrecoReal: 69900, Km: 19000, Observacao: 'Preço novo.' });
    expect(alt?.ok, JSON.stringify(alt)).toBe(true);
    expect(await doAnuncio(id)).toMatchObject({ PrecoVenda: '69900.00', PrecoReal: '69900.00', Km: '19000', Observacao: 'Preço novo.' });
    expect((await doAnuncio(id))?.fotos).toHaveLength(1);
    // A change keeps the integrator's reference: reconciliation still finds it.
    expect((await pub.consultar(ctx(), s, envio)).ok).toBe(true);
    const menosKm = await pub.alterar?.(ctx(), s, v, id, { ...post, Km: 100 });
    expect(menosKm?.ok ? null : menosKm?.erro.texto).toBe("'A quilometragem só pode ser aumentada.'");
    expect((await pub.excluir(ctx(), s, id)).ok).toBe(true);
    const deNovo = await pub.excluir(ctx(), s, id);
    expect(deNovo.ok && deNovo.valor).toBe('jaRemovido');
    const desconhecido = await pub.excluir(ctx(), s, '999');
    expect(desconhecido.ok && desconhecido.valor).toBe('jaRemovido');
    const depois = await pub.consultar(ctx(), s, { ...envio, idAnuncio: id });
    expect(depois.ok && depois.valor).toBeNull();
  });

  it('sync: postAtualizado + atualizar bring the advert to the vehicle (price, km, notes, colour, photos in order), the choices kept; repeated, one advert', async () => {
    const s = await sessao();
    const v = veiculo();
    const destaque = '2';
    const post = await postDoRascunho(s, v, { CodigoModalidade: destaque, UnicoDono: 'S' });
    const r = await pub.enviar(ctx(), s, v, post, ref(v));
    if (!r.ok) throw new Error(r.erro.mensagem);
    const id = r.valor.idAnuncio;
    const novo = veiculo({
      valor: 69900,
      km: 19000,
      cor: 'Preto',
      observacao: 'Preço novo.',
      fotos: [foto('pequena.jpg'), foto('grande.jpg')],
    });
    const p = pub.postAtualizado?.(novo, post) as PostWebmotors;
    expect(p).toMatchObject({ PrecoReal: 69900, Km: 19000, Observacao: 'Preço novo.', CodigoModalidade: destaque, UnicoDono: 'S' });
    for (let i = 0; i < 2; i++) {
      const a = await pub.atualizar?.(ctx(), s, novo, id, p);
      expect(a?.ok, JSON.stringify(a)).toBe(true);
    }
    const cores = await pub.rascunho(ctx(), s, novo);
    const preto = cores.ok ? cores.valor.retCores.find((c) => c.nome === 'Preto')?.id : undefined;
    const noCanal = await doAnuncio(id);
    expect(noCanal).toMatchObject({ PrecoReal: '69900.00', Km: '19000', Observacao: 'Preço novo.', CodigoCor: preto, UnicoDono: 'S' });
    // Photos replaced, not added: two after two updates; the first is the small JPEG as stored.
    expect(noCanal?.fotos).toHaveLength(2);
    expect(noCanal?.fotos[0]?.bytes).toBe(arquivos.get('pequena.jpg')?.length);
    expect((await anuncios()).filter((a) => a.CodigoAnuncio === noCanal?.CodigoAnuncio)).toHaveLength(1);
  });

  it('loads a change draft with what the advert has at Webmotors (modality, flags, options) and the numbers of the product', async () => {
    const s = await sessao();
    const v = veiculo();
    const post = await postDoRascunho(s, v);
    const destaque = '2';
    const r = await pub.enviar(ctx(), s, v, { ...post, CodigoModalidade: destaque, UnicoDono: 'S', Opcional: [] }, ref(v));
    if (!r.ok) throw new Error(r.erro.mensagem);
    const d = await pub.rascunho(ctx(), s, veiculo({ km: 20000 }), r.valor.idAnuncio);
    expect(d.ok && d.valor.veiculoPost).toMatchObject({ CodigoModalidade: destaque, UnicoDono: 'S', Opcional: [], Km: 20000 });
    expect(d.ok && d.valor.veiculoPost.CodigoVersao).toBe(post.CodigoVersao);
  });

  it('translates refused data (CodigoAnuncio 0) into quoted Portuguese messages joined by commas', async () => {
    const s = await sessao();
    const v = veiculo();
    const post = await postDoRascunho(s, v);
    const r = await pub.enviar(ctx(), s, v, { ...post, PrecoReal: 0, Placa: 'XX1', CodigoCor: '999' }, ref(v));
    expect(r.ok ? null : r.erro).toMatchObject({
      tipo: 'validation',
      detalhe: '43|84,28|2,43|63',
      texto: "'Placa inválida.', 'Preço de venda inválido.', 'Cor inválida.'",
    });
    const longa = await pub.enviar(ctx(), s, v, { ...post, Observacao: 'x'.repeat(1501) }, ref(v));
    expect(longa.ok ? null : longa.erro.texto).toBe("'As observações passam de 1500 caracteres.'");
    const desconhecido = await pub.enviar(ctx(), s, v, { ...post, Observacao: 'retornar:43|999' }, ref(v));
    expect(desconhecido.ok ? null : desconhecido.erro.texto).toBe(`'Código 43|999: consulte o manual da Webmotors em ${MANUAL_WEBMOTORS}'`);
    expect(r.ok || (await anuncios()).some((a) => a.Observacao === 'retornar:43|999')).toBe(false);
  });

  it('renews an expired hash with the stored password, stores it once and repeats the call', async () => {
    const s = await sessao();
    const v = veiculo();
    const post = await postDoRascunho(s, v);
    const antigo = s.segredos.hash_autenticacao;
    await app.inject({ method: 'POST', url: '/sandbox/webmotors/_expirar' });
    // The draft makes several calls at once: one login for all of them.
    const d = await pub.rascunho(ctx(), s, v);
    expect(d.ok).toBe(true);
    expect(renovacoes).toHaveLength(1);
    expect(renovacoes[0]?.segredos.hash_autenticacao).toMatch(/^WM/);
    expect(s.segredos.hash_autenticacao).toBe(renovacoes[0]?.segredos.hash_autenticacao);
    expect(s.segredos.hash_autenticacao).not.toBe(antigo);
    await app.inject({ method: 'POST', url: '/sandbox/webmotors/_expirar' });
    const r = await pub.enviar(ctx(), s, v, post, ref(v));
    expect(r.ok).toBe(true);
    expect(renovacoes).toHaveLength(2);
    // A stored password Webmotors refuses: the call fails as an authentication problem.
    await app.inject({ method: 'POST', url: '/sandbox/webmotors/_expirar' });
    const errada = { ...s, dados: { ...s.dados, email_webmotors: 'recusar@autodemo.test' } };
    const falhou = await pub.enviar(ctx(), errada, v, post, ref(v));
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('auth');
  });

  it('reports a channel failure (SOAP Fault, HTTP 500) as transient, creating nothing', async () => {
    const s = await sessao();
    const v = veiculo();
    const post = await postDoRascunho(s, v);
    const antes = (await anuncios()).length;
    const r = await pub.enviar(ctx(), s, v, { ...post, Observacao: 'falhar' }, ref(v));
    expect(r.ok ? null : r.erro.tipo).toBe('transient');
    expect((await anuncios()).length).toBe(antes);
  });

  it('refuses to create an advert when a photo is missing from storage', async () => {
    const s = await sessao();
    const v = veiculo({ fotos: [foto('sumiu.jpg')] });
    const antes = (await anuncios()).length;
    const r = await pub.enviar(ctx(), s, v, await postDoRascunho(s, veiculo()), ref(v));
    expect(r.ok ? null : r.erro.mensagem).toContain('a foto 1 do veículo não foi encontrada');
    expect((await anuncios()).length).toBe(antes);
  });
});

describe('Webmotors photos and return codes', () => {
  it('sends JPEG within 1920×1440 (larger and PNG converted, small JPEG as stored)', async () => {
    const r = await prepararFotos(ctx(), veiculo({ fotos: [foto('grande.jpg'), foto('foto.png'), foto('pequena.jpg')] }));
    if (!r.ok) throw new Error(r.erro.mensagem);
    const infos = await Promise.all(r.valor.map((b) => sharp(Buffer.from(b, 'base64')).metadata()));
    expect(infos.map((i) => [i.format, i.width, i.height])).toEqual([
      ['jpeg', 1920, 1440],
      ['jpeg', 640, 480],
      ['jpeg', 480, 360],
    ]);
    expect(r.valor[2]).toBe(arquivos.get('pequena.jpg')?.toString('base64'));
  });

  it('has a Portuguese text for every code of spec 3 §8.3', () => {
    const faixa = (de: number, ate: number) => Array.from({ length: ate - de + 1 }, (_, i) => `43|${de + i}`);
    const codigos = ['28|2', '22|78', '31', '31|1', '32', '53', '82', '500', ...faixa(1, 112)];
    expect(codigos.filter((c) => !CODIGOS_RETORNO[c])).toEqual([]);
    expect(traduzirCodigos('43|15,43|16, 43|17')).toBe(
      "'Preencha a marca do anúncio.', 'Preencha o modelo do anúncio.', 'Preencha a versão do anúncio.'",
    );
    expect(traduzirCodigos('22|78')).toBe("'O preço real deve ser maior que o preço de venda.'");
  });
});
