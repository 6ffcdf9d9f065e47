import type { CanalId } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTOQUE_DEMO_PARA_CANAL, nomeDaOpcao as nome, sandboxesNoAr, valorOk } from '../../test/ajuda/veiculo-canal.ts';
import { publicacaoAutoline } from './autoline/publicacao.ts';
import { publicacaoAutoscar } from './autoscar/publicacao.ts';
import { REALM_ICARROS } from './icarros/client.ts';
import { publicacaoIcarros } from './icarros/publicacao.ts';
import { configurarKeycloak, type Realm } from './keycloak.ts';
import { nomeCanonico } from './mapeamento.ts';
import { publicacaoMeuCarroNovo } from './meucarronovo/publicacao.ts';
import { REALM_MOBIAUTO } from './mobiauto/client.ts';
import { publicacaoMobiauto } from './mobiauto/publicacao.ts';
import { olx } from './olx/adapter.ts';
import { publicacaoOlx } from './olx/publicacao.ts';
import type { SessaoCanal, VeiculoParaCanal } from './publicacao.ts';
import type { ContextoCanal } from './tipos.ts';
import { webmotors } from './webmotors/adapter.ts';
import { publicacaoWebmotors } from './webmotors/publicacao.ts';

/**
 * Issue 23 item 10: every channel whose form preselects brand, model and version does so for the whole demo stock,
 * whatever the channel calls the brand ("GM - Chevrolet", "VW - VOLKSWAGEN") or an optional ("Multimídia").
 */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
beforeAll(async () => {
  sb = await sandboxesNoAr();
});
afterAll(() => sb.fechar());

type Lista = readonly { id: string; nome: string }[];
/** What a draft preselected, by name. */
type Casado = { marca?: string; modelo?: string; versao?: string; opcionais: string[] };
const nomes = (lista: Lista, ids: readonly string[]) => lista.filter((o) => ids.includes(o.id)).map((o) => o.nome);

type Caso = {
  canal: CanalId;
  tipos: VeiculoParaCanal['tipo'][];
  sessao: (ctx: ContextoCanal) => Promise<SessaoCanal>;
  casado: (ctx: ContextoCanal, s: SessaoCanal, v: VeiculoParaCanal) => Promise<Casado>;
};

const keycloak = (realm: Realm) => async (ctx: ContextoCanal) => {
  const c = valorOk(await configurarKeycloak(ctx, realm, 'loja@autodemo.test', 's'));
  return { segredos: c.segredos, dados: c.dados };
};

