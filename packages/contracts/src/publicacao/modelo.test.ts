import { describe, expect, it } from 'vitest';
import { type DadosModelo, renderizarModelo } from './modelo.ts';
import { padroesPublicacao } from './padroes.ts';

const argo: DadosModelo = {
  marca: 'Fiat',
  modelo: 'Argo',
  versao: 'Drive 1.0 Flex',
  anoFabricacao: 2022,
  anoModelo: 2023,
  km: 45000,
  valor: 89900,
  cor: 'Branco',
  combustivel: 'flex',
  cambio: 'M',
  observacao: 'Único dono, revisado.',
};

describe('renderizarModelo (templates of the "Padrões de publicação")', () => {
  it('fills every field in Brazilian formats', () => {
    expect(renderizarModelo('{marca} {modelo} {versao} {ano}', argo)).toBe('Fiat Argo Drive 1.0 Flex 2022/2023');
    expect(renderizarModelo('{preco} · {km} · {cor} · {combustivel} · {cambio}', argo)).toBe(
      'R$ 89.900,00 · 45.000 km · Branco · Flex · Manual',
    );
    expect(renderizarModelo('{observacao}\nLigue já!', argo)).toBe('Único dono, revisado.\nLigue já!');
  });

  it('cents, a million, zero km, automatic gearbox and one year', () => {
    const d = { ...argo, valor: 1234567.5, km: 0, cambio: 'A', anoFabricacao: 2023, combustivel: 'eletrico' };
    expect(renderizarModelo('{preco} {km} {cambio} {ano} {combustivel}', d)).toBe('R$ 1.234.567,50 0 km Automático 2023 Elétrico');
    expect(renderizarModelo('{ano}', { ...argo, anoFabricacao: null })).toBe('2023');
  });

  it('leaves an unknown placeholder visible, so the dealer sees the mistake', () => {
    expect(renderizarModelo('{marca} {motor} {Modelo}', argo)).toBe('Fiat {motor} Argo');
    expect(renderizarModelo('Preço: {preço}', argo)).toBe('Preço: {preço}');
  });

  it('trims what an empty field leaves at the end of a line', () => {
    expect(renderizarModelo('{marca} {modelo} {versao}\n{observacao}', { ...argo, versao: '', observacao: '' })).toBe('Fiat Argo');
  });
});

describe('padroesPublicacao', () => {
  it('says in Portuguese what is wrong', () => {
    const r = padroesPublicacao.safeParse({ titulo: 'x'.repeat(201), outro: 1 });
    expect(r.success).toBe(false);
    const mensagens = r.error?.issues.map((i) => i.message);
    expect(mensagens).toContain('No máximo 200 caracteres');
    expect(mensagens).toContain('Campo desconhecido');
  });
});
