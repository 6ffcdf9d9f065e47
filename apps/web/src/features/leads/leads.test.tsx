import type { Lead, LeadDetalhe, VeiculoLinha } from '@intermedio/contracts';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  comAltura,
  EventSourceFalso,
  falha,
  ID_REVENDA,
  renderizarApp,
  respostaSessao,
  SESSAO_GESTOR,
  simularApi,
  simularEventSource,
  sucesso,
} from '@/test/utils';
import { veiculoDetalhe as detalhe, ID_VEICULO as V } from '@/test/veiculo';
import { linkTelefone, linkWhatsapp } from './contato';

configure({ asyncUtilTimeout: 5000 });
comAltura(800);

const BASE = `/api/revendas/${ID_REVENDA}/leads`;
const LISTA = `${BASE}?por_pagina=200&pagina=1`;
const GESTOR = 'u-gestor';

const umLead = (id: string, extra: Partial<Lead> = {}): Lead => ({
  id,
  revenda_id: ID_REVENDA,
  canal: 'olx',
  id_externo: `ext-${id}`,
  tipo: 'lead',
  veiculo_id: V,
  veiculo: { titulo: 'GM - Chevrolet Onix LT', placa: 'ABC1D23', foto: '/f/onix.jpg' },
  id_anuncio: 'an-1',
  nome: 'Maria Souza',
  email: 'maria@exemplo.com.br',
  telefone: '11987654321',
  mensagem: 'O carro ainda está disponível?',
  recebido_em: '2026-11-20T15:00:00.000Z',
  estado: 'novo',
  estado_por: null,
  estado_por_nome: null,
  estado_em: '2026-11-20T15:00:00.000Z',
  atribuido_a: null,
  atribuido_nome: null,
  anonimizado: false,
  updated_at: '2026-11-20T15:00:00.000Z',
  ...extra,
});

