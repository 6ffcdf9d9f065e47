import { describe, expect, it } from 'vitest';
import { CARRO } from '../../../test/ajuda/veiculo-canal.ts';
import { publicacaoFacebook } from './publicacao.ts';

/** The Facebook draft's link (spec 3 §3.11; §5: "Link anúncio" is required and must be an http(s) address). */
describe('Facebook draft link', () => {
  const link = async (site?: string) => {
    const r = await publicacaoFacebook.rascunho(
      {} as never,
      { segredos: {}, dados: {} },
      { ...CARRO, revenda: { ...CARRO.revenda, ...(site === undefined ? {} : { site }) } },
    );
    return r.ok ? r.valor.veiculoPost.link : null;
  };

  it("is the reseller's site, with https:// when the panel has it without a scheme", async () => {
    expect(await link('www.autodemo.test')).toBe('https://www.autodemo.test');
    expect(await link('  autodemo.test/estoque ')).toBe('https://autodemo.test/estoque');
    expect(await link('http://autodemo.test')).toBe('http://autodemo.test');
    expect(await link('HTTPS://autodemo.test')).toBe('HTTPS://autodemo.test');
    expect(await link('')).toBe('');
    expect(await link(undefined)).toBe('');
  });
});
