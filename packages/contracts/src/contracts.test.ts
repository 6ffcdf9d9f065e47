import { describe, expect, it } from 'vitest';
import { dinheiro } from './campos.ts';
import { camposIntegracao } from './integracao.ts';
import { RECURSOS_PADRAO, revendaEntrada } from './revenda.ts';
import { senhaFraca, usuarioNovo } from './usuario.ts';
import { veiculoAlteracaoEntrada, veiculoEntrada } from './veiculo.ts';

const minimo = { perazao_social_nome: 'Ana', penome_fantasia: 'Loja', peemail: 'a@b.com.br', plano: 'vendedor' };
const erros = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('reseller form (spec 1 §5)', () => {
  it('requires responsible, store name, e-mail and plan with "Preenchimento obrigatório"', () => {
    const r = revendaEntrada.safeParse({ perazao_social_nome: ' ', penome_fantasia: '', peemail: '' });
    expect(erros(r)).toMatchObject({
      perazao_social_nome: 'Preenchimento obrigatório',
      penome_fantasia: 'Preenchimento obrigatório',
      peemail: 'Preenchimento obrigatório',
      plano: 'Preenchimento obrigatório',
    });
  });
  it('checks e-mail, phone and CEP masks, and UF', () => {
    const r = revendaEntrada.safeParse({ ...minimo, peemail: 'x@', petelefone1: '11 99999', pecep_fiscal: '01310100', peuf: 'XX' });
    expect(erros(r)).toMatchObject({ peemail: 'E-mail inválido', petelefone1: 'Telefone inválido', pecep_fiscal: 'CEP inválido' });
    expect(erros(r).peuf).toBeDefined();
  });
  it('keeps the street number only when numeric, resources default on except site_revenda', () => {
    const ok = revendaEntrada.parse({ ...minimo, peendereco_fiscal_numero: '120', pevalormensalidade: '1.234,50' });
    expect(ok.peendereco_fiscal_numero).toBe(120);
    expect(ok.pevalormensalidade).toBe('1234.50');
    expect(ok.recursos).toEqual(RECURSOS_PADRAO);
    expect(revendaEntrada.parse({ ...minimo, peendereco_fiscal_numero: 'S/N' }).peendereco_fiscal_numero).toBeNull();
  });
  it('moldura imagem_rodape needs directory and frame image; personalizada needs the transformation', () => {
    const r = revendaEntrada.safeParse({ ...minimo, tipo_moldura_veiculo: 'imagem_rodape', tipo_moldura_vendido: 'personalizada' });
    expect(erros(r)).toEqual({
      diretorio_veiculo: 'Preenchimento obrigatório',
      imagem_moldura_veiculo: 'Preenchimento obrigatório',
      transformation_vendidos: 'Preenchimento obrigatório',
    });
  });
});

describe('money', () => {
  it.each([
    [1234.5, '1234.50'],
    ['1234.5', '1234.50'],
    ['R$ 1.234,56', '1234.56'],
    ['', null],
  ])('%s → %s', (entrada, saida) => expect(dinheiro.parse(entrada)).toBe(saida));
  it('refuses text and negatives', () => {
    expect(dinheiro.safeParse('abc').success).toBe(false);
    expect(dinheiro.safeParse(-5).success).toBe(false);
  });
});

describe('new user (spec 1 §5, §8)', () => {
  const base = { nome: 'Bia', email: 'bia@loja.com.br', senha: 'Carro#2026', confirmacao: 'Carro#2026' };
  it('defaults the role to client', () => expect(usuarioNovo.parse(base).role).toBe('client'));
  it('says "As senhas não coincidem" and the invalid e-mail text', () => {
    expect(erros(usuarioNovo.safeParse({ ...base, confirmacao: 'outra' }))).toEqual({ confirmacao: 'As senhas não coincidem' });
    expect(erros(usuarioNovo.safeParse({ ...base, email: 'bia@' })).email).toBe('Este endereço de e-mail não é válido.');
  });
  it('refuses weak passwords', () => {
    for (const s of ['curta1', '12345678', 'abcdefghij', 'aaaaaaaaaa', 'bia12345x', 'senha123'])
      expect(senhaFraca(s, 'bia12@x.com'), s).toBe(true);
    expect(senhaFraca('Carro#2026', 'bia@loja.com.br')).toBe(false);
    expect(erros(usuarioNovo.safeParse({ ...base, senha: '12345678', confirmacao: '12345678' })).senha).toBe(
      'Esta senha é considerada fraca, tente novamente com uma senha mais segura.',
    );
  });
});

describe("texts of the length limits (the forms validate in the browser, without zod's Portuguese locale)", () => {
  it('channel fields and passwords say "No máximo N caracteres"', () => {
    expect(erros(camposIntegracao.autoscar.safeParse({ id_autoscar: '1'.repeat(21) })).id_autoscar).toBe('No máximo 20 caracteres');
    expect(erros(camposIntegracao.meucarronovo.safeParse({ email_meucarronovo: 'x'.repeat(255) })).email_meucarronovo).toBe(
      'No máximo 254 caracteres',
    );
    expect(
      erros(camposIntegracao.autoline.safeParse({ email_autoline: 'a@b.com.br', senha_autoline: 's'.repeat(201) })).senha_autoline,
    ).toBe('No máximo 200 caracteres');
    const longa = `Aa1#${'x'.repeat(200)}`;
    expect(erros(usuarioNovo.safeParse({ nome: 'Bia', email: 'bia@loja.com.br', senha: longa, confirmacao: longa })).senha).toBe(
      'No máximo 200 caracteres',
    );
  });
});

describe('vehicle body that is not an object', () => {
  // The cross-field rules run even when a field failed (every message at once); a body that is not an object must be
  // refused by the object check, not reach them (it threw, and the routes answered 500: found by the fuzz property).
  it.each([null, [], 5, 'carro'])('%j is refused with an issue, never a throw', (corpo) => {
    for (const esquema of [veiculoEntrada, veiculoAlteracaoEntrada]) {
      const r = esquema.safeParse(corpo);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual([]);
    }
  });

  it('an object still gets every message at once (the rules run although fields failed)', () => {
    const r = veiculoEntrada.safeParse({ vetipoveiculo: 'carro', veiplaca: 'X' });
    const campos = r.error?.issues.map((i) => i.path[0]) ?? [];
    expect(campos).toEqual(expect.arrayContaining(['vefipe_marca', 'veiplaca', 'vequilometragem', 'vecarroceria']));
  });
});
