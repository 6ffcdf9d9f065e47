import type { CanalId } from '@intermedio/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  EventSourceFalso,
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

// Whole-app renders with lazy routes: generous waits when the machine is busy (the full suite runs in parallel).
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const LISTA = `GET /api/revendas/${ID_REVENDA}/integracoes`;
const ENDERECO = `/revenda/${ID_REVENDA}/integracao`;

const linha = (canal: CanalId) => {
  const tr = document.querySelector<HTMLElement>(`tr[data-canal="${canal}"]`);
  if (!tr) throw new Error(`linha ${canal} ausente`);
  return within(tr);
};

const dados = () =>
  listaTeste({
    webmotors: {
      status: true,
      dados: { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test' },
      segredos_salvos: ['senha_webmotors'],
    },
    autoline: { status: false, dados: { email_autoline: 'loja@autodemo.test' }, segredos_salvos: ['senha_autoline'] },
    facebook: { status: true, dados: { page_id: '101', page_name: 'Loja Demo' } },
  });

describe('Integrações da revenda (/revenda/:idRevenda/integracao)', () => {
  it('admin: dez canais em ordem, ícones com nome acessível, todos os links, coluna Ações e Voltar para a lista de revendas', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), [LISTA]: sucesso(dados()) });
    renderizarApp(ENDERECO);
    const tabela = await screen.findByTestId('tabela-integracoes');
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Integração', 'Status', 'Configurar', 'Ações']);
    const nomes = within(tabela)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(nomes).toEqual([
      'Autoline',
      'Autoscar',
      'Facebook',
      'iCarros',
      'Instagram',
      'Mercado Livre',
      'Mobiauto',
      'Na Pista',
      'Olx',
      'Webmotors',
    ]);

    expect(linha('webmotors').getByRole('img', { name: 'Ativo' })).toBeInTheDocument();
    expect(linha('autoline').getByRole('img', { name: 'Inativo' })).toBeInTheDocument();
    expect(linha('olx').getByRole('img', { name: 'Não configurado' })).toBeInTheDocument();

    for (const [canal, nome] of [
      ['autoscar', 'Autoscar'],
      ['mercadolivre', 'Mercado Livre'],
      ['olx', 'Olx'],
      ['meucarronovo', 'Na Pista'],
    ] as const)
      expect(linha(canal).getByRole('link', { name: `Configurar ${nome}` })).toHaveAttribute(
        'href',
        `/revenda/${ID_REVENDA}/configurar-${canal}`,
      );

    expect(linha('webmotors').getByRole('button', { name: 'Desativar Webmotors' })).toBeInTheDocument();
    expect(linha('autoline').getByRole('button', { name: 'Ativar Autoline' })).toBeInTheDocument();
    // Not configured: nothing to toggle; social channels are activated only through their authorisation.
    expect(linha('olx').queryByRole('button')).toBeNull();
    expect(linha('facebook').getByRole('button', { name: 'Desativar Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/revenda/listar');
  });

  it('admin num telefone (390 px): Configurar e Ações dividem uma coluna, para nada ficar cortado', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => ({ ...original(q), matches: q === '(max-width: 36em)' })) as typeof window.matchMedia;
    try {
      simularEventSource();
      simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), [LISTA]: sucesso(dados()) });
      renderizarApp(ENDERECO);
      const tabela = await screen.findByTestId('tabela-integracoes');
      expect(
        within(tabela)
          .getAllByRole('columnheader')
          .map((c) => c.textContent),
      ).toEqual(['Integração', 'Status', 'Configurar']);
      const celula = linha('webmotors').getByRole('link', { name: 'Configurar Webmotors' }).closest('td') as HTMLElement;
      expect(within(celula).getByRole('button', { name: 'Desativar Webmotors' })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('gestor: sem Ações e sem os links de Autoscar, Mercado Livre e Olx; Voltar para o painel', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [LISTA]: sucesso(dados()) });
    renderizarApp(ENDERECO);
    const tabela = await screen.findByTestId('tabela-integracoes');
    expect(within(tabela).queryByRole('columnheader', { name: 'Ações' })).toBeNull();
    for (const canal of ['autoscar', 'mercadolivre', 'olx'] as const) expect(linha(canal).queryByRole('link')).toBeNull();
    for (const canal of ['autoline', 'facebook', 'icarros', 'instagram', 'mobiauto', 'meucarronovo', 'webmotors'] as const)
      expect(linha(canal).getByRole('link', { name: /^Configurar/ })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/configurar-${canal}`);
    expect(screen.queryByRole('button', { name: /^(Ativar|Desativar)/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/painel/dashboard');
  });

  it('atualiza ao vivo quando o registro de integração muda', async () => {
    simularEventSource();
    let lista = dados();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [LISTA]: () => sucesso(lista) });
    renderizarApp(ENDERECO);
    await screen.findByTestId('tabela-integracoes');
    expect(linha('icarros').getByRole('img', { name: 'Não configurado' })).toBeInTheDocument();
    lista = lista.map((r) => (r.canal === 'icarros' ? registroTeste('icarros', { status: true }) : r));
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'revenda_integracoes', revenda: ID_REVENDA, id: 'icarros', op: 'INSERT' }));
    await waitFor(() => expect(linha('icarros').getByRole('img', { name: 'Ativo' })).toBeInTheDocument());
  });

  it('Ações: Desativar grava o registro com status false e os mesmos campos; Ativar refaz a configuração do canal', async () => {
    simularEventSource();
    const corpos: Record<string, unknown>[] = [];
    const guardar = (init: RequestInit) => corpos.push(JSON.parse(String(init.body)));
    const mock = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [LISTA]: () => sucesso(dados()),
      [`PUT /api/revendas/${ID_REVENDA}/integracoes/webmotors`]: (_c, init) => {
        guardar(init);
        return sucesso(registroTeste('webmotors', { status: false }));
      },
      [`PUT /api/revendas/${ID_REVENDA}/integracoes/autoline`]: (_c, init) => {
        guardar(init);
        return sucesso(registroTeste('autoline', { status: true }));
      },
      'POST /api/integracao/autoline/configurar': (_c, init) => {
        guardar(init);
        return sucesso('ok');
      },
    });
    renderizarApp(ENDERECO);
    await screen.findByTestId('tabela-integracoes');
    fireEvent.click(linha('webmotors').getByRole('button', { name: 'Desativar Webmotors' }));
    await waitFor(() => expect(corpos).toHaveLength(1));
    expect(corpos[0]).toEqual({ status: false, cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test', senha_webmotors: '' });

    fireEvent.click(linha('autoline').getByRole('button', { name: 'Ativar Autoline' }));
    await waitFor(() => expect(corpos).toHaveLength(3));
    expect(corpos[1]).toEqual({ status: true, email_autoline: 'loja@autodemo.test', senha_autoline: '' });
    expect(corpos[2]).toEqual({ id_revenda: ID_REVENDA, email_autoline: 'loja@autodemo.test', senha_autoline: '', usuario: 'a1' });
    const metodos = mock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`).filter((c) => !c.startsWith('GET'));
    expect(metodos).toEqual([
      `PUT /api/revendas/${ID_REVENDA}/integracoes/webmotors`,
      `PUT /api/revendas/${ID_REVENDA}/integracoes/autoline`,
      'POST /api/integracao/autoline/configurar',
    ]);
    const csrf = mock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.headers as Record<string, string>;
    expect(csrf['x-csrf-token']).toBe('csrf-admin');
  });

  it('Facebook / Instagram autorizados sem página ou conta: não "Ativo", e a lista e a tela dizem o que falta (issue 23 item 9)', async () => {
    simularEventSource();
    const faltaPagina = 'Autorizado: escolha a página do Facebook para ativar.';
    const faltaConta = 'Autorizado: escolha a conta do Instagram para ativar.';
    const lista = listaTeste({
      facebook: { status: false, pendencia: faltaPagina, dados: { user_id: '900', user_name: 'Ana' } },
      instagram: { status: false, pendencia: faltaConta },
      webmotors: { status: false },
    });
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [LISTA]: sucesso(lista),
      [`${LISTA}/facebook`]: sucesso(lista.find((i) => i.canal === 'facebook')),
      'GET /api/integracao/social/config': sucesso({
        appId: '1',
        dialogUrl: '/sandbox/facebook/dialog/oauth',
        graphUrl: '/sandbox/facebook/v20.0',
        escopos: { facebook: ['pages_show_list'], instagram: ['instagram_basic'] },
        sandbox: true,
      }),
    });
    const { router } = renderizarApp(ENDERECO);
    await screen.findByTestId('tabela-integracoes');
    expect(linha('facebook').getByTestId('pendencia-integracao').textContent).toBe(faltaPagina);
    expect(linha('facebook').getByTestId('status-integracao').getAttribute('data-status')).toBe('pendente');
    expect(linha('facebook').getByRole('img', { name: faltaPagina })).toBeTruthy();
    expect(linha('instagram').getByTestId('pendencia-integracao').textContent).toBe(faltaConta);
    expect(linha('facebook').queryByRole('img', { name: 'Ativo' })).toBeNull();
    // Inactive for another reason: plain "Inativo", nothing pending.
    expect(linha('webmotors').queryByTestId('pendencia-integracao')).toBeNull();
    expect(linha('webmotors').getByRole('img', { name: 'Inativo' })).toBeTruthy();

    await act(() => router.navigate(`/revenda/${ID_REVENDA}/configurar-facebook`));
    const status = await screen.findByTestId('status-integracao');
    expect(status.textContent).toBe(faltaPagina);
    expect(status.getAttribute('data-status')).toBe('pendente');
    expect(screen.getByRole('button', { name: 'Autorizar acesso' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar acesso' })).toBeNull();
  });

  it('mostra quando cada canal foi verificado e o último erro (por que está inativo)', async () => {
    simularEventSource();
    const lista = listaTeste({
      mercadolivre: {
        status: false,
        verificado_em: '2026-11-23T14:05:00.000Z',
        ultimo_erro: 'Mercado Livre recusou a renovação do acesso (Invalid refresh token). Configure a integração de novo.',
      },
      webmotors: { status: true, verificado_em: '2026-11-23T13:00:00.000Z' },
    });
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [LISTA]: sucesso(lista) });
    renderizarApp(ENDERECO);
    await screen.findByTestId('tabela-integracoes');
    expect(linha('mercadolivre').getByTestId('ultimo-erro').textContent).toBe(
      'Último erro: Mercado Livre recusou a renovação do acesso (Invalid refresh token). Configure a integração de novo.',
    );
    expect(linha('mercadolivre').getByText(/^Verificado em 23\/11\/2026 \d\d:05$/)).toBeTruthy();
    expect(linha('webmotors').queryByTestId('ultimo-erro')).toBeNull();
    expect(linha('webmotors').getByText(/^Verificado em 23\/11\/2026/)).toBeTruthy();
    expect(linha('olx').queryByTestId('verificacao-integracao')).toBeNull();
  });
});