const MARIA = umLead('l1');
const JOAO = umLead('l2', {
  canal: 'mercadolivre',
  tipo: 'pergunta',
  veiculo_id: null,
  veiculo: null,
  id_anuncio: 'MLB123',
  nome: 'João Lima',
  telefone: null,
  email: null,
  mensagem: 'Aceita troca?',
  recebido_em: '2026-11-18T12:00:00.000Z',
  estado: 'em_atendimento',
  estado_por: GESTOR,
  estado_por_nome: 'Gestor Demo',
});
/** Picks an option of a Mantine Select by its label. */
async function escolher(rotulo: string, opcao: string) {
  const campo = screen.getByRole('combobox', { name: rotulo });
  fireEvent.click(campo);
  await waitFor(() => expect(campo).toHaveAttribute('aria-controls'));
  const lista = document.getElementById(campo.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(within(lista).getByRole('option', { name: opcao, hidden: true }));
}

const lista = (itens: Lead[]) => sucesso({ itens, total: itens.length });
const comConversa = (l: Lead, extra: Partial<LeadDetalhe> = {}): LeadDetalhe => ({ ...l, mensagens: [], ...extra });

function montarCaixa(itens: Lead[], caminho = `/revenda/${ID_REVENDA}/leads/listar`, extra: Parameters<typeof simularApi>[0] = {}) {
  simularEventSource();
  const api = simularApi({
    'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
    [`GET /api/revendas/${ID_REVENDA}`]: sucesso({ id: ID_REVENDA, penome_fantasia: 'Auto Demo' }),
    [`GET ${LISTA}`]: lista(itens),
    ...extra,
  });
  return { api, ...renderizarApp(caminho) };
}

describe('Caixa de leads (issue 26)', () => {
  it('lista nome, contato, canal, veículo (miniatura e link), mensagem, recebido em e estado com quem o definiu', async () => {
    montarCaixa([MARIA, JOAO]);
    const tabela = await screen.findByRole('table', { name: 'Leads' });
    const maria = within(tabela).getByRole('row', { name: /Maria Souza/ });
    expect(within(maria).getByRole('link', { name: 'Maria Souza' })).toHaveAttribute('href', `/revenda/${ID_REVENDA}/leads/l1`);
    expect(within(maria).getByText('Olx')).toBeInTheDocument();
    expect(within(maria).getByRole('link', { name: 'GM - Chevrolet Onix LT' })).toHaveAttribute(
      'href',
      `/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`,
    );
    expect(within(maria).getByText('O carro ainda está disponível?')).toBeInTheDocument();
    expect(within(maria).getByText('Novo')).toBeInTheDocument();
    expect(within(maria).getByText('pelo sistema')).toBeInTheDocument();
    expect(within(maria).getByText('20/11/2026 12:00')).toBeInTheDocument();
    const joao = within(tabela).getByRole('row', { name: /João Lima/ });
    expect(within(joao).getByText('anúncio não encontrado (MLB123)')).toBeInTheDocument();
    expect(within(joao).getByText('Em atendimento')).toBeInTheDocument();
    expect(within(joao).getByText('por Gestor Demo')).toBeInTheDocument();
  });

  it('liga e abre o WhatsApp a partir do telefone do lead', async () => {
    montarCaixa([MARIA]);
    const ligar = await screen.findByRole('link', { name: 'Ligar para Maria Souza: (11) 98765-4321' });
    expect(ligar).toHaveAttribute('href', 'tel:+5511987654321');
    expect(screen.getByRole('link', { name: 'WhatsApp de Maria Souza' })).toHaveAttribute('href', 'https://wa.me/5511987654321');
    expect(linkWhatsapp('5511987654321')).toBe('https://wa.me/5511987654321');
    expect(linkWhatsapp('(11) 3456-7890')).toBe('https://wa.me/551134567890');
    expect(linkTelefone('123')).toBeNull();
  });

  it('filtra por estado (vindo do painel), canal, veículo e período, e busca por nome ou telefone', async () => {
    montarCaixa([MARIA, JOAO], `/revenda/${ID_REVENDA}/leads/listar?estado=novo`);
    const tabela = await screen.findByRole('table', { name: 'Leads' });
    expect(within(tabela).getByRole('link', { name: 'Maria Souza' })).toBeInTheDocument();
    expect(within(tabela).queryByRole('link', { name: 'João Lima' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await within(tabela).findByRole('link', { name: 'João Lima' })).toBeInTheDocument();
    // Channel
    await escolher('Canal', 'Mercado Livre');
    await waitFor(() => expect(within(tabela).queryByRole('link', { name: 'Maria Souza' })).not.toBeInTheDocument());
    expect(within(tabela).getByRole('link', { name: 'João Lima' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    // Period: only the 20th (São Paulo day)
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '19/11/2026' } });
    await waitFor(() => expect(within(tabela).queryByRole('link', { name: 'João Lima' })).not.toBeInTheDocument());
    expect(within(tabela).getByRole('link', { name: 'Maria Souza' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    // Vehicle: the leads without a known advert
    await escolher('Veículo', 'Anúncio não encontrado');
    await waitFor(() => expect(within(tabela).queryByRole('link', { name: 'Maria Souza' })).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    // Search by phone digits
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '98765' } });
    await waitFor(() => expect(within(tabela).queryByRole('link', { name: 'João Lima' })).not.toBeInTheDocument());
    expect(within(tabela).getByRole('link', { name: 'Maria Souza' })).toBeInTheDocument();
    // Search without accents: "joao" finds "João"
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'joao' } });
    await waitFor(() => expect(within(tabela).queryByRole('link', { name: 'Maria Souza' })).not.toBeInTheDocument());
    expect(within(tabela).getByRole('link', { name: 'João Lima' })).toBeInTheDocument();
  });

  it('um lead novo aparece ao vivo, sem baixar a lista de novo', async () => {
    const NOVO = umLead('l3', { nome: 'Ana Prado', recebido_em: '2026-11-21T10:00:00.000Z' });
    const { api } = montarCaixa([MARIA], undefined, { [`GET ${BASE}/l3`]: sucesso(comConversa(NOVO)) });
    const tabela = await screen.findByRole('table', { name: 'Leads' });
    await within(tabela).findByRole('link', { name: 'Maria Souza' });
    act(() => EventSourceFalso.ultima()?.emitir({ tabela: 'leads', revenda: ID_REVENDA, id: 'l3', op: 'INSERT' }));
    expect(await within(tabela).findByRole('link', { name: 'Ana Prado' })).toBeInTheDocument();
    const linhas = within(tabela)
      .getAllByRole('link', { name: /^(Ana Prado|Maria Souza)$/ })
      .map((l) => l.textContent);
    expect(linhas).toEqual(['Ana Prado', 'Maria Souza']);
    expect(api.mock.calls.filter(([u]) => String(u) === LISTA)).toHaveLength(1);
  });

  it('uma rajada de leads novos é lida num pedido só, não um por lead', async () => {
    const novos = ['l3', 'l4', 'l5'].map((id, i) => umLead(id, { nome: `Cliente ${i}`, recebido_em: `2026-11-21T10:0${i}:00.000Z` }));
    const { api } = montarCaixa([MARIA], undefined, { [`POST ${BASE}/linhas`]: sucesso([...novos].reverse()) });
    const tabela = await screen.findByRole('table', { name: 'Leads' });
    await within(tabela).findByRole('link', { name: 'Maria Souza' });
    act(() => {
      for (const l of novos) EventSourceFalso.ultima()?.emitir({ tabela: 'leads', revenda: ID_REVENDA, id: l.id, op: 'INSERT' });
    });
    expect(await within(tabela).findByRole('link', { name: 'Cliente 2' })).toBeInTheDocument();
    const pedidos = api.mock.calls.map(([u, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(u)}`);
    expect(pedidos.filter((p) => p.includes('/leads/'))).toEqual([`POST ${BASE}/linhas`]);
    const corpo = api.mock.calls.find(([u]) => String(u) === `${BASE}/linhas`)?.[1] as RequestInit;
    expect(JSON.parse(String(corpo.body))).toEqual({ ids: ['l3', 'l4', 'l5'] });
  });

  it('sem leads, diz para que serve a tela', async () => {
    montarCaixa([]);
    expect(await screen.findByTestId('estado-vazio')).toHaveTextContent(/Aqui chegam os contatos dos compradores/);
    // Webmotors has no known lead contract (docs/leads.md): the screen does not promise its proposals.
    expect(screen.getByTestId('estado-vazio')).not.toHaveTextContent(/Webmotors/);
  });
});

describe('Página do lead (issue 26)', () => {
  it('mostra os dados e a conversa, muda o estado e exclui a pedido (LGPD) depois de confirmar', async () => {
    const pergunta = comConversa(JOAO, {
      mensagens: [
        { id: 'm1', autor: 'comprador', texto: 'Aceita troca?', enviada_em: '2026-11-18T12:00:00.000Z', estado: 'recebida', erro: null },
      ],
    });
    const corpos: unknown[] = [];
    const excluidos: string[] = [];
    montarCaixa([], `/revenda/${ID_REVENDA}/leads/l2`, {
      [`GET ${BASE}/l2`]: sucesso(pergunta),
      [`PUT ${BASE}/l2/estado`]: (_c, init) => {
        corpos.push(JSON.parse(String(init.body)));
        return sucesso({ ...pergunta, estado: 'convertido', estado_por_nome: 'Gestor Demo' });
      },
      [`DELETE ${BASE}/l2`]: (c) => {
        excluidos.push(c);
        return sucesso('Lead excluído. Os dados pessoais foram apagados.');
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'João Lima' })).toBeInTheDocument();
    expect(screen.getByText('anúncio não encontrado (MLB123)')).toBeInTheDocument();
    const conversa = screen.getByRole('region', { name: 'Conversa' });
    expect(within(conversa).getByText('Comprador')).toBeInTheDocument();
    await escolher('Estado', 'Convertido (vendido)');
    await waitFor(() => expect(corpos).toEqual([{ estado: 'convertido' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Excluir lead' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Excluir lead' });
    expect(excluidos).toHaveLength(0);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Lead excluído. Os dados pessoais foram apagados.')).toBeInTheDocument();
    expect(excluidos).toHaveLength(1);
  });
});

describe('Resposta a uma pergunta do Mercado Livre (issue 26)', () => {
  it('envia a resposta com uma chave; a nova tentativa depois de uma falha reusa a mesma chave', async () => {
    const pergunta = comConversa(JOAO, {
      mensagens: [
        { id: 'm1', autor: 'comprador', texto: 'Aceita troca?', enviada_em: '2026-11-18T12:00:00.000Z', estado: 'recebida', erro: null },
      ],
    });
    const respondida = comConversa(
      { ...JOAO, estado: 'respondido' },
      {
        mensagens: [
          ...pergunta.mensagens,
          { id: 'm2', autor: 'revenda', texto: 'Aceitamos, sim.', enviada_em: '2026-11-18T13:00:00.000Z', estado: 'enviada', erro: null },
        ],
      },
    );
    const corpos: { texto: string; chave: string }[] = [];
    montarCaixa([], `/revenda/${ID_REVENDA}/leads/l2`, {
      [`GET ${BASE}/l2`]: sucesso(pergunta),
      [`POST ${BASE}/l2/respostas`]: (_c, init) => {
        corpos.push(JSON.parse(String(init.body)));
        return corpos.length === 1 ? falha(502, 'O Mercado Livre não respondeu. Tente de novo com a mesma resposta.') : sucesso(respondida);
      },
    });
    const caixa = await screen.findByRole('textbox', { name: 'Responder no Mercado Livre' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar resposta' }));
    expect(await screen.findByText('Escreva a resposta.')).toBeInTheDocument();
    expect(corpos).toHaveLength(0);
    fireEvent.change(caixa, { target: { value: 'Aceitamos, sim.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar resposta' }));
    await waitFor(() => expect(corpos).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar resposta' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Enviar resposta' }));
    expect(await screen.findByText('Resposta enviada ao Mercado Livre.')).toBeInTheDocument();
    expect(corpos).toHaveLength(2);
    expect(corpos[0]).toEqual(corpos[1]);
    expect(corpos[0]?.texto).toBe('Aceitamos, sim.');
    expect(corpos[0]?.chave.length).toBeGreaterThanOrEqual(8);
    // Answered: the conversation shows it and the box is gone.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Responder no Mercado Livre' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Conversa' })).getByText('Revenda')).toBeInTheDocument();
  });

  it('um lead que não é pergunta do Mercado Livre não tem caixa de resposta', async () => {
    montarCaixa([], `/revenda/${ID_REVENDA}/leads/l1`, { [`GET ${BASE}/l1`]: sucesso(comConversa(MARIA)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Responder no Mercado Livre' })).not.toBeInTheDocument();
  });

  it('mostra a quem o rodízio atribuiu o lead', async () => {
    const atribuido = umLead('l4', { nome: 'Rita Dias', atribuido_a: GESTOR, atribuido_nome: 'Gestor Demo' });
    montarCaixa([], `/revenda/${ID_REVENDA}/leads/l4`, { [`GET ${BASE}/l4`]: sucesso(comConversa(atribuido)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rita Dias' })).toBeInTheDocument();
    expect(screen.getByTestId('atribuido-lead')).toHaveTextContent('Atribuído a Gestor Demo');
  });

  it('um lead sem atribuição não diz a quem foi atribuído', async () => {
    montarCaixa([], `/revenda/${ID_REVENDA}/leads/l1`, { [`GET ${BASE}/l1`]: sucesso(comConversa(MARIA)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza' })).toBeInTheDocument();
    expect(screen.queryByTestId('atribuido-lead')).not.toBeInTheDocument();
  });
});

describe('Venda e leads do veículo (issue 26)', () => {
  it('depois da venda, oferece marcar os leads em aberto do veículo como Convertido', async () => {
    const VBASE = `/api/revendas/${ID_REVENDA}/veiculos`;
    const LINHA = {
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
    } satisfies VeiculoLinha;
    const mudancas: string[] = [];
    const FECHADO = umLead('l9', { nome: 'Já perdido', estado: 'perdido' });
    montarCaixa([], `/revenda/${ID_REVENDA}/veiculos/listar`, {
      [`GET ${VBASE}`]: sucesso([LINHA]),
      [`GET ${VBASE}/${V}`]: sucesso(detalhe()),
      [`GET ${VBASE}/lista/${V}`]: sucesso({ ...LINHA, vevendido: 1 }),
      [`POST ${VBASE}/${V}/vender`]: () =>
        sucesso({
          mensagem: 'Venda registrada.',
          venda: {
            vendido_em: '2026-03-06T13:00:00.000Z',
            pode_desfazer: true,
            publicar_vendido: false,
            vendido_id: null,
            vendido_erro: null,
            remocoes: [],
          },
        }),
      [`GET ${VBASE}/${V}/leads?por_pagina=200&pagina=1`]: lista([MARIA, { ...JOAO, veiculo_id: V }, FECHADO]),
      [`PUT ${BASE}/l1/estado`]: (c, init) => {
        mudancas.push(`${c} ${String(init.body)}`);
        return sucesso(comConversa({ ...MARIA, estado: 'convertido' }));
      },
      [`PUT ${BASE}/l2/estado`]: (c, init) => {
        mudancas.push(`${c} ${String(init.body)}`);
        return sucesso(comConversa({ ...JOAO, estado: 'convertido' }));
      },
    });
    // The row's ⋯ menu (issue 25 item 4).
    fireEvent.click(await screen.findByRole('button', { name: 'Ações do veículo GM - Chevrolet Onix LT 1.0 Turbo' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Marcar como vendido' }));
    const venda = await screen.findByRole('dialog', { name: 'Marcar como vendido: GM - Chevrolet Onix LT 1.0 Turbo' });
    expect(mudancas).toHaveLength(0);
    fireEvent.click(within(venda).getByRole('button', { name: 'Marcar como vendido' }));
    const leads = await screen.findByRole('dialog', { name: 'Leads deste veículo' });
    expect(within(leads).getByText('Este veículo tem 2 leads em aberto. Como eles terminaram?')).toBeInTheDocument();
    fireEvent.click(within(leads).getByRole('button', { name: 'Convertido (vendido)' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leads deste veículo' })).not.toBeInTheDocument());
    expect(mudancas).toEqual([`${BASE}/l1/estado {"estado":"convertido"}`, `${BASE}/l2/estado {"estado":"convertido"}`]);
  });
});
