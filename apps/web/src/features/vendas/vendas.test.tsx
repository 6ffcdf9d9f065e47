import type { VeiculoLinha, VendaVeiculo } from '@intermedio/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  comAltura,
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
import { veiculoDetalhe as detalhe, ID_VEICULO as V } from '@/test/veiculo';
import { formatarDuracao } from './PaineisVendas';

configure({ asyncUtilTimeout: 5000 });

// The virtualised list renders the rows that fit its height (jsdom measures 0).
comAltura(800);

const BASE = `/api/revendas/${ID_REVENDA}/veiculos`;
const LINHA: VeiculoLinha = {
  id: V,
  vetipoveiculo: 'carro',
  vefipe_marca: 'GM - Chevrolet',
  vefipe_name: 'Onix LT 1.0 Turbo',
  veano_fabricacao: 2021,
  vefipe_ano_modelo: 2022,
  vevalor: '75990.00',
  veiplaca: 'ABC1D23',
  vecor: 'Prata',
  vecodigo_interno: null,
  vevendido: 0,
  vealterado: 0,
  created_at: '2026-01-01T12:00:00.000Z',
  updated_at: '2026-03-05T17:07:00.000Z',
  dias_estoque: 12,
  vs_fipe: null,
  miniatura: null,
  anuncios: [],
};
const venda = (extra: Partial<VendaVeiculo> = {}): VendaVeiculo => ({
  vendido_em: '2026-03-06T13:00:00.000Z',
  pode_desfazer: true,
  publicar_vendido: false,
  vendido_id: null,
  vendido_erro: null,
  remocoes: [
    {
      canal: 'instagram',
      descricao: 'Instagram',
      estado: 'removido',
      manual: true,
      ultimo_erro: 'Instagram não permite excluir a publicação pela integração: remova-a também no aplicativo.',
      tentativas: 1,
      removido_em: '2026-03-06T13:00:05.000Z',
    },
    {
      canal: 'webmotors',
      descricao: 'Webmotors',
      estado: 'falhou',
      manual: false,
      ultimo_erro: 'A integração com Webmotors não está ativa para esta revenda. Configure-a em Integrações.',
      tentativas: 1,
      removido_em: null,
    },
  ],
  ...extra,
});

