import type { Usuario } from '@intermedio/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  comAltura,
  falha,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';

// These screens are large: under a loaded machine jsdom needs more than the default 1 s to settle.
configure({ asyncUtilTimeout: 5000 });

const U = '33333333-3333-4333-8333-333333333333';
const BASE = `/api/revendas/${ID_REVENDA}/usuarios`;
const usuario = (extra: Partial<Usuario> = {}): Usuario => ({
  id: U,
  nome: 'Rita Vendas',
  email: 'rita@autodemo.test',
  role: 'client',
  revenda: ID_REVENDA,
  ativo: 1,
  telefone1: '(11) 91234-5678',
  telefone2: null,
  created_at: '2026-01-01T12:00:00.000Z',
  updated_at: '2026-01-02T12:00:00.000Z',
  ...extra,
});
const REVENDA_RESUMO = { penome_fantasia: 'Auto Demo Veículos' };

comAltura(600);

/** Fills the field whose label starts with `rotulo` (required fields end with an asterisk). */
const preencher = (rotulo: string, valor: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${rotulo}`)), { target: { value: valor } });
const corpoDe = (api: ReturnType<typeof simularApi>, metodo: string) => {
  const chamada = api.mock.calls.find(([, init]) => init?.method === metodo);
  return chamada ? JSON.parse(String(chamada[1]?.body ?? 'null')) : undefined;
};

describe('Usuários da revenda', { timeout: 60_000 }, () => {
  it('lista nome, e-mail, perfil, telefone e situação, com Alterar e Excluir', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([
        usuario(),
        usuario({ id: 'g1', nome: 'Gil Gestor', email: 'gil@autodemo.test', role: 'gestor', ativo: 0 }),
      ]),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso(REVENDA_RESUMO),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/usuarios/listar`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuários (2)' })).toBeInTheDocument();
    const tabela = screen.getByRole('table', { name: 'Usuários' });
    const rita = within(tabela).getByText('Rita Vendas').closest('tr') as HTMLElement;
    expect(within(rita).getByText('Usuário')).toBeInTheDocument();
    expect(within(rita).getByText('Ativo')).toBeInTheDocument();
    expect(within(rita).getByText('(11) 91234-5678')).toBeInTheDocument();
    expect(within(rita).getByRole('link', { name: 'Alterar Rita Vendas' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/usuarios/${U}/alterar`,
    );
    expect(within(rita).getByRole('link', { name: 'Excluir Rita Vendas' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/usuarios/${U}/excluir`,
    );
    const gil = within(tabela).getByText('Gil Gestor').closest('tr') as HTMLElement;
    expect(within(gil).getByText('Gestor')).toBeInTheDocument();
    expect(within(gil).getByText('Bloqueado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Novo usuário/ })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/usuarios/incluir`);
  });

  it('novo usuário: senhas diferentes mostram "As senhas não coincidem" e nada é enviado', async () => {
    simularEventSource();
    const api = simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [`POST ${BASE}`]: sucesso(usuario()) });
    renderizarApp(`/revenda/${ID_REVENDA}/usuarios/incluir`);
    await screen.findByRole('button', { name: 'Gravar' });
    expect(screen.getByRole('combobox', { name: 'Perfil' })).toHaveValue('Usuário');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findAllByText('Preenchimento obrigatório')).toHaveLength(4);

    preencher('Nome', 'Rita Vendas');
    preencher('E-mail', 'rita@autodemo.test');
    preencher('Senha', 'Carro#2026');
    preencher('Confirmação da senha', 'Carro#2027');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument();
    expect(corpoDe(api, 'POST')).toBeUndefined();

    preencher('Confirmação da senha', '12345678');
    preencher('Senha', '12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Esta senha é considerada fraca, tente novamente com uma senha mais segura.')).toBeInTheDocument();
    expect(corpoDe(api, 'POST')).toBeUndefined();
  });

  it('novo usuário: e-mail já cadastrado aparece no campo; sucesso volta à lista', async () => {
    simularEventSource();
    let tentativas = 0;
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`POST ${BASE}`]: () => {
        tentativas += 1;
        if (tentativas === 1)
          return new Response(
            JSON.stringify({
              status: 'error',
              data: 'Esta conta de e-mail já está cadastrada no sistema.',
              campos: { email: 'Esta conta de e-mail já está cadastrada no sistema.' },
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          );
        if (tentativas === 2) return falha(500, 'Ocorreu um erro inesperado. Tente novamente mais tarde.');
        return sucesso(usuario());
      },
      [`GET ${BASE}`]: sucesso([usuario()]),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso(REVENDA_RESUMO),
    });
    const { router } = renderizarApp(`/revenda/${ID_REVENDA}/usuarios/incluir`);
    await screen.findByRole('button', { name: 'Gravar' });
    preencher('Nome', 'Rita Vendas');
    preencher('E-mail', 'rita@autodemo.test');
    preencher('Senha', 'Carro#2026');
    preencher('Confirmação da senha', 'Carro#2026');
    preencher('Telefone 1', '11912345678');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Esta conta de e-mail já está cadastrada no sistema.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveAttribute('aria-invalid', 'true');
    expect(corpoDe(api, 'POST')).toEqual({
      nome: 'Rita Vendas',
      email: 'rita@autodemo.test',
      senha: 'Carro#2026',
      confirmacao: 'Carro#2026',
      role: 'client',
      telefone1: '(11) 91234-5678',
      telefone2: '',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Erro ao gravar usuário')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Usuário gravado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/revenda/${ID_REVENDA}/usuarios/listar`));
  });

  it('alterar usuário: e-mail bloqueado, grava e envia o link de alteração de senha', async () => {
    simularEventSource();
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${U}`]: sucesso(usuario()),
      [`POST ${BASE}/${U}/redefinir-senha`]: sucesso({ mensagem: 'Link para alteração de senha enviado a rita@autodemo.test' }),
      [`PUT ${BASE}/${U}`]: sucesso(usuario({ role: 'gestor' })),
      [`GET ${BASE}`]: sucesso([usuario()]),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso(REVENDA_RESUMO),
    });
    const { router } = renderizarApp(`/revenda/${ID_REVENDA}/usuarios/${U}/alterar`);
    const email = await screen.findByDisplayValue('rita@autodemo.test');
    expect(email).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Enviar link para alteração de senha' }));
    expect(await screen.findByText('Link para alteração de senha enviado a rita@autodemo.test')).toBeInTheDocument();

    const perfil = screen.getByRole('combobox', { name: 'Perfil' });
    fireEvent.click(perfil);
    await waitFor(() => expect(perfil).toHaveAttribute('aria-controls'));
    const lista = document.getElementById(perfil.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(within(lista).getByRole('option', { name: 'Gestor', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Usuário gravado com sucesso!')).toBeInTheDocument();
    expect(corpoDe(api, 'PUT')).toEqual({
      nome: 'Rita Vendas',
      role: 'gestor',
      telefone1: '(11) 91234-5678',
      telefone2: '',
      versao: '2026-01-02T12:00:00.000Z',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/revenda/${ID_REVENDA}/usuarios/listar`));
  });

  it('excluir usuário: confirma, remove e avisa', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${U}`]: sucesso(usuario()),
      [`DELETE ${BASE}/${U}`]: sucesso(null),
      [`GET ${BASE}`]: sucesso([]),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso(REVENDA_RESUMO),
    });
    const { router } = renderizarApp(`/revenda/${ID_REVENDA}/usuarios/${U}/excluir`);
    expect(await screen.findByText('rita@autodemo.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/usuarios/listar`);
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Usuário removido com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/revenda/${ID_REVENDA}/usuarios/listar`));
  });

  it('excluir usuário: falha avisa "Falha ao remover usuário!"', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${U}`]: sucesso(usuario()),
      [`DELETE ${BASE}/${U}`]: falha(500, 'Falha ao remover usuário!'),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/usuarios/${U}/excluir`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Falha ao remover usuário!')).toBeInTheDocument();
  });
});
