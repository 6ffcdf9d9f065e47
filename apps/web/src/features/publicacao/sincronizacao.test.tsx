import { type IntegracaoVeiculo, MENSAGENS_SINCRONIZACAO as MS } from '@intermedio/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listaTeste } from '@/features/integracoes/teste-dados';
import { ID_REVENDA, renderizarApp, respostaSessao, SESSAO_GESTOR, simularApi, simularEventSource, sucesso } from '@/test/utils';
import { veiculoDetalhe as detalhe, ID_VEICULO as V } from '@/test/veiculo';

/** Sync of published adverts (issue 24 item 1): the reseller's setting and the vehicle view's buttons. */
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const MODO = `GET /api/revendas/${ID_REVENDA}/sincronizacao`;
const PEDIR = `POST /api/revendas/${ID_REVENDA}/veiculos/${V}/atualizar-anuncios`;
const corpoDe = (f: ReturnType<typeof simularApi>, chave: string) => {
  const chamada = f.mock.calls.find(([u, i]) => `${(i as RequestInit | undefined)?.method ?? 'GET'} ${String(u)}` === chave);
  return chamada ? JSON.parse(String((chamada[1] as RequestInit).body)) : undefined;
};

describe('Integrações: atualização dos anúncios', () => {
  it('mostra a escolha com a explicação e grava "Perguntar"', async () => {
    simularEventSource();
    const f = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste()),
      [MODO]: sucesso({ sincronizacao: 'automatico' }),
      [`PUT /api/revendas/${ID_REVENDA}/sincronizacao`]: sucesso({ sincronizacao: 'perguntar' }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/integracao`);
    const grupo = await screen.findByRole('radiogroup', { name: 'Atualizar os anúncios quando o veículo for alterado' });
    expect(
      screen.getByText(/^Automático: ao salvar o veículo, os anúncios publicados são atualizados em todos os canais./),
    ).toBeInTheDocument();
    expect(within(grupo).getByRole('radio', { name: 'Automático' })).toBeChecked();
    fireEvent.click(within(grupo).getByRole('radio', { name: 'Perguntar' }));
    await waitFor(() => expect(within(grupo).getByRole('radio', { name: 'Perguntar' })).toBeChecked());
    expect(corpoDe(f, `PUT /api/revendas/${ID_REVENDA}/sincronizacao`)).toEqual({ sincronizacao: 'perguntar' });
  });
});

describe('Visualizar: atualizar os anúncios', () => {
  const base = detalhe().integracoes[0] as IntegracaoVeiculo;
  const integracoes: IntegracaoVeiculo[] = [
    { ...base, desatualizado: true },
    {
      ...base,
      canal: 'autoscar',
      descricao: 'Autoscar',
      id_anuncio: 'A1',
      desatualizado: true,
      ultimo_erro: 'A Autoscar recusou: preço inválido.',
    },
    { ...base, canal: 'instagram', descricao: 'Instagram', id_anuncio: 'IG1', desatualizado: true },
    { ...base, canal: 'olx', descricao: 'Olx', id_anuncio: 'O1', desatualizado: true, ultimo_erro: MS.semAtualizacao },
  ];
  const abrir = (modo: string) => {
    simularEventSource();
    const f = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/veiculos/${V}`]: sucesso(detalhe({ integracoes })),
      [MODO]: sucesso({ sincronizacao: modo }),
      [PEDIR]: sucesso({ mensagem: MS.pedida, anuncios: 1 }),
      [`POST /api/revendas/${ID_REVENDA}/veiculos/${V}/publicar-de-novo`]: sucesso({
        estado: 'publicado',
        mensagem: 'Veículo publicado em Instagram.',
      }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    return f;
  };
  const fila = async (nome: string) =>
    within(await screen.findByRole('table', { name: 'Integrações' }))
      .getByText(nome)
      .closest('tr') as HTMLElement;

  it('"perguntar": Atualizar em todos os canais pede a atualização de todos; Tentar de novo, a de um canal', async () => {
    const f = abrir('perguntar');
    fireEvent.click(await screen.findByRole('button', { name: 'Atualizar em todos os canais' }));
    expect(await screen.findByText(MS.pedida)).toBeInTheDocument();
    expect(corpoDe(f, PEDIR)).toEqual({});
    f.mockClear();
    fireEvent.click(within(await fila('Autoscar')).getByRole('button', { name: 'Tentar de novo a atualização do anúncio no Autoscar' }));
    await waitFor(() => expect(corpoDe(f, PEDIR)).toEqual({ canal: 'autoscar' }));
  });

  it('"automático": sem o botão geral; o Instagram diz que não edita, sem Tentar de novo; o canal sem atualização também não', async () => {
    abrir('automatico');
    const instagram = await fila('Instagram');
    expect(instagram).toHaveTextContent('O Instagram não permite editar uma publicação.');
    expect(within(instagram).queryByRole('button', { name: /Tentar de novo/ })).not.toBeInTheDocument();
    expect(within(await fila('Olx')).queryByRole('button', { name: /Tentar de novo/ })).not.toBeInTheDocument();
    expect(within(await fila('Autoscar')).getByRole('button', { name: /Tentar de novo/ })).toBeInTheDocument();
    expect(within(await fila('Webmotors')).queryByRole('button', { name: /Tentar de novo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Atualizar em todos os canais' })).not.toBeInTheDocument();
  });

  it('Instagram: "Publicar de novo" num clique publica de novo o post guardado', async () => {
    const f = abrir('automatico');
    fireEvent.click(within(await fila('Instagram')).getByRole('button', { name: 'Publicar de novo no Instagram' }));
    expect(await screen.findByText('Veículo publicado em Instagram.')).toBeInTheDocument();
    expect(corpoDe(f, `POST /api/revendas/${ID_REVENDA}/veiculos/${V}/publicar-de-novo`)).toEqual({ canal: 'instagram' });
    expect(within(await fila('Autoscar')).queryByRole('button', { name: /Publicar de novo/ })).not.toBeInTheDocument();
  });
});
