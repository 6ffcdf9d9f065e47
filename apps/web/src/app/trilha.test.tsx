import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ID_REVENDA, renderizarApp, respostaSessao, SESSAO_ADMIN, SESSAO_GESTOR, simularApi, sucesso } from '@/test/utils';
import { TELAS } from './telas';
import { trilhaDe } from './trilha';

const titulos = (caminho: string) => {
  const tela = TELAS.find((t) => t.caminho === caminho);
  if (!tela) throw new Error(`sem tela ${caminho}`);
  return trilhaDe(tela, TELAS).map((a) => a.titulo);
};

describe('trilha (breadcrumbs) derivada dos caminhos', () => {
  it('sobe pelas listas de cada nível', () => {
    expect(titulos('/revenda/:idRevenda/usuarios/:idUsuario/alterar')).toEqual(['Revendas', 'Usuários']);
    expect(titulos('/revenda/:idRevenda/usuarios/listar')).toEqual(['Revendas']);
    expect(titulos('/revenda/:idRevenda/veiculos/:idVeiculo/visualizar')).toEqual(['Revendas', 'Veículos']);
    expect(titulos('/opcionais/:idOpcional/alterar')).toEqual(['Opcionais']);
  });

  it('a configuração de um canal fica sob a lista de integrações', () => {
    expect(titulos('/revenda/:idRevenda/configurar-webmotors')).toEqual(['Revendas', 'Integrações']);
  });

  it('telas de primeiro nível não têm trilha', () => {
    expect(titulos('/revenda/listar')).toEqual([]);
    expect(titulos('/home')).toEqual([]);
    expect(titulos('/fipe/listar')).toEqual([]);
  });

  it('mostra ao gestor só os níveis que ele pode abrir, com os parâmetros da rota', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/usuarios`]: sucesso([]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/usuarios/incluir`);
    const trilha = await screen.findByRole('navigation', { name: 'Trilha de navegação' });
    expect(within(trilha).queryByText('Revendas')).not.toBeInTheDocument();
    expect(within(trilha).getByRole('link', { name: 'Usuários' })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/usuarios/listar`);
    expect(within(trilha).getByText('Incluir usuário')).toHaveAttribute('aria-current', 'page');
  });

  it('o admin vê desde a lista de revendas', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN) });
    renderizarApp(`/revenda/${ID_REVENDA}/usuarios/incluir`);
    const trilha = await screen.findByRole('navigation', { name: 'Trilha de navegação' });
    expect(within(trilha).getByRole('link', { name: 'Revendas' })).toHaveAttribute('href', '/revenda/listar');
  });
});