const CASOS: Caso[] = [
  {
    canal: 'autoscar',
    tipos: ['carro', 'moto'],
    sessao: async () => ({ segredos: {}, dados: { id_autoscar: '123', nome_autoscar: 'Revenda Autoscar' } }),
    casado: async (ctx, s, v) => {
      const d = valorOk(await publicacaoAutoscar.rascunho(ctx, s, v));
      return {
        marca: nome(d.retMarca, d.veiculoData.veiculo_marca),
        modelo: nome(d.retModelo, d.veiculoData.veiculo_modelo),
        versao: nome(d.retVersaoFilter, d.veiculoPost.modelId),
        opcionais: d.retOpcionais.filter((o) => o.checked).map((o) => o.descricao),
      };
    },
  },
  {
    canal: 'webmotors',
    tipos: ['carro', 'moto'],
    sessao: async (ctx) => {
      const dados = { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test' };
      const c = valorOk(await webmotors.configurar(ctx, { ...dados, senha_webmotors: 's' }));
      return { segredos: { ...c.segredos, senha_webmotors: 's' }, dados: { ...dados, ...c.dados } };
    },
    casado: async (ctx, s, v) => {
      const d = valorOk(await publicacaoWebmotors.rascunho(ctx, s, v));
      const p = d.veiculoPost;
      return {
        marca: nome(d.retMarca, p.CodigoMarca),
        modelo: nome(d.retModelo, p.CodigoModelo),
        versao: nome(d.retVersao, p.CodigoVersao),
        opcionais: nomes(d.retOpcionais, p.Opcional),
      };
    },
  },
  {
    canal: 'olx',
    tipos: ['carro'],
    sessao: async (ctx) => {
      const c = valorOk(await olx.configurar(ctx, { code_olx: 'codigo-teste' }));
      return { segredos: c.segredos, dados: c.dados };
    },
    casado: async (ctx, s, v) => {
      const d = valorOk(await publicacaoOlx.rascunho(ctx, s, v));
      const p = d.veiculoPost;
      return {
        marca: nome(d.retMarca, p.vehicle_brand),
        modelo: nome(d.retModelo, p.vehicle_model),
        versao: nome(d.retVersao, p.vehicle_version),
        opcionais: d.retOpcionais.filter((o) => o.checked).map((o) => o.nome),
      };
    },
  },
  {
    canal: 'autoline',
    tipos: ['carro'],
    sessao: async () => ({ segredos: { senha_autoline: 's' }, dados: { email_autoline: 'loja@autodemo.test', user_id_autoline: '7001' } }),
    casado: async (ctx, s, v) => {
      const d = valorOk(await publicacaoAutoline.rascunho(ctx, s, v));
      const p = d.veiculoPost;
      return {
        marca: nome(d.retMarca, p.CodigoMarca),
        modelo: nome(d.retModelo, p.CodigoModelo),
        versao: nome(d.retVersao, p.CodigoVersao),
        opcionais: nomes(d.retOpcionais, p.Opcionais),
      };
    },
  },
  {
    canal: 'icarros',
    tipos: ['carro'],
    sessao: keycloak(REALM_ICARROS),
    casado: async (ctx, s, v) => {
      const d = valorOk(await publicacaoIcarros.rascunho(ctx, s, v));
      const p = d.veiculoPost;
      return {
        marca: nome(d.retMarca, p.makeId),
        modelo: nome(d.retModelo, p.modelId),
        versao: nome(d.retVersao, p.trimId),
        opcionais: d.retOpcionais.filter((o) => o.checked).map((o) => o.nome),
      };
    },
  },
  {
    canal: 'meucarronovo',
    tipos: ['carro', 'moto'],
    sessao: async () => ({
      segredos: { senha_meucarronovo: 's' },
      dados: { email_meucarronovo: 'loja@autodemo.test', plano_napista: 'Plano Ouro' },
    }),
    casado: async (ctx, s, v) => {
      const d = valorOk(await publicacaoMeuCarroNovo.rascunho(ctx, s, v));
      const p = d.veiculoPost;
      return {
        marca: nome(d.retMarca, p.idMarca),
        modelo: nome(d.retModelo, p.idModelo),
        versao: nome(d.retVersao, p.idVersao),
        opcionais: d.retOpcionais.filter((o) => o.checked).map((o) => o.nome),
      };
    },
  },
  {
    canal: 'mobiauto',
    tipos: ['carro'],
    sessao: keycloak(REALM_MOBIAUTO),
    casado: async (ctx, s, v) => {
      const d = valorOk(await publicacaoMobiauto.rascunho(ctx, s, v));
      const p = d.veiculoData;
      return {
        marca: nome(d.retMarca, p.makeId),
        modelo: nome(d.retModelo, p.modelId),
        versao: nome(d.retVersaoFilter, p.trimId),
        opcionais: d.retOpcionais.filter((o) => o.checked).map((o) => o.nome),
      };
    },
  },
];

describe.each(CASOS)('$canal: the demo stock preselects brand, model and version', ({ canal, tipos, sessao, casado }) => {
  it('for every demo vehicle of the types it takes, under its own spelling', async () => {
    const ctx = sb.ctx(canal);
    const s = await sessao(ctx);
    const estoque = ESTOQUE_DEMO_PARA_CANAL.filter((v) => tipos.includes(v.tipo));
    expect(estoque.map((v) => v.marca)).toContain('Chevrolet');
    for (const v of estoque) {
      const c = await casado(ctx, s, v);
      const rotulo = `${canal}: ${v.marca} ${v.modelo}`;
      // The channel's brand is the vehicle's or an alias of it ("GM - CHEVROLET" for "Chevrolet").
      expect(nomeCanonico(c.marca ?? ''), rotulo).toContain(nomeCanonico(v.marca));
      expect(nomeCanonico(c.modelo ?? ''), rotulo).toBe(nomeCanonico(v.modelo));
      expect(nomeCanonico(c.versao ?? ''), rotulo).toBe(nomeCanonico(v.versao));
    }
  });
});

describe('optionals under the channels own names', () => {
  const onix = ESTOQUE_DEMO_PARA_CANAL.find((v) => v.modelo === 'Onix') as VeiculoParaCanal;
  const caso = (canal: CanalId) => CASOS.find((c) => c.canal === canal) as Caso;
  const marcados = async (canal: CanalId) => {
    const ctx = sb.ctx(canal);
    return (await caso(canal).casado(ctx, await caso(canal).sessao(ctx), onix)).opcionais;
  };

  it('Webmotors: "Central multimídia" is "Multimídia", "Airbag" "Air bag", "Freios ABS" "Freio ABS"', async () => {
    expect(await marcados('webmotors')).toEqual(
      expect.arrayContaining(['Multimídia', 'Air bag', 'Freio ABS', 'Ar condicionado', 'Câmera de ré', 'Bancos de couro']),
    );
  });

  it('iCarros, Na Pista (upper case) and Mobiauto: "Airbag" is "Air bag"', async () => {
    for (const canal of ['icarros', 'meucarronovo', 'mobiauto'] as const)
      expect((await marcados(canal)).map(nomeCanonico), canal).toEqual(
        expect.arrayContaining(['air bag', 'central multimidia', 'ar condicionado']),
      );
  });
});