describe('Marcar como vendido', () => {
  it('na lista: a confirmação lista os canais publicados e envia "Publicar vendido"', async () => {
    simularEventSource();
    const corpos: unknown[] = [];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([LINHA]),
      [`GET ${BASE}/${V}`]: sucesso(detalhe()),
      [`GET ${BASE}/lista/${V}`]: sucesso({ ...LINHA, vevendido: 1 }),
      [`POST ${BASE}/${V}/vender`]: (_c, init) => {
        corpos.push(JSON.parse(String(init.body)));
        return sucesso({ mensagem: 'Veículo marcado como vendido. Os anúncios estão sendo retirados dos canais.', venda: venda() });
      },
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    await screen.findByRole('heading', { level: 1, name: 'Veículos (1)' });
    // The row's ⋯ menu (issue 25 item 4).
    fireEvent.click(await screen.findByRole('button', { name: 'Ações do veículo GM - Chevrolet Onix LT 1.0 Turbo' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Marcar como vendido' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar como vendido: GM - Chevrolet Onix LT 1.0 Turbo' });
    expect(within(dialogo).getByText('Confirma que este veículo foi vendido?')).toBeInTheDocument();
    const canais = await within(dialogo).findByRole('list', { name: 'Os anúncios serão retirados destes canais:' });
    expect(
      within(canais)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Webmotors']);
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: /Publicar vendido/ }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Marcar como vendido' }));
    expect(await screen.findByText('Veículo marcado como vendido. Os anúncios estão sendo retirados dos canais.')).toBeInTheDocument();
    expect(corpos).toEqual([{ publicar_vendido: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Vendido')).toBeInTheDocument();
  });

  it('o aviso da venda oferece "Desfazer venda", que desfaz ali mesmo', async () => {
    simularEventSource();
    const chamadas: string[] = [];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([LINHA]),
      [`GET ${BASE}/${V}`]: sucesso(detalhe()),
      [`GET ${BASE}/lista/${V}`]: sucesso(LINHA),
      [`POST ${BASE}/${V}/vender`]: () => sucesso({ mensagem: 'Venda registrada.', venda: venda({ remocoes: [] }) }),
      [`POST ${BASE}/${V}/desfazer-venda`]: (c) => {
        chamadas.push(c);
        return sucesso({
          mensagem:
            'Venda desfeita. Os anúncios retirados não são publicados de novo automaticamente: publique o veículo outra vez em cada canal, se quiser.',
        });
      },
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    // The row's ⋯ menu (issue 25 item 4).
    fireEvent.click(await screen.findByRole('button', { name: 'Ações do veículo GM - Chevrolet Onix LT 1.0 Turbo' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Marcar como vendido' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar como vendido: GM - Chevrolet Onix LT 1.0 Turbo' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Marcar como vendido' }));
    expect(await screen.findByText('Venda registrada.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer venda: GM - Chevrolet Onix LT 1.0 Turbo' }));
    expect(await screen.findByText(/^Venda desfeita\./)).toBeInTheDocument();
    expect(chamadas).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Venda registrada.')).not.toBeInTheDocument());
  });

  it('na visualização: progresso por canal, "Tentar de novo" e "Desfazer venda" que avisa que não republica', async () => {
    simularEventSource();
    let atual = detalhe({ vevendido: 1, venda: venda() });
    const chamadas: string[] = [];
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: () => sucesso(atual),
      [`POST ${BASE}/${V}/remocoes/webmotors/tentar`]: (c) => {
        chamadas.push(c);
        return sucesso({ mensagem: 'A retirada do anúncio será tentada de novo.', venda: venda() });
      },
      [`POST ${BASE}/${V}/desfazer-venda`]: (c) => {
        chamadas.push(c);
        return sucesso({
          mensagem:
            'Venda desfeita. Os anúncios retirados não são publicados de novo automaticamente: publique o veículo outra vez em cada canal, se quiser.',
        });
      },
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    const tabela = await screen.findByRole('table', { name: 'Retirada dos anúncios' });
    const ig = within(tabela).getByText('Instagram').closest('tr') as HTMLElement;
    expect(within(ig).getByText('Removido')).toBeInTheDocument();
    expect(
      within(ig).getByText('Instagram não permite excluir a publicação pela integração: remova-a também no aplicativo.'),
    ).toBeInTheDocument();
    const wm = within(tabela).getByText('Webmotors').closest('tr') as HTMLElement;
    expect(within(wm).getByText('Falhou')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como vendido' })).not.toBeInTheDocument();

    fireEvent.click(within(wm).getByRole('button', { name: 'Tentar de novo: Webmotors' }));
    expect(await screen.findByText('A retirada do anúncio será tentada de novo.')).toBeInTheDocument();

    // A live removal event: the view reads the vehicle again and shows the new state.
    atual = detalhe({
      vevendido: 1,
      venda: venda({ remocoes: venda().remocoes.map((r) => ({ ...r, estado: 'removido', ultimo_erro: r.manual ? r.ultimo_erro : null })) }),
    });
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'veiculo_remocoes', revenda: ID_REVENDA, id: 'x', op: 'UPDATE' }));
    await waitFor(() => expect(within(wm).queryByText('Falhou')).not.toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: 'Retirada dos anúncios' })).getAllByText('Removido')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Desfazer venda' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Desfazer venda' });
    expect(
      within(dialogo).getByText('Desfazer a venda deste veículo? Os anúncios já retirados não serão publicados de novo automaticamente.'),
    ).toBeInTheDocument();
    atual = detalhe();
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Desfazer venda' }));
    expect(
      await screen.findByText(
        'Venda desfeita. Os anúncios retirados não são publicados de novo automaticamente: publique o veículo outra vez em cada canal, se quiser.',
      ),
    ).toBeInTheDocument();
    expect(chamadas).toEqual([`${BASE}/${V}/remocoes/webmotors/tentar`, `${BASE}/${V}/desfazer-venda`]);
    expect(await screen.findByRole('button', { name: 'Marcar como vendido' })).toBeInTheDocument();
  });

  it('fora do dia da venda não oferece Desfazer', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      [`GET ${BASE}/${V}`]: sucesso(detalhe({ vevendido: 1, venda: venda({ pode_desfazer: false }) })),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    expect(await screen.findByRole('table', { name: 'Retirada dos anúncios' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desfazer venda' })).not.toBeInTheDocument();
  });
});

describe('painéis', () => {
  it('formata a duração até o último canal removido', () => {
    expect(formatarDuracao(42)).toBe('42 s');
    expect(formatarDuracao(125)).toBe('2 min 5 s');
    expect(formatarDuracao(3780)).toBe('1 h 3 min');
    expect(formatarDuracao(2 * 86400 + 4 * 3600)).toBe('2 d 4 h');
  });

  it('o admin vê os vendidos com anúncios no ar há mais de 1 hora', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_ADMIN),
      'GET /api/dashboard/contadores': sucesso({ incluidos: 0, vendidos: 0, alterados: 0, removidos: 0, banners: 0 }),
      'GET /api/dashboard/vendidos-com-anuncios': sucesso([
        {
          id_veiculo: V,
          id_revenda: ID_REVENDA,
          revenda: 'Auto Demo Veículos',
          veiculo: 'Fiat Argo Drive',
          vendido_em: '2026-03-06T13:00:00.000Z',
          canais: ['meucarronovo'],
        },
      ]),
    });
    renderizarApp('/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'Vendidos com anúncios no ar há mais de 1 hora (1)' })).toBeInTheDocument();
    const quadro = screen.getByTestId('vendidos-com-anuncios');
    expect(within(quadro).getByRole('link', { name: 'Auto Demo Veículos · Fiat Argo Drive' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`,
    );
    expect(within(quadro).getByText('Na Pista')).toBeInTheDocument();
  });

  it('a revenda vê o tempo de "vendido" até o último canal removido', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/dashboard`]: sucesso({ veiculos: 1, vendidos: 0, usuarios: 1, historico: 0, banners: 0 }),
      [`GET /api/revendas/${ID_REVENDA}/dashboard/vendas`]: sucesso([
        {
          id_veiculo: V,
          veiculo: 'Fiat Argo Drive 2022/2023',
          vendido_em: '2026-03-06T13:00:00.000Z',
          canais: 3,
          removidos: 3,
          segundos_ate_remover: 125,
        },
        {
          id_veiculo: 'v2',
          veiculo: 'Honda CG 160 2020/2020',
          vendido_em: '2026-03-05T13:00:00.000Z',
          canais: 2,
          removidos: 1,
          segundos_ate_remover: null,
        },
      ]),
    });
    renderizarApp('/painel/dashboard');
    const quadro = await screen.findByRole('region', { name: 'Vendas dos últimos 30 dias' });
    expect(await within(quadro).findByText('Removido de 3 canais em 2 min 5 s')).toBeInTheDocument();
    expect(within(quadro).getByText('1 de 2 canais removidos; ainda no ar')).toBeInTheDocument();
  });
});
