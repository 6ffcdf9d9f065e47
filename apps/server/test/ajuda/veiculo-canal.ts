import type { AddressInfo } from 'node:net';
import type { CanalId } from '@intermedio/contracts';
import { sandboxes } from '@intermedio/sandbox';
import Fastify from 'fastify';
import { contextoDoCanal, lerConfigCanais } from '../../src/canais/config.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../../src/canais/publicacao.ts';
import type { Configuracao, ContextoCanal, Resultado } from '../../src/canais/tipos.ts';
import { OPCIONAIS_DEMO } from '../../src/db/demo.ts';
import { ESTOQUE_DEMO } from '../../src/db/demo-veiculos.ts';

/**
 * Contract tests of per-vehicle publishing: the channels' sandboxes alone on a free port (no database), the context an
 * adapter gets for them, and the demo vehicles as the publishing framework hands them to an adapter.
 */
export async function sandboxesNoAr() {
  // A request the stand-in never answers ("travar", Autoscar 408) holds its socket until the client goes: closing
  // ends every connection, so a test's leftover never keeps the file's afterAll waiting.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(sandboxes, { inspecao: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origem = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    origem,
    ctx: (canal: CanalId, timeoutMs = 5000): ContextoCanal =>
      contextoDoCanal(lerConfigCanais({ CANAIS_TIMEOUT_MS: String(timeoutMs) }), canal, origem, origem),
    /** What a sandbox received (`GET /sandbox/{canal}/_anuncios`). */
    anuncios: async <T>(canal: CanalId): Promise<T[]> =>
      ((await (await fetch(`${origem}/sandbox/${canal}/_anuncios`)).json()) as { anuncios: T[] }).anuncios,
    fechar: () => app.close(),
  };
}

/** The sandboxes up and the channel configured as its screen does it: the context and the session an adapter gets. */
export async function canalConfigurado(canal: CanalId, configurar: (ctx: ContextoCanal) => Promise<Resultado<Configuracao>>) {
  const s = await sandboxesNoAr();
  const ctx = s.ctx(canal);
  const c = valorOk(await configurar(ctx));
  const sessao: SessaoCanal = { segredos: c.segredos, dados: c.dados };
  return { s, ctx, sessao };
}

/** The value of an adapter's answer that must succeed (the test stops with the channel's error otherwise). */
export function valorOk<T>(r: Resultado<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.erro));
  return r.valor;
}

/** The name of a channel's choice by its id. */
export const nomeDaOpcao = (lista: readonly { id: string; nome: string }[], id: string) => lista.find((o) => o.id === id)?.nome;

const foto = (n: number) => ({
  url: `https://cdn.autodemo.test/f${n}.jpg`,
  urlOriginal: `https://cdn.autodemo.test/o${n}.jpg`,
  miniatura: `https://cdn.autodemo.test/t${n}.jpg`,
  chave: `o${n}.jpg`,
});

/** The demo stock's Fiat Argo of Auto Demo Veículos. */
export const CARRO: VeiculoParaCanal = {
  id: 'v1',
  revendaId: 'r1',
  tipo: 'carro',
  marca: 'Fiat',
  modelo: 'Argo',
  versao: 'Drive 1.0 6V Flex 5p Mec.',
  anoFabricacao: 2022,
  anoModelo: 2023,
  placa: 'fda1b23',
  km: 18500,
  valor: 72900,
  cor: 'Branco',
  combustivel: 'flex',
  cambio: 'M',
  portas: 4,
  carroceria: 'Hatch',
  novo: false,
  blindado: false,
  ipvaPago: true,
  garantiaFabrica: false,
  observacao: 'Único dono.',
  opcionais: ['Ar-condicionado', 'Airbag', 'Opcional que o canal não tem'],
  fotos: [foto(1), foto(2)],
  revenda: {
    nomeFantasia: 'Auto Demo Veículos',
    telefone: '(11) 98765-4321',
    cep: '01310-100',
    endereco: 'Avenida Paulista',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
  },
};

/** The demo stock's Honda CG 160 Fan. */
export const MOTO: VeiculoParaCanal = {
  ...CARRO,
  id: 'v2',
  tipo: 'moto',
  marca: 'Honda',
  modelo: 'CG 160',
  versao: 'Fan',
  cor: 'Vermelho',
  combustivel: 'gasolina',
  portas: 0,
  carroceria: '',
  opcionais: ['Freios ABS'],
  km: 8200,
  valor: 15900,
};

export const referencia = (canal: string) => ({ chave: `${canal}-${Math.random().toString(36).slice(2)}`, veiculoId: 'v1' });

/**
 * The demo stock of Auto Demo Veículos in stock (not removed) as an adapter gets it, each with every optional of the
 * demo catalogue: the channels' catalogue matching is tested on it (issue 23 item 10).
 */
export const ESTOQUE_DEMO_PARA_CANAL: VeiculoParaCanal[] = ESTOQUE_DEMO.filter((d) => !d.removido).map((d, i) => {
  const novo = d.km === '0';
  return {
    ...CARRO,
    id: `demo-${i + 1}`,
    tipo: d.tipo,
    marca: d.marca,
    modelo: d.modelo,
    versao: d.versao,
    anoFabricacao: novo ? d.ano : d.ano - 1,
    anoModelo: d.ano,
    placa: d.placa,
    km: Number(d.km),
    valor: Number(d.valor),
    cor: d.cor,
    combustivel: d.combustivel ?? 'flex',
    cambio: d.cambio,
    portas: d.portas,
    carroceria: d.carroceria ?? '',
    novo,
    opcionais: [...OPCIONAIS_DEMO],
  };
});
