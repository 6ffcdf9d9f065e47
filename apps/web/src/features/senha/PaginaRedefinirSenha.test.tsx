import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { falha, renderizarApp, simularApi, sucesso } from '@/test/utils';

const TOKEN = 'tok_abcdefghijklmnop';

describe('Alteração de senha pelo link do e-mail (/redefinir-senha/:token)', () => {
  it('é pública (sem sessão, sem menu): confere o link, valida e grava a nova senha', async () => {
    const api = simularApi({
      [`GET /api/senha/redefinicao/${TOKEN}`]: sucesso({ email: 'rita@autodemo.test' }),
      'POST /api/senha/redefinir': sucesso({ mensagem: 'Senha alterada com sucesso! Entre com a nova senha.' }),
    });
    renderizarApp(`/redefinir-senha/${TOKEN}`);
    expect(await screen.findByText('rita@autodemo.test')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alteração de senha' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    expect(api.mock.calls.some(([url]) => String(url) === '/api/auth/sessao')).toBe(false);

    const senha = screen.getByLabelText('Nova senha');
    const confirmacao = screen.getByLabelText('Confirmação');
    fireEvent.change(senha, { target: { value: 'Carro#2026' } });
    fireEvent.change(confirmacao, { target: { value: 'Carro#2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument();

    fireEvent.change(senha, { target: { value: 'rita2026' } });
    fireEvent.change(confirmacao, { target: { value: 'rita2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Esta senha é considerada fraca, tente novamente com uma senha mais segura.')).toBeInTheDocument();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(senha, { target: { value: 'Carro#2026' } });
    fireEvent.change(confirmacao, { target: { value: 'Carro#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha alterada com sucesso! Entre com a nova senha.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acessar o painel' })).toHaveAttribute('href', '/login');
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ token: TOKEN, senha: 'Carro#2026', confirmacao: 'Carro#2026' });
  });

  it('mostra a mensagem de link inválido ou expirado com o caminho para o login', async () => {
    simularApi({
      [`GET /api/senha/redefinicao/${TOKEN}`]: falha(400, 'Este link para alteração de senha é inválido ou expirou. Peça um novo link.'),
    });
    renderizarApp(`/redefinir-senha/${TOKEN}`);
    expect(await screen.findByText('Este link para alteração de senha é inválido ou expirou. Peça um novo link.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ir para o acesso ao painel' })).toHaveAttribute('href', '/login'));
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
  });
});
