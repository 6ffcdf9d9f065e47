import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listaTeste, registroTeste } from '@/features/integracoes/teste-dados';
import { falha, ID_REVENDA, renderizarApp, respostaSessao, SESSAO_GESTOR, simularApi, simularEventSource, sucesso } from '@/test/utils';

// Whole-app renders with lazy routes: generous waits when the machine is busy (the full suite runs in parallel).
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const G = '/sandbox/facebook/v20.0';
const CONFIG = {
  appId: 'app-sandbox',
  dialogUrl: '/sandbox/facebook/dialog/oauth',
  graphUrl: G,
  escopos: {
    facebook: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'],
    instagram: ['pages_show_list', 'instagram_basic', 'instagram_content_publish', 'instagram_manage_comments'],
  },
  sandbox: true,
};
const PAGINAS = {
  data: [
    { id: '100000000000001', name: 'Auto Demo Veículos', access_token: 'sbxpage.100000000000001' },
    { id: '100000000000002', name: 'Auto Demo Seminovos', access_token: 'sbxpage.100000000000002' },
  ],
};
const erroGraph = (mensagem: string) => new Response(JSON.stringify({ error: { message: mensagem, code: 100 } }), { status: 400 });

let alerta: ReturnType<typeof vi.spyOn>;
let fechar: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  alerta = vi.spyOn(window, 'alert').mockImplementation(() => {});
  fechar = vi.spyOn(window, 'close').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

type Corpo = Record<string, unknown>;

function abrirPopup(canal: 'facebook' | 'instagram', hash: string, rotas: Record<string, (init: RequestInit) => Response>) {
  simularEventSource();
  const corpos: Record<string, Corpo> = {};
  const headers: Record<string, string | undefined> = {};
  const envolver = Object.fromEntries(
    Object.entries(rotas).map(([chave, f]) => [
      chave,
      (_c: string, init: RequestInit) => {
        if (init.body) corpos[chave] = JSON.parse(String(init.body));
        headers[chave] = (init.headers as Record<string, string> | undefined)?.authorization;
        return f(init);
      },
    ]),
  );
  simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), 'GET /api/integracao/social/config': sucesso(CONFIG), ...envolver });
  const app = renderizarApp(`/integracao/configurar-${canal}#${hash}`);
  return { ...app, corpos, headers };
}

const TOKEN = `access_token=sbx.demo.abc&token_type=bearer&expires_in=5183944&state=${ID_REVENDA}`;

