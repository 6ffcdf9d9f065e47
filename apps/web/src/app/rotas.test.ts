import { CANAIS } from '@intermedio/contracts';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rotas } from '@/lib/rotas';
import { TELAS } from './telas';

const R = 'r-1';
const V = 'v-1';

/** Every address the app links to, built with the typed builders. */
const enderecos = [
  rotas.home(),
  rotas.acessoNegado(),
  rotas.painel(),
  ...(['incluidos', 'vendidos', 'alterados', 'removidos', 'banners'] as const).map(rotas.dashboard),
  rotas.revendas.listar(),
  rotas.revendas.listarFree(),
  rotas.revendas.incluir(),
  rotas.revenda.alterar(R),
  rotas.revenda.excluir(R),
  rotas.revenda.integracao(R),
  ...CANAIS.map((c) => rotas.revenda.configurar(R, c)),
  rotas.revenda.usuarios.listar(R),
  rotas.revenda.usuarios.incluir(R),
  rotas.revenda.usuarios.alterar(R, 'u'),
  rotas.revenda.usuarios.excluir(R, 'u'),
  rotas.revenda.veiculos.listar(R),
  rotas.revenda.veiculos.incluir(R),
  rotas.revenda.veiculos.historico(R),
  rotas.revenda.veiculos.importar(R),
  rotas.revenda.veiculos.importacao(R, 'i-1'),
  rotas.revenda.veiculos.visualizar(R, V),
  rotas.revenda.veiculos.alterar(R, V),
  rotas.revenda.veiculos.excluir(R, V),
  ...CANAIS.map((c) => rotas.revenda.publicacao.incluir(R, V, c)),
  rotas.revenda.publicacao.incluir(R, V, 'autoscar', 'moto'),
  rotas.revenda.publicacao.alterar(R, V, 'autoscar', 'a1', 'carro'),
  rotas.revenda.publicacao.alterar(R, V, 'webmotors', 'a1'),
  rotas.revenda.banners.listar(R),
  rotas.revenda.banners.incluir(R),
  rotas.revenda.vendidos.listar(R),
  rotas.revenda.vendidos.incluir(R),
  rotas.revenda.imagemDestaque.listar(R),
  rotas.revenda.imagemDestaque.incluir(R),
  rotas.revenda.bannerSite.listar(R),
  rotas.revenda.bannerSite.incluir(R),
  rotas.revenda.notificacoes.listar(R),
  rotas.revenda.notificacoes.incluir(R),
  rotas.opcionais.listar(),
  rotas.opcionais.incluir(),
  rotas.opcionais.alterar('o'),
  rotas.opcionais.excluir('o'),
  rotas.locaisAnuncio.listar(),
  rotas.locaisAnuncio.incluir(),
  rotas.locaisAnuncio.alterar('l'),
  rotas.locaisAnuncio.excluir('l'),
  rotas.fipe.listar(),
  rotas.fipe.incluir(),
  rotas.integracaoSocial.configurar('facebook'),
  rotas.integracaoSocial.configurar('instagram'),
];

const telaDe = (endereco: string) => TELAS.filter((t) => matchPath(t.caminho, endereco));

describe('tabela de rotas', () => {
  it.each(enderecos)('%s corresponde a exatamente uma tela registrada', (endereco) => {
    expect(telaDe(endereco)).toHaveLength(1);
  });

  it('não registra o mesmo caminho duas vezes', () => {
    const caminhos = TELAS.map((t) => t.caminho);
    expect(new Set(caminhos).size).toBe(caminhos.length);
  });

  it('aplica as regras da especificação', () => {
    const regra = (endereco: string) => telaDe(endereco)[0]?.regra;
    expect(regra(rotas.home())).toBe('admin');
    expect(regra(rotas.dashboard('removidos'))).toBe('admin');
    expect(regra(rotas.revenda.configurar(R, 'autoscar'))).toBe('admin');
    expect(regra(rotas.revenda.configurar(R, 'olx'))).toBe('admin');
    expect(regra(rotas.revenda.configurar(R, 'mercadolivre'))).toBe('revenda');
    expect(regra(rotas.revenda.imagemDestaque.listar(R))).toBe('admin');
    expect(regra(rotas.revenda.notificacoes.incluir(R))).toBe('admin');
    expect(regra(rotas.revenda.alterar(R))).toBe('gestorRevenda');
    expect(regra(rotas.revenda.usuarios.listar(R))).toBe('gestorRevenda');
    expect(regra(rotas.revenda.veiculos.historico(R))).toBe('revenda');
    expect(regra(rotas.revenda.veiculos.importacao(R, 'i-1'))).toBe('revenda');
    expect(regra(rotas.revenda.publicacao.incluir(R, V, 'mobiauto', 'carro'))).toBe('revenda');
  });

  it('dá título às telas de publicação conforme a especificação 3 §2.4', () => {
    const titulo = (endereco: string) => telaDe(endereco)[0]?.titulo;
    expect(titulo(rotas.revenda.publicacao.incluir(R, V, 'autoscar', 'carro'))).toBe('Incluir carro Autoscar');
    expect(titulo(rotas.revenda.publicacao.incluir(R, V, 'meucarronovo'))).toBe('Incluir veículo Na Pista');
    expect(titulo(rotas.revenda.publicacao.incluir(R, V, 'facebook'))).toBe('Incluir carro Facebook');
    expect(titulo(rotas.revenda.publicacao.alterar(R, V, 'webmotors', 'a1'))).toBe('Alterar veículo Webmotors');
  });
});
