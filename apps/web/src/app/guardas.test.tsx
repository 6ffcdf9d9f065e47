import { MENSAGENS, type UsuarioLogado } from '@intermedio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rotas } from '@/lib/rotas';
import { CHAVE_USUARIO_LOGADO } from '@/lib/sessao';
import {
  falha,
  ID_REVENDA,
  OUTRA_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_ADMIN,
  SESSAO_GESTOR,
  simularApi,
  sucesso,
} from '@/test/utils';
import { podeAcessar } from './guardas';

const gestor: UsuarioLogado = SESSAO_GESTOR.usuario;
const cliente: UsuarioLogado = { ...gestor, id: 'c1', role: 'client' };

describe('podeAcessar', () => {
  it('deixa o admin em qualquer tela', () => {
    for (const regra of ['autenticado', 'admin', 'revenda', 'gestorRevenda'] as const) {
      expect(podeAcessar(SESSAO_ADMIN.usuario, regra, OUTRA_REVENDA)).toBe(true);
    }
  });
  it('recusa telas de admin a quem não é admin', () => {
    expect(podeAcessar(gestor, 'admin', ID_REVENDA)).toBe(false);
  });
  it('limita telas de revenda à própria revenda', () => {
    expect(podeAcessar(gestor, 'revenda', ID_REVENDA)).toBe(true);
    expect(podeAcessar(gestor, 'revenda', OUTRA_REVENDA)).toBe(false);
    expect(podeAcessar(gestor, 'revenda', undefined)).toBe(false);
    expect(podeAcessar(cliente, 'revenda', ID_REVENDA)).toBe(true);
  });
  it('reserva alterar/excluir revenda e usuários ao gestor da revenda', () => {
    expect(podeAcessar(gestor, 'gestorRevenda', ID_REVENDA)).toBe(true);
    expect(podeAcessar(gestor, 'gestorRevenda', OUTRA_REVENDA)).toBe(false);
    expect(podeAcessar(cliente, 'gestorRevenda', ID_REVENDA)).toBe(false);
  });
});

describe('guardas de navegação', () => {
  it('manda quem não tem sessão para /login', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(null) });
    const { router } = renderizarApp(rotas.home());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Acesso ao painel' })).toBeInTheDocument();
  });

  it('manda o gestor que abre uma tela de admin para /acesso-negado, com o menu da revenda', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR) });
    const { router } = renderizarApp(rotas.opcionais.listar());
    await waitFor(() => expect(router.state.location.pathname).toBe('/acesso-negado'));
    expect(await screen.findByText(MENSAGENS.acessoNegado)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(menu).toHaveTextContent('Veículos');
    expect(menu).not.toHaveTextContent('Opcionais');
  });

  it('manda o gestor que abre outra revenda para /acesso-negado', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR) });
    const { router } = renderizarApp(rotas.revenda.veiculos.listar(OUTRA_REVENDA));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acesso-negado'));
  });

  it('abre ao gestor as telas da própria revenda', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR) });
    const { router } = renderizarApp(rotas.revenda.veiculos.historico(ID_REVENDA));
    expect(await screen.findByRole('heading', { name: /^Histórico/ })).toBeInTheDocument();
    expect(screen.queryByText(MENSAGENS.acessoNegado)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(rotas.revenda.veiculos.historico(ID_REVENDA));
  });

  it('abre ao admin as telas de qualquer revenda, com o menu de admin', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN) });
    renderizarApp(rotas.revenda.usuarios.listar(OUTRA_REVENDA));
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toHaveTextContent('Revenda free');
  });

  it('leva o admin que abre o painel da revenda para /home', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/dashboard/contadores': sucesso({ incluidos: 1, vendidos: 2, alterados: 3, removidos: 4, banners: 5 }),
    });
    const { router } = renderizarApp(rotas.painel());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('volta ao login e esquece o usuário quando qualquer chamada responde 401', async () => {
    localStorage.setItem(CHAVE_USUARIO_LOGADO, JSON.stringify(SESSAO_ADMIN.usuario));
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/dashboard/contadores': falha(401, MENSAGENS.naoAutenticado),
    });
    const { router, queryClient } = renderizarApp(rotas.home());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(CHAVE_USUARIO_LOGADO)).toBeNull();
    expect(queryClient.getQueryData(['dashboard', 'admin'])).toBeUndefined();
  });

  it('desconecta o usuário client e o manda para /login', async () => {
    const fetch = simularApi({
      'GET /api/auth/sessao': respostaSessao({ ...SESSAO_GESTOR, usuario: { ...SESSAO_GESTOR.usuario, role: 'client' } }),
      'POST /api/auth/logout': sucesso(null),
    });
    const { router } = renderizarApp(rotas.revenda.integracao(ID_REVENDA));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });
});
