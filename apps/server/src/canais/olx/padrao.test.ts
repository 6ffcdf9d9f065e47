import { randomUUID } from 'node:crypto';
import { postOlx } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, canalConfigurado, type sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import { textoDoModelo } from '../padroes.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import type { ContextoCanal } from '../tipos.ts';
import { olx } from './adapter.ts';
import { publicacaoOlx as pub } from './publicacao.ts';

/** Olx bulk publish (issue 24 item 3): `postPadrao` on real drafts of the OLX sandbox, with and without defaults. */
let s: Awaited<ReturnType<typeof sandboxesNoAr>>;
let ctx: ContextoCanal;
let sessao: SessaoCanal;
beforeAll(async () => {
  ({ s, ctx, sessao } = await canalConfigurado('olx', (ctx) => olx.configurar(ctx, { code_olx: 'codigo-teste' })));
});
afterAll(() => s.fechar());

const { postPadrao } = pub as Required<typeof pub>;
const rascunho = async (v: VeiculoParaCanal = CARRO) => valorOk(await pub.rascunho(ctx, sessao, v));
const escolhas = { financial_status: '1', car_steering: '2' };

describe('Olx postPadrao', () => {
  it('the draft alone lacks the choices the vehicle does not map: financial status and steering, as the screen names them', async () => {
    expect(postPadrao(await rascunho(), CARRO, {})).toEqual({ revisao: ['Direção', 'Status financeiro'] });
  });

  it("with the reseller's defaults: the screen's post with templates, phone and CEP, which OLX's import accepts", async () => {
    const d = await rascunho();
    const r = postPadrao(d, CARRO, {
      titulo: '{marca} {modelo} {ano}',
      descricao: '{observacao} Por {preco}.',
      telefone: '(11) 3333-4444',
      cep: '04538-132',
      escolhas: { ...escolhas, exchange: '1' },
    });
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    expect(r.post).toMatchObject({
      ...d.veiculoPost,
      subject: 'Fiat Argo 2022/2023',
      // The template filled by the channels' shared helper (its formats are tested there).
      body: textoDoModelo('{observacao} Por {preco}.', CARRO),
      phone: '1133334444',
      zipcode: '04538132',
      financial_status: '1',
      car_steering: '2',
      exchange: '1',
    });
    expect(postOlx.safeParse(r.post).success).toBe(true);
    const enviado = valorOk(await pub.enviar(ctx, sessao, CARRO, r.post, { chave: randomUUID(), veiculoId: CARRO.id }));
    expect(enviado.confirmacao).toBe('pendente');
  });

  it("what the vehicle maps is never replaced by a default; without templates, phone or CEP the draft's stay", async () => {
    const comDirecao = { ...CARRO, opcionais: [...CARRO.opcionais, 'Direção hidráulica'] };
    const r = postPadrao(await rascunho(comDirecao), comDirecao, { escolhas });
    expect(r).toMatchObject({ post: { car_steering: '1', subject: 'Fiat Argo Drive 1.0 6V Flex 5p Mec. 2023', phone: '11987654321' } });
  });

  it('never a guessed value: an ambiguous version, a default outside OLX codes, no photos, a title too long → review', async () => {
    const ambiguo = { ...CARRO, versao: 'Flex' };
    const d = await rascunho(ambiguo);
    expect(d.retVersao.length).toBe(2);
    expect(postPadrao(d, ambiguo, { escolhas })).toEqual({ revisao: ['Versão'] });
    expect(postPadrao(await rascunho(), CARRO, { escolhas: { ...escolhas, car_steering: '9' } })).toEqual({ revisao: ['Direção'] });
    const semFotos = { ...CARRO, fotos: [] };
    expect(postPadrao(await rascunho(semFotos), semFotos, { escolhas })).toEqual({ revisao: ['Imagens'] });
    expect(postPadrao(await rascunho(), CARRO, { escolhas, titulo: `{marca} ${'x'.repeat(90)}` })).toEqual({
      revisao: ['Título anúncio'],
    });
  });

  it('names the defaults it reads, with OLX codes for the fixed choices', () => {
    expect(pub.camposPadrao?.map((c) => c.campo)).toEqual([
      'titulo',
      'descricao',
      'telefone',
      'cep',
      'escolhas.financial_status',
      'escolhas.car_steering',
      'escolhas.exchange',
      'escolhas.owner',
    ]);
    expect(pub.camposPadrao?.find((c) => c.campo === 'escolhas.car_steering')?.opcoes?.map((o) => o.nome)).toEqual([
      'Hidráulica',
      'Elétrica',
      'Mecânica',
      'Assistida',
    ]);
  });
});
