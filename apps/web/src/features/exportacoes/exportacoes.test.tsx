import type { VeiculoLinha } from '@intermedio/contracts';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { comAltura, ID_REVENDA, renderizarApp, respostaSessao, SESSAO_GESTOR, simularApi, simularEventSource, sucesso } from '@/test/utils';
import { ID_VEICULO as V, veiculoDetalhe } from '@/test/veiculo';

configure({ asyncUtilTimeout: 5000 });
comAltura(800);

const BASE = `/api/revendas/${ID_REVENDA}/veiculos`;
const linha = (extra: Partial<VeiculoLinha>): VeiculoLinha => ({
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
  ...extra,
});

/** Opens the "Exportar …" menu and answers the two items' addresses. */
async function abrirExportar(nome: string) {
  fireEvent.click(await screen.findByRole('button', { name: nome }));
  const menu = await screen.findByRole('menu');
  const href = (item: RegExp) => within(menu).getByRole('menuitem', { name: item }).getAttribute('href');
  return { csv: href(/^CSV/), xlsx: href(/^XLSX/) };
}

describe('Exportar (issue 25 item 6)', () => {
  it('na lista de veículos: CSV e XLSX com os filtros atuais da lista (texto, tipo e anúncios)', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([
        linha({}),
        linha({
          id: 'v2',
          vefipe_marca: 'Honda',
          vefipe_name: 'CG 160',
          vetipoveiculo: 'moto',
          anuncios: [{ canal: 'olx', estado: 'falhou' }],
        }),
      ]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/listar`);
    await screen.findByRole('heading', { level: 1, name: 'Veículos (2)' });
    expect(await abrirExportar('Exportar estoque')).toEqual({
      csv: `${BASE}/exportar?formato=csv`,
      xlsx: `${BASE}/exportar?formato=xlsx`,
    });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.change(screen.getByLabelText('Filtrar', { exact: true }), { target: { value: ' cg 160 ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Falhou' }));
    expect(await screen.findByText('1 de 2 veículos')).toBeInTheDocument();
    expect(await abrirExportar('Exportar estoque')).toEqual({
      csv: `${BASE}/exportar?formato=csv&texto=cg+160&filtros=falhou`,
      xlsx: `${BASE}/exportar?formato=xlsx&texto=cg+160&filtros=falhou`,
    });
  });

  it('no dashboard: as vendas de um período (De/Até), recusando um período invertido', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/dashboard`]: sucesso({ veiculos: 1, vendidos: 0, usuarios: 1, historico: 0, banners: 0 }),
      [`GET /api/revendas/${ID_REVENDA}/dashboard/vendas`]: sucesso([]),
    });
    renderizarApp('/painel/dashboard');
    const quadro = await screen.findByRole('region', { name: 'Vendas dos últimos 30 dias' });
    const periodo = within(quadro).getByRole('group', { name: 'Exportar vendas de um período' });
    fireEvent.change(within(periodo).getByLabelText('De'), { target: { value: '30/04/2026' } });
    fireEvent.change(within(periodo).getByLabelText('Até'), { target: { value: '01/04/2026' } });
    expect(within(periodo).getByText('A data final deve ser igual ou posterior à inicial.')).toBeInTheDocument();
    expect(within(periodo).getByRole('button', { name: 'Exportar vendas do período' })).toBeDisabled();
    fireEvent.change(within(periodo).getByLabelText('De'), { target: { value: '01/03/2026' } });
    const links = await abrirExportar('Exportar vendas do período');
    expect(links).toEqual({
      csv: `/api/revendas/${ID_REVENDA}/vendas/exportar?formato=csv&de=2026-03-01&ate=2026-04-01`,
      xlsx: `/api/revendas/${ID_REVENDA}/vendas/exportar?formato=xlsx&de=2026-03-01&ate=2026-04-01`,
    });
  });

  it('na visualização do veículo: as alterações, ao lado do .txt que continua', async () => {
    simularEventSource();
    simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [`GET ${BASE}/${V}`]: sucesso(veiculoDetalhe()) });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    expect(await screen.findByRole('link', { name: 'Alterações' })).toHaveAttribute('href', `${BASE}/${V}/alteracoes/arquivo`);
    expect(await abrirExportar('Exportar alterações')).toEqual({
      csv: `${BASE}/${V}/alteracoes/exportar?formato=csv`,
      xlsx: `${BASE}/${V}/alteracoes/exportar?formato=xlsx`,
    });
  });
});
