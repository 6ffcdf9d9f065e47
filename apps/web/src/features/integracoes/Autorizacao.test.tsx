import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  falha,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_ADMIN,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';
import { listaTeste, registroTeste } from './teste-dados';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const CONSENTIMENTO = 'http://127.0.0.1/sandbox/mercadolivre/auth/authorization?response_type=code&state=abc';

describe('"Autorizar na Olx" / "no Mercado Livre" (issue 11)', () => {
  it('Mercado Livre: o botão pede a página de consentimento ao servidor e vai para ela; o código digitado continua', async () => {
    simularEventSource();
    const ir = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: ir });
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/integracoes/mercadolivre`]: sucesso(registroTeste('mercadolivre')),
      [`GET /api/revendas/${ID_REVENDA}/integracoes/mercadolivre/autorizacao`]: sucesso({
        url: CONSENTIMENTO,
        redirect_uri: 'http://127.0.0.1/integracao/mercadolivre/retorno',
      }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/configurar-mercadolivre`);
    fireEvent.click(await screen.findByRole('button', { name: 'Autorizar no Mercado Livre' }));
    expect(screen.getByText(/Abre a página de autorização do Mercado Livre e volta configurado/)).toBeTruthy();
    await waitFor(() => expect(ir).toHaveBeenCalledWith(CONSENTIMENTO));
    expect(screen.getByLabelText('Código Mercado Livre', { exact: false })).toBeTruthy();
  });

  it('Olx: uma recusa ao pedir a autorização aparece na tela', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [`GET /api/revendas/${ID_REVENDA}/integracoes/olx`]: sucesso(registroTeste('olx')),
      [`GET /api/revendas/${ID_REVENDA}/integracoes/olx/autorizacao`]: falha(404, 'Erro ao obter revenda.'),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/configurar-olx`);
    fireEvent.click(await screen.findByRole('button', { name: 'Autorizar na Olx' }));
    expect(screen.getByText(/Abre a página de autorização da Olx e volta configurado/)).toBeTruthy();
    expect((await screen.findByTestId('erro-autorizar')).textContent).toBe('Erro ao obter revenda.');
  });

  it('o retorno envia code e state ao servidor e abre a lista de integrações da revenda', async () => {
    simularEventSource();
    const corpos: unknown[] = [];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      'POST /api/integracao/mercadolivre/retorno': (_c, init) => {
        corpos.push(JSON.parse(String(init.body)));
        return sucesso({ id_revenda: ID_REVENDA, mensagem: 'Conta do Mercado Livre conectada.' });
      },
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste({ mercadolivre: { status: true } })),
    });
    const { router } = renderizarApp('/integracao/mercadolivre/retorno?code=TG-1&state=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/revenda/${ID_REVENDA}/integracao`));
    expect(corpos).toEqual([{ code: 'TG-1', state: 'abc' }]);
    expect(await screen.findByText('Integração configurada com sucesso! Conta do Mercado Livre conectada.')).toBeTruthy();
  });

  it('o retorno recusado (state de outra sessão) mostra a mensagem do servidor', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      'POST /api/integracao/olx/retorno': falha(403, 'A autorização não pertence a esta sessão ou expirou. Clique em Autorizar novamente.'),
    });
    const { router } = renderizarApp('/integracao/olx/retorno?code=x&state=y');
    expect((await screen.findByTestId('erro-retorno')).textContent).toBe(
      'A autorização não pertence a esta sessão ou expirou. Clique em Autorizar novamente.',
    );
    expect(router.state.location.search).toBe('');
  });
});