describe('Popup do Facebook (/integracao/configurar-facebook)', () => {
  it('configura com o token, carrega as páginas com Aguarde..., grava a página escolhida, avisa e fecha', async () => {
    const { corpos, headers, router } = abrirPopup('facebook', TOKEN, {
      'POST /api/integracao/facebook/configurar': () => sucesso({ user_id: '9', nome: 'Usuário Demo' }),
      [`GET ${G}/me/accounts`]: () => new Response(JSON.stringify(PAGINAS)),
      'POST /api/integracao/facebook/configurar-pagina': () => sucesso('ok'),
    });
    expect(await screen.findByRole('heading', { name: 'Configurar página do Facebook' })).toBeInTheDocument();
    // No menu in the popup.
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
    const select = await screen.findByLabelText('Página', { exact: false });
    expect(corpos['POST /api/integracao/facebook/configurar']).toEqual({
      id_revenda: ID_REVENDA,
      access_token: 'sbx.demo.abc',
      usuario: 'g1',
    });
    expect(headers[`GET ${G}/me/accounts`]).toBe('Bearer sbx.demo.abc');
    // The token leaves the address bar.
    expect(router.state.location.hash).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Preenchimento obrigatório')).toBeInTheDocument();
    fireEvent.change(select, { target: { value: '100000000000002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(alerta).toHaveBeenCalledWith('Facebook configurado com sucesso!'));
    expect(fechar).toHaveBeenCalled();
    expect(corpos['POST /api/integracao/facebook/configurar-pagina']).toEqual({
      id_revenda: ID_REVENDA,
      page_id: '100000000000002',
      page_name: 'Auto Demo Seminovos',
      page_access_token: 'sbxpage.100000000000002',
      usuario: 'g1',
    });
  });

  it('mostra o sucesso e fecha mesmo quando o servidor recusa a página (spec 1 §4)', async () => {
    abrirPopup('facebook', TOKEN, {
      'POST /api/integracao/facebook/configurar': () => sucesso({ user_id: '9', nome: 'x' }),
      [`GET ${G}/me/accounts`]: () => new Response(JSON.stringify(PAGINAS)),
      'POST /api/integracao/facebook/configurar-pagina': () => falha(422, 'Facebook recusou a operação.'),
    });
    fireEvent.change(await screen.findByLabelText('Página', { exact: false }), { target: { value: '100000000000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(alerta).toHaveBeenCalledWith('Facebook configurado com sucesso!'));
    expect(fechar).toHaveBeenCalled();
  });

  it('falha ao carregar as páginas: alerta e fecha a janela', async () => {
    abrirPopup('facebook', TOKEN, {
      'POST /api/integracao/facebook/configurar': () => sucesso({ user_id: '9', nome: 'x' }),
      [`GET ${G}/me/accounts`]: () => erroGraph('Invalid OAuth access token.'),
    });
    await waitFor(() => expect(alerta).toHaveBeenCalledWith('Ocorreu um erro ao carregar as páginas do Facebook. Tente novamente!'));
    expect(fechar).toHaveBeenCalled();
    expect(alerta).toHaveBeenCalledTimes(1);
  });

  it('configuração recusada pelo servidor: alerta de erro do Facebook e fecha', async () => {
    abrirPopup('facebook', TOKEN, { 'POST /api/integracao/facebook/configurar': () => falha(422, 'Facebook recusou as credenciais.') });
    await waitFor(() => expect(alerta).toHaveBeenCalledWith('Ocorreu um erro ao configurar o Facebook. Tente novamente!'));
    expect(fechar).toHaveBeenCalled();
  });

  it('autorização negada (#error=access_denied): mensagem e botão Fechar', async () => {
    abrirPopup('facebook', `error=access_denied&error_reason=user_denied&state=${ID_REVENDA}`, {});
    expect(await screen.findByText(/não foi autorizado/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(fechar).toHaveBeenCalled();
  });
});

describe('Popup do Instagram (/integracao/configurar-instagram)', () => {
  it('página com conta vinculada: mostra a conta selecionada e grava com a página e o nome da conta', async () => {
    const { corpos } = abrirPopup('instagram', TOKEN, {
      'POST /api/integracao/instagram/configurar': () => sucesso({ user_id: '9', nome: 'x' }),
      [`GET ${G}/me/accounts`]: () => new Response(JSON.stringify(PAGINAS)),
      [`GET ${G}/100000000000001?fields=instagram_business_account`]: () =>
        new Response(JSON.stringify({ id: '100000000000001', instagram_business_account: { id: '17841400000000001' } })),
      [`GET ${G}/17841400000000001?fields=id,name`]: () =>
        new Response(JSON.stringify({ id: '17841400000000001', name: 'autodemoveiculos' })),
      'POST /api/integracao/instagram/configurar-pagina': () => sucesso('ok'),
    });
    const select = await screen.findByLabelText('Página do Facebook');
    expect(screen.queryByLabelText('ID da conta do Instagram', { exact: false })).toBeNull();
    expect(screen.getByRole('button', { name: 'Gravar' })).toBeDisabled();
    fireEvent.change(select, { target: { value: '100000000000001' } });
    expect(await screen.findByText(/autodemoveiculos \(17841400000000001\)/)).toBeInTheDocument();
    expect(screen.getByTestId('conta-instagram')).toHaveTextContent('Conta Instagram selecionada: autodemoveiculos (17841400000000001)');
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(alerta).toHaveBeenCalledWith('Instagram configurado com sucesso!'));
    expect(fechar).toHaveBeenCalled();
    expect(corpos['POST /api/integracao/instagram/configurar-pagina']).toEqual({
      id_revenda: ID_REVENDA,
      page_id: '17841400000000001',
      page_name: 'autodemoveiculos',
      page_access_token: 'sbxpage.100000000000001',
      usuario: 'g1',
    });
  });

  it('página sem conta vinculada: aviso e entrada manual', async () => {
    abrirPopup('instagram', TOKEN, {
      'POST /api/integracao/instagram/configurar': () => sucesso({ user_id: '9', nome: 'x' }),
      [`GET ${G}/me/accounts`]: () => new Response(JSON.stringify({ data: [PAGINAS.data[0]] })),
      [`GET ${G}/100000000000001?fields=instagram_business_account`]: () => new Response(JSON.stringify({ id: '100000000000001' })),
    });
    fireEvent.change(await screen.findByLabelText('Página do Facebook'), { target: { value: '100000000000001' } });
    expect(
      await screen.findByText(
        'Ocorreu um erro ao obter a conta do Instagram da página selecionada. Informe o ID do Instagram manualmente!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('ID da conta do Instagram', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gravar' })).toBeDisabled();
  });

  it('sem páginas: ID manual; um ID errado mostra a mensagem, um certo libera Gravar (page_id = conta)', async () => {
    const { corpos } = abrirPopup('instagram', TOKEN.replace('sbx.demo', 'sbx.sempaginas'), {
      'POST /api/integracao/instagram/configurar': () => sucesso({ user_id: '9', nome: 'x' }),
      [`GET ${G}/me/accounts`]: () => new Response(JSON.stringify({ data: [] })),
      [`GET ${G}/123?fields=id,name`]: () => erroGraph('Unsupported get request.'),
      [`GET ${G}/17841400000000002?fields=id,name`]: () =>
        new Response(JSON.stringify({ id: '17841400000000002', name: 'autodemoseminovos' })),
      'POST /api/integracao/instagram/configurar-pagina': () => sucesso('ok'),
    });
    const campo = await screen.findByLabelText('ID da conta do Instagram', { exact: false });
    expect(screen.queryByLabelText('Página do Facebook')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Preenchimento obrigatório')).toBeInTheDocument();
    fireEvent.change(campo, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Conta do Instagram não encontrada ou acesso não permitido, utilize um ID válido.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gravar' })).toBeDisabled();
    fireEvent.change(campo, { target: { value: '17841400000000002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(/autodemoseminovos \(17841400000000002\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gravar' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    await waitFor(() => expect(alerta).toHaveBeenCalledWith('Instagram configurado com sucesso!'));
    expect(corpos['POST /api/integracao/instagram/configurar-pagina']).toEqual({
      id_revenda: ID_REVENDA,
      page_id: '17841400000000002',
      page_name: 'autodemoseminovos',
      page_access_token: 'sbx.sempaginas.abc',
      usuario: 'g1',
    });
  });

  it('falha ao carregar as páginas: mensagem do spec e entrada manual', async () => {
    abrirPopup('instagram', TOKEN, {
      'POST /api/integracao/instagram/configurar': () => sucesso({ user_id: '9', nome: 'x' }),
      [`GET ${G}/me/accounts`]: () => erroGraph('boom'),
    });
    expect(
      await screen.findByText('Ocorreu um erro ao carregar as páginas do Instagram! Informe o ID do Instagram manualmente!'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('ID da conta do Instagram', { exact: false })).toBeInTheDocument();
  });
});

describe('Tela Configurar Facebook (/revenda/:id/configurar-facebook)', () => {
  const abrirTela = (registro: ReturnType<typeof registroTeste>, disallow?: () => Response) => {
    simularEventSource();
    const mock = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      'GET /api/integracao/social/config': sucesso(CONFIG),
      [`GET /api/revendas/${ID_REVENDA}/integracoes/facebook`]: sucesso(registro),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste()),
      'POST /api/integracao/facebook/disallow': () => disallow?.() ?? sucesso('Acesso cancelado.'),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/configurar-facebook`);
    return mock;
  };

  it('não configurado: Autorizar acesso abre o diálogo 430x580 com client_id, redirect_uri, escopos e state', async () => {
    const abrir = vi.spyOn(window, 'open').mockImplementation(() => null);
    abrirTela(registroTeste('facebook'));
    expect(await screen.findByTestId('status-integracao')).toHaveAttribute('data-status', 'naoConfigurado');
    expect(screen.getByTestId('status-integracao')).toHaveTextContent('Não configurado');
    const botao = await screen.findByRole('button', { name: 'Autorizar acesso' });
    await waitFor(() => expect(botao).toBeEnabled());
    fireEvent.click(botao);
    expect(abrir).toHaveBeenCalledTimes(1);
    const [url, nome, recursos] = abrir.mock.calls[0] ?? [];
    expect(nome).toBe('integracao');
    expect(recursos).toBe('width=430,height=580');
    const u = new URL(String(url), window.location.origin);
    expect(u.pathname).toBe('/sandbox/facebook/dialog/oauth');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      client_id: 'app-sandbox',
      redirect_uri: `${window.location.origin}/integracao/configurar-facebook`,
      response_type: 'token',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_posts',
      state: ID_REVENDA,
    });
  });

  it('janela de autorização bloqueada pelo navegador: a tela avisa em vez de não fazer nada', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    abrirTela(registroTeste('facebook'));
    const botao = await screen.findByRole('button', { name: 'Autorizar acesso' });
    await waitFor(() => expect(botao).toBeEnabled());
    expect(screen.queryByTestId('janela-bloqueada')).not.toBeInTheDocument();
    fireEvent.click(botao);
    expect(await screen.findByTestId('janela-bloqueada')).toHaveTextContent(
      'O navegador bloqueou a janela de autorização do Facebook. Permita janelas pop-up para este site',
    );
  });

  it('ativo: mostra a página; Cancelar acesso pede confirmação e avisa quando o servidor não devolve nada', async () => {
    const confirmar = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const mock = abrirTela(
      registroTeste('facebook', { status: true, dados: { page_id: '100000000000001', page_name: 'Auto Demo Veículos' } }),
      () => sucesso(''),
    );
    expect(await screen.findByTestId('nome-pagina')).toHaveTextContent('Auto Demo Veículos');
    expect(screen.getByTestId('id-pagina')).toHaveTextContent('100000000000001');
    expect(screen.getByTestId('status-integracao')).toHaveAttribute('data-status', 'ativo');
    expect(screen.getByTestId('status-integracao')).toHaveTextContent('Ativo');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar acesso' }));
    expect(confirmar).toHaveBeenCalledWith('Confirma o cancelamento do acesso ao Facebook?');
    expect(mock.mock.calls.some(([u]) => String(u).endsWith('/disallow'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar acesso' }));
    await waitFor(() =>
      expect(alerta).toHaveBeenCalledWith('Ocorreu algum problema ao efetuar o cancelamento da integração com o facebook.'),
    );
    const chamada = mock.mock.calls.find(([u]) => String(u).endsWith('/disallow'));
    expect(JSON.parse(String(chamada?.[1]?.body))).toEqual({ id_revenda: ID_REVENDA, usuario: 'g1' });
  });

  it('cancelamento que o Facebook não confirmou: a orientação devolvida pelo servidor aparece na tela', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const texto =
      'Acesso desativado no painel, mas o Facebook não confirmou o cancelamento (token inválido). Remova o aplicativo Intermédio nas configurações do Facebook.';
    abrirTela(registroTeste('facebook', { status: true, dados: { page_id: '100000000000001', page_name: 'Auto Demo Veículos' } }), () =>
      sucesso(texto),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar acesso' }));
    expect(await screen.findByTestId('resposta-cancelamento')).toHaveTextContent(texto);
    expect(alerta).not.toHaveBeenCalled();
  });
});
