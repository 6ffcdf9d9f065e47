import type { RevendaLinha } from '@intermedio/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  comAltura,
  EventSourceFalso,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_ADMIN,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';

// These screens are large: under a loaded machine jsdom needs more than the default 1 s to settle.
configure({ asyncUtilTimeout: 5000 });

const linha = (i: number, extra: Partial<RevendaLinha> = {}): RevendaLinha => ({
  id: i === 0 ? ID_REVENDA : `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  pestatus: 'green',
  logotipo: '/arquivos/logo.png',
  penome_fantasia: `Loja ${i}`,
  pevalormensalidade: '1490.00',
  pedatavencimento: 10,
  peobsadm: 'Cliente antigo',
  pecpf_cnpj: '12345678000195',
  perazao_social_nome: `Responsável ${i}`,
  pecidade: 'São Paulo',
  peuf: 'SP',
  created_at: '2026-03-05T15:00:00.000Z',
  petelefone1: '(11) 98765-4321',
  peemail: `loja${i}@teste.test`,
  pehomepage: 'autodemo.test',
  plano: 'concessionaria',
  ativo: 1,
  dias_ativo: 1234,
  usuarios_bloqueados: 0,
  usuarios_total: 3,
  ...extra,
});

// jsdom has no layout: the virtualised table needs a height to show rows.
comAltura(600);

describe('Lista de revendas (/revenda/listar)', { timeout: 60_000 }, () => {
  it('mostra a contagem no título e as colunas formatadas, sem paginação, com 5.000 linhas', async () => {
    simularEventSource();
    const linhas = Array.from({ length: 5000 }, (_, i) => linha(i));
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), 'GET /api/revendas?plano=pagos': sucesso(linhas) });
    renderizarApp('/revenda/listar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revendas (5.000)' }, { timeout: 5000 })).toBeInTheDocument();
    const tabela = screen.getByRole('table', { name: 'Revendas' });
    expect(tabela).toHaveAttribute('aria-rowcount', '5001');
    for (const c of [
      'Logo',
      'Manutenção',
      'Loja',
      'Mensalidade',
      'Vencimento',
      'Obs. adm',
      'CNPJ',
      'Responsável',
      'Cidade-UF',
      'Cadastro',
      'Dias ativo',
      'Telefone',
      'E-mail',
      'Site',
    ])
      expect(within(tabela).getByRole('columnheader', { name: c })).toBeInTheDocument();
    const primeira = within(tabela).getByText('Loja 0').closest('tr') as HTMLElement;
    expect(within(primeira).getByText('R$ 1.490,00')).toBeInTheDocument();
    expect(within(primeira).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(primeira).getByText('São Paulo-SP')).toBeInTheDocument();
    expect(within(primeira).getByText('1.234')).toBeInTheDocument();
    expect(within(primeira).getByRole('img', { name: 'Status: Verde' })).toBeInTheDocument();
    expect(within(primeira).getByRole('img', { name: 'Logotipo de Loja 0' })).toHaveAttribute('src', '/arquivos/logo.png');
    expect(within(primeira).getByRole('link', { name: 'autodemo.test' })).toHaveAttribute('href', 'https://autodemo.test');
    // Virtualised: only a window of rows is in the DOM.
    expect(within(tabela).getAllByRole('row').length).toBeLessThan(40);
    expect(screen.getByRole('link', { name: /Nova revenda/ })).toHaveAttribute('href', '/revenda/incluir');
  });

  it('o menu Manutenção leva às telas da revenda e aos links externos', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN), 'GET /api/revendas?plano=pagos': sucesso([linha(0)]) });
    renderizarApp('/revenda/listar');
    fireEvent.click(await screen.findByRole('button', { name: 'Manutenção: Loja 0' }));
    const menu = await screen.findByRole('menu');
    // The dropdown is shown (not hidden as "detached" in a layout-less test) and its focus trap moves focus into it.
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    expect(menu).toBeVisible();
    const r = `/revenda/${ID_REVENDA}`;
    const esperados: [string, string][] = [
      ['Usuários', `${r}/usuarios/listar`],
      ['Veículos', `${r}/veiculos/listar`],
      ['Banners', `${r}/banners/listar`],
      ['Vendidos', `${r}/vendidos/listar`],
      ['Integrações', `${r}/integracao`],
      ['Imagens destaque', `${r}/imagem-destaque/listar`],
      ['Banner site', `${r}/banner-site/listar`],
      ['Histórico', `${r}/veiculos/historico`],
      ['Notificações', `${r}/notificacoes/listar`],
      ['Alterar', `${r}/alterar`],
      ['Excluir', `${r}/excluir`],
      ['Site', 'https://autodemo.test'],
    ];
    for (const [nome, href] of esperados) expect(within(menu).getByRole('menuitem', { name: nome })).toHaveAttribute('href', href);
    expect(within(menu).getByRole('menuitem', { name: 'Solicitações' }).getAttribute('href')).toContain(`id_revenda=${ID_REVENDA}`);
    expect(within(menu).getByRole('menuitem', { name: 'Loc. anúncio' })).toHaveAttribute(
      'href',
      `https://ext.test/loc?u=a1&id_revenda=${ID_REVENDA}`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'Atualizar dados' })).toHaveAttribute(
      'href',
      `https://ext.test/dados?u=a1&id_revenda=${ID_REVENDA}`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'Bloquear acesso dos usuários' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Liberar acesso dos usuários' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Bloquear site' })).toBeInTheDocument();
  });

  it('bloqueia o acesso dos usuários após confirmar e atualiza a lista', async () => {
    simularEventSource();
    let bloqueados = 0;
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/revendas?plano=pagos': () => sucesso([linha(0, { usuarios_bloqueados: bloqueados })]),
      [`GET /api/revendas/lista/${ID_REVENDA}?plano=pagos`]: () => sucesso(linha(0, { usuarios_bloqueados: bloqueados })),
      [`POST /api/revendas/${ID_REVENDA}/usuarios/ativo`]: () => {
        bloqueados = 3;
        return sucesso({ usuarios: 3 });
      },
    });
    renderizarApp('/revenda/listar');
    fireEvent.click(await screen.findByRole('button', { name: 'Manutenção: Loja 0' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Bloquear acesso dos usuários' }));
    const dialogo = await screen.findByRole('dialog');
    expect(dialogo).toHaveTextContent('Bloquear o acesso ao app de todos os usuários da revenda Loja 0?');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Acesso dos usuários bloqueado.')).toBeInTheDocument();
    const init = api.mock.calls.find(([url, i]) => String(url).endsWith('/usuarios/ativo') && i?.method === 'POST')?.[1] ?? {};
    expect(JSON.parse(String(init.body))).toEqual({ ativo: 0 });
    expect(new Headers(init.headers).get('x-csrf-token')).toBe('csrf-admin');
    expect(await screen.findByText('Usuários bloqueados')).toBeInTheDocument();
  });

  it('atualiza ao vivo só as linhas que mudaram, sem baixar a lista de novo', async () => {
    simularEventSource();
    const nova = linha(1, { penome_fantasia: 'Ágil Motors' });
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/revendas?plano=pagos': () => sucesso([linha(0, { penome_fantasia: 'Beta Carros' }), linha(2, { penome_fantasia: 'Zeta' })]),
      [`GET /api/revendas/lista/${nova.id}?plano=pagos`]: () => sucesso(nova),
      [`GET /api/revendas/lista/${linha(2).id}?plano=pagos`]: () => sucesso(linha(2, { penome_fantasia: 'Zeta', plano: 'basico' }), 404),
    });
    renderizarApp('/revenda/listar');
    expect(await screen.findByRole('heading', { name: 'Revendas (2)' })).toBeInTheDocument();
    act(() => {
      const fonte = EventSourceFalso.ultima();
      // A burst: the new reseller twice, and a reseller that moved to the basic plan (404 here: it left this list).
      fonte?.emitir({ tabela: 'revendas', revenda: nova.id, id: nova.id, op: 'INSERT' }, '7');
      fonte?.emitir({ tabela: 'usuarios', revenda: nova.id, id: 'u9', op: 'INSERT' }, '8');
      fonte?.emitir({ tabela: 'revendas', revenda: linha(2).id, id: linha(2).id, op: 'UPDATE' }, '9');
    });
    expect(await screen.findByRole('heading', { name: 'Revendas (2)' })).toBeInTheDocument();
    expect(await screen.findByText('Ágil Motors')).toBeInTheDocument();
    expect(screen.queryByText('Zeta')).not.toBeInTheDocument();
    // "Ágil" sorts with A, before Beta.
    const nomes = screen.getAllByText(/Ágil Motors|Beta Carros/).map((n) => n.textContent);
    expect(nomes).toEqual(['Ágil Motors', 'Beta Carros']);
    const urls = api.mock.calls.map(([url]) => String(url));
    expect(urls.filter((u) => u === '/api/revendas?plano=pagos')).toHaveLength(1);
    expect(urls.filter((u) => u === `/api/revendas/lista/${nova.id}?plano=pagos`)).toHaveLength(1);
  });
});

describe('Lista do plano básico (/revenda-free/listar)', () => {
  it('não tem a coluna de logotipo nem Banners e Vendidos no menu', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/revendas?plano=basico': sucesso([linha(0, { penome_fantasia: 'Motos Básico', plano: 'basico' })]),
    });
    renderizarApp('/revenda-free/listar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revendas - Plano Básico (1)' })).toBeInTheDocument();
    const tabela = screen.getByRole('table', { name: 'Revendas - Plano Básico' });
    expect(within(tabela).queryByRole('columnheader', { name: 'Logo' })).not.toBeInTheDocument();
    expect(within(tabela).queryByRole('img', { name: /Logotipo/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Manutenção: Motos Básico' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByRole('menuitem', { name: 'Usuários' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Banners' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Vendidos' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Alterar' })).toBeInTheDocument();
  });
});
