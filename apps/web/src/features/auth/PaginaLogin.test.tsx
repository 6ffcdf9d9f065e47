import { CABECALHO_CSRF, MENSAGENS } from '@intermedio/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHAVE_USUARIO_LOGADO } from '@/lib/sessao';
import { falha, renderizarApp, respostaSessao, SESSAO_ADMIN, SESSAO_GESTOR, simularApi, sucesso } from '@/test/utils';

function preencher(email: string, senha: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: senha } });
  fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
}

describe('PaginaLogin', () => {
  it('desabilita Acessar enquanto entra e leva o admin para /home', async () => {
    let responder: (r: Response) => void = () => {};
    const fetch = simularApi({
      'GET /api/auth/sessao': respostaSessao(null),
      'POST /api/auth/login': () =>
        new Promise<Response>((ok) => {
          responder = ok;
        }),
      'GET /api/dashboard/contadores': sucesso({ incluidos: 0, vendidos: 0, alterados: 0, removidos: 0, banners: 0 }),
    });
    const { router } = renderizarApp('/login');
    await screen.findByRole('heading', { name: 'Acesso ao painel' });
    preencher('admin@intermedio.test', 'demo1234');

    await waitFor(() => expect(screen.getByRole('button', { name: /Acessar/ })).toBeDisabled());
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/auth/login') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'admin@intermedio.test', senha: 'demo1234' });

    responder(sucesso(SESSAO_ADMIN));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(JSON.parse(localStorage.getItem(CHAVE_USUARIO_LOGADO) ?? 'null')).toEqual(SESSAO_ADMIN.usuario);
    // Later writes carry the session's CSRF token.
    fireEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => {
      const logout = fetch.mock.calls.find(([url]) => url === '/api/auth/logout');
      const headers = (logout?.[1]?.headers ?? {}) as Record<string, string>;
      expect(headers[CABECALHO_CSRF]).toBe(SESSAO_ADMIN.csrf);
    });
  });

  it('leva o gestor para /painel/dashboard', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(null),
      'POST /api/auth/login': sucesso(SESSAO_GESTOR),
    });
    const { router } = renderizarApp('/');
    await screen.findByRole('heading', { name: 'Acesso ao painel' });
    preencher('gestor@autodemo.test', 'demo1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/painel/dashboard'));
  });

  it('mostra a mensagem do servidor quando o acesso falha', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(null),
      'POST /api/auth/login': falha(401, MENSAGENS.loginFalhou),
    });
    const { router } = renderizarApp('/login');
    await screen.findByRole('heading', { name: 'Acesso ao painel' });
    preencher('cliente@autodemo.test', 'errada');
    expect(await screen.findByRole('alert')).toHaveTextContent(MENSAGENS.loginFalhou);
    expect(screen.getByRole('button', { name: 'Acessar' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(CHAVE_USUARIO_LOGADO)).toBeNull();
  });

  it('mostra a mensagem de tentativas demais (429)', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(null),
      'POST /api/auth/login': falha(429, MENSAGENS.loginBloqueado),
    });
    renderizarApp('/login');
    await screen.findByRole('heading', { name: 'Acesso ao painel' });
    preencher('admin@intermedio.test', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(MENSAGENS.loginBloqueado);
  });

  it('leva quem já tem sessão direto para o seu início', async () => {
    localStorage.setItem(CHAVE_USUARIO_LOGADO, JSON.stringify(SESSAO_GESTOR.usuario));
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR) });
    const { router } = renderizarApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/painel/dashboard'));
  });

  it('mostra o formulário se a cópia local do usuário não vale mais no servidor', async () => {
    localStorage.setItem(CHAVE_USUARIO_LOGADO, JSON.stringify(SESSAO_GESTOR.usuario));
    const fetch = simularApi({ 'GET /api/auth/sessao': respostaSessao(null) });
    renderizarApp('/login');
    expect(await screen.findByRole('button', { name: 'Acessar' })).toBeEnabled();
    expect(fetch).toHaveBeenCalledWith('/api/auth/sessao', expect.anything());
    expect(localStorage.getItem(CHAVE_USUARIO_LOGADO)).toBeNull();
  });

  it('não consulta a sessão quando o navegador não lembra de ninguém', async () => {
    const fetch = simularApi({});
    renderizarApp('/login');
    expect(await screen.findByRole('button', { name: 'Acessar' })).toBeEnabled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('campos vazios dizem "Preenchimento obrigatório" e não chamam o servidor; o foco vai ao primeiro', async () => {
    const fetch = simularApi({ 'GET /api/auth/sessao': respostaSessao(null) });
    renderizarApp('/login');
    await screen.findByRole('heading', { name: 'Acesso ao painel' });
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(await screen.findAllByText(MENSAGENS.preenchimentoObrigatorio)).toHaveLength(2);
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
    expect(fetch.mock.calls.some(([url]) => url === '/api/auth/login')).toBe(false);
  });

  it('o alternador de senha tem nome em português e é alcançável pelo teclado', async () => {
    simularApi({ 'GET /api/auth/sessao': respostaSessao(null) });
    renderizarApp('/login');
    const alternar = await screen.findByRole('button', { name: 'Mostrar senha' });
    expect(alternar).toHaveAttribute('tabindex', '0');
    expect(alternar).toHaveAttribute('aria-pressed', 'false');
  });

  it('"Esqueci minha senha" pede o link com o e-mail digitado e mostra a resposta do servidor', async () => {
    const resposta = 'Se este e-mail pertencer a um usuário ativo do painel, enviaremos a ele um link para alterar a senha.';
    const fetch = simularApi({
      'GET /api/auth/sessao': respostaSessao(null),
      'POST /api/senha/esqueci': sucesso({ mensagem: resposta }),
    });
    renderizarApp('/login');
    await screen.findByRole('heading', { name: 'Acesso ao painel' });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'gestor@autodemo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(await screen.findByRole('heading', { name: 'Esqueci minha senha' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(resposta);
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/senha/esqueci') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'gestor@autodemo.test' });
    fireEvent.click(screen.getByRole('button', { name: 'Voltar ao acesso' }));
    expect(await screen.findByRole('heading', { name: 'Acesso ao painel' })).toBeInTheDocument();
  });

  it('"Esqueci minha senha" com o e-mail vazio diz "Preenchimento obrigatório"', async () => {
    const fetch = simularApi({ 'GET /api/auth/sessao': respostaSessao(null) });
    renderizarApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Esqueci minha senha' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText(MENSAGENS.preenchimentoObrigatorio)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/senha/esqueci')).toBe(false);
  });
});
