import type { CanalId } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARRO, sandboxesNoAr, valorOk } from '../../test/ajuda/veiculo-canal.ts';
import { REALM_ICARROS } from './icarros/client.ts';
import { configurarKeycloak } from './keycloak.ts';
import { esquecerListas } from './listas.ts';
import { REALM_MOBIAUTO } from './mobiauto/client.ts';
import type { PublicacaoVeiculo, SessaoCanal, VeiculoParaCanal } from './publicacao.ts';
import { CANAIS_REGISTRADOS } from './registro.ts';
import type { ContextoCanal } from './tipos.ts';
import { webmotors } from './webmotors/adapter.ts';

/**
 * Issue 24 (the send path): a draft asked the channel's whole catalogue again for every vehicle. Autoline, iCarros,
 * Mobiauto and Webmotors keep their catalogue lists in the process (listas.ts, 10 minutes), as Autoscar and Na Pista
 * do: the draft of a second vehicle — of another reseller too, except Autoline, kept per login — asks the sandbox no
 * catalogue list, while what is the reseller's own (iCarros' and Mobiauto's plans, Webmotors' modalities) is still
 * asked every time.
 */
type Chamada = { caminho: string; acao: string };
async function chamadasDurante(fazer: () => Promise<unknown>): Promise<Chamada[]> {
  const fetchOriginal = globalThis.fetch;
  const chamadas: Chamada[] = [];
  const espiao = vi.spyOn(globalThis, 'fetch').mockImplementation(async (entrada, init) => {
    const url = new URL(String(entrada instanceof Request ? entrada.url : entrada));
    const acao = (new Headers(init?.headers).get('SOAPAction') ?? '').replace(/"/g, '');
    chamadas.push({ caminho: `${url.pathname}${url.search}`, acao: acao.slice(acao.lastIndexOf('/') + 1) });
    return fetchOriginal(entrada, init);
  });
  try {
    await fazer();
    return chamadas;
  } finally {
    espiao.mockRestore();
  }
}

/** Another vehicle of the same model (another id, plate, mileage and price): its cascade is the same. */
const OUTRO: VeiculoParaCanal = { ...CARRO, id: 'outro-argo', placa: 'GHI4J56', km: 41_000, valor: 65_900 };

type Caso = {
  canal: CanalId;
  sessoes: (ctx: ContextoCanal) => Promise<[SessaoCanal, SessaoCanal]>;
  /** A catalogue call (the same for every reseller). */
  catalogo: (c: Chamada) => boolean;
  /** The reseller's own list, asked by every draft. */
  daRevenda?: (c: Chamada) => boolean;
};

const keycloak = (realm: typeof REALM_ICARROS) => async (ctx: ContextoCanal) => {
  const sessao = async (email: string) => {
    const c = valorOk(await configurarKeycloak(ctx, realm, email, 's'));
    return { segredos: c.segredos, dados: c.dados } as SessaoCanal;
  };
  return [await sessao('loja@autodemo.test'), await sessao('loja@autodemo.test')] as [SessaoCanal, SessaoCanal];
};

const CASOS: Caso[] = [
  {
    canal: 'autoline',
    sessoes: async () => [
      { segredos: { senha_autoline: 's' }, dados: { email_autoline: 'loja@autodemo.test', user_id_autoline: '7001' } },
      // Kept per login (the draft is where a wrong login shows): the same reseller's second vehicle.
      { segredos: { senha_autoline: 's' }, dados: { email_autoline: 'loja@autodemo.test', user_id_autoline: '7001' } },
    ],
    catalogo: (c) => /^Consultar(?!PlanosAdquiridos)/.test(c.acao),
  },
  {
    canal: 'icarros',
    sessoes: keycloak(REALM_ICARROS),
    catalogo: (c) => c.caminho.includes('/database/'),
    daRevenda: (c) => /\/dealers\/[^/]+\/plans/.test(c.caminho),
  },
  {
    canal: 'mobiauto',
    sessoes: keycloak(REALM_MOBIAUTO),
    catalogo: (c) => c.caminho.includes('/vehicle/v1.0/'),
    daRevenda: (c) => /\/dealer\/[^/]+\/plans/.test(c.caminho),
  },
  {
    canal: 'webmotors',
    sessoes: async (ctx) => {
      const dados = { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test' };
      const s = valorOk(await webmotors.configurar(ctx, { ...dados, senha_webmotors: 's' }));
      const sessao = (): SessaoCanal => ({ segredos: { ...s.segredos, senha_webmotors: 's' }, dados: { ...dados, ...s.dados } });
      return [sessao(), sessao()];
    },
    catalogo: (c) => /^Obter(?!Modalidade)/.test(c.acao),
    daRevenda: (c) => c.acao === 'ObterModalidade',
  },
];

describe('issue 24: catalogue lists kept per channel (the second draft asks the sandbox none)', () => {
  let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
  beforeAll(async () => {
    sb = await sandboxesNoAr();
  });
  afterAll(() => sb.fechar());

  for (const caso of CASOS)
    it(`${caso.canal}: two vehicles, two resellers' sessions — the catalogue asked once, the reseller's own lists each time`, async () => {
      esquecerListas();
      const ctx = sb.ctx(caso.canal);
      const pub = CANAIS_REGISTRADOS[caso.canal].publicacao as PublicacaoVeiculo;
      const [a, b] = await caso.sessoes(ctx);
      let rascunhoA: unknown;
      let rascunhoB: unknown;
      const primeira = await chamadasDurante(async () => {
        rascunhoA = valorOk(await pub.rascunho(ctx, a, CARRO));
      });
      const segunda = await chamadasDurante(async () => {
        rascunhoB = valorOk(await pub.rascunho(ctx, b, OUTRO));
      });
      expect(primeira.filter(caso.catalogo).length).toBeGreaterThan(3);
      expect(segunda.filter(caso.catalogo)).toEqual([]);
      if (caso.daRevenda) {
        expect(primeira.filter(caso.daRevenda).length).toBeGreaterThan(0);
        expect(segunda.filter(caso.daRevenda).length).toBe(primeira.filter(caso.daRevenda).length);
      }
      // The same lists and the same matched codes as the first draft (its own vehicle's data aside).
      const listas = (r: unknown) =>
        Object.fromEntries(Object.entries(r as Record<string, unknown>).filter(([k, v]) => k.startsWith('ret') && Array.isArray(v)));
      expect(listas(rascunhoB)).toEqual(listas(rascunhoA));
      // A caller that changes a draft's list in place never changes what the next caller reads: a kept list is
      // shared and frozen (the change throws), a list the adapter derived from it is the caller's own.
      for (const l of Object.values(listas(rascunhoB)) as unknown[][]) {
        try {
          l.splice(0);
        } catch (e) {
          expect(e).toBeInstanceOf(TypeError);
        }
      }
      const terceira = await chamadasDurante(async () => {
        expect(listas(valorOk(await pub.rascunho(ctx, a, CARRO)))).toEqual(listas(rascunhoA));
      });
      expect(terceira.filter(caso.catalogo)).toEqual([]);
    });
});
