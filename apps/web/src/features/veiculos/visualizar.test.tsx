import type { ImagemVeiculo, IntegracaoVeiculo } from '@intermedio/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ID_REVENDA, renderizarApp, respostaSessao, SESSAO_GESTOR, simularApi, simularEventSource, sucesso } from '@/test/utils';
import { veiculoDetalhe as detalhe, ID_VEICULO as V } from '@/test/veiculo';

configure({ asyncUtilTimeout: 5000 });

const BASE = `/api/revendas/${ID_REVENDA}/veiculos`;
const NOME = 'GM - Chevrolet Onix LT 1.0 Turbo';
const foto = (n: number): ImagemVeiculo => ({
  id: `img${n}`,
  imagem: null,
  fileName: `f${n}.jpg`,
  fileUrl: `/arquivos/f${n}.jpg`,
  fileThumb: `/arquivos/t${n}.jpg`,
  fileOriginal: `/arquivos/o${n}.jpg`,
});

const abrir = (extra: Parameters<typeof detalhe>[0] = {}) => {
  simularEventSource();
  simularApi({ 'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR), [`GET ${BASE}/${V}`]: sucesso(detalhe(extra)) });
  return renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
};

describe('Visualizar veículo: galeria (issue 25 item 5)', { timeout: 60_000 }, () => {
  it('a primeira foto é a capa; a miniatura abre a ampliação, ← / → trocam a foto, Esc fecha; "Baixar foto N" continua', async () => {
    abrir({ imagens: [foto(1), foto(2), foto(3)] });
    const [capa] = (await screen.findAllByRole('button', { name: 'Ampliar foto 1' })) as [HTMLElement];
    expect(within(capa).getByRole('img', { name: `${NOME} foto 1` })).toHaveAttribute('src', '/arquivos/f1.jpg');
    const lista = screen.getByRole('list', { name: 'Fotos' });
    expect(within(lista).getAllByRole('link', { name: /^Baixar foto/ })).toHaveLength(3);
    expect(within(lista).getByRole('link', { name: 'Baixar foto 2' })).toHaveAttribute('href', `${BASE}/${V}/imagens/img2/original`);

    fireEvent.click(within(lista).getAllByRole('button', { name: 'Ampliar foto 2' })[0] as HTMLElement);
    const dialogo = await screen.findByRole('dialog', { name: `${NOME} — foto 2 de 3` });
    expect(within(dialogo).getByRole('img', { name: `${NOME} foto 2` })).toHaveAttribute('src', '/arquivos/f2.jpg');
    expect(within(dialogo).getByRole('link', { name: 'Baixar foto 2' })).toHaveAttribute('href', `${BASE}/${V}/imagens/img2/original`);

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: `${NOME} — foto 3 de 3` })).toBeInTheDocument();
    // Past the last one comes the first again.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: `${NOME} — foto 1 de 3` })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    const ultimo = await screen.findByRole('dialog', { name: `${NOME} — foto 3 de 3` });
    fireEvent.click(within(ultimo).getByRole('button', { name: 'Foto anterior' }));
    expect(await screen.findByRole('dialog', { name: `${NOME} — foto 2 de 3` })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima foto' }));
    const aberto = await screen.findByRole('dialog', { name: `${NOME} — foto 3 de 3` });

    fireEvent.keyDown(aberto, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sem fotos diz "Nenhuma foto." e não oferece ampliação', async () => {
    abrir({ imagens: [] });
    expect(await screen.findByText('Nenhuma foto.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ampliar foto/ })).not.toBeInTheDocument();
  });
});

describe('Visualizar veículo: card Canais (issue 25 item 5)', { timeout: 60_000 }, () => {
  it('os canais configurados (ou com envio) primeiro; os outros dobrados em "Configurar mais canais (n)" com aria-expanded', async () => {
    const base = detalhe().integracoes[0] as IntegracaoVeiculo;
    const semConfig = { configurada: false, status_configuracao: false, publicado: false, id_anuncio: null, estado: null };
    abrir({
      integracoes: [
        { ...base, url_anuncio: 'https://www.webmotors.com.br/comprar/W9', sincronizado_em: '2026-03-05T17:07:00.000Z' },
        { ...base, ...semConfig, canal: 'icarros', descricao: 'iCarros' },
        { ...base, ...semConfig, canal: 'olx', descricao: 'Olx', configurada: true, status_configuracao: true },
        // Not configured any more, but its advert failed: it still leads.
        { ...base, ...semConfig, canal: 'mercadolivre', descricao: 'Mercado Livre', estado: 'falhou', ultimo_erro: 'Recusado' },
        { ...base, ...semConfig, canal: 'autoline', descricao: 'Autoline' },
      ],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Canais' })).toBeInTheDocument();
    const tabela = screen.getByRole('table', { name: 'Integrações' });
    const canais = within(tabela)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(canais).toEqual(['Webmotors', 'Olx', 'Mercado Livre']);
    const webmotors = within(tabela).getByText('Webmotors').closest('tr') as HTMLElement;
    expect(within(webmotors).getByRole('link', { name: /^Ver anúncio no Webmotors/ })).toHaveTextContent('Ver anúncio ↗');
    expect(webmotors).toHaveTextContent('Sincronizado em 05/03/2026 14:07');
    expect(within(webmotors).getByRole('link', { name: 'Alterar anúncio no Webmotors' })).toBeInTheDocument();

    const mais = screen.getByRole('button', { name: 'Configurar mais canais (2)' });
    expect(mais).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Integrações não configuradas' })).not.toBeInTheDocument();
    fireEvent.click(mais);
    expect(mais).toHaveAttribute('aria-expanded', 'true');
    const outras = await screen.findByRole('table', { name: 'Integrações não configuradas' });
    expect(within(outras).getByText('iCarros')).toBeInTheDocument();
    expect(within(outras).getByText('Autoline')).toBeInTheDocument();
    expect(within(outras).getAllByText('Não configurada')).toHaveLength(2);
  });
});

describe('Visualizar veículo: atividade (issue 25 item 5)', { timeout: 60_000 }, () => {
  it('lista, do mais recente, cada tipo: validação (admin), envios com o resultado (falha em vermelho com o motivo), alteração, venda, inclusão', async () => {
    simularEventSource();
    const canal = { tipo: 'canal', canal: 'autoscar', id_anuncio: null, motivo: null, respondido_em: null } as const;
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}/${V}`]: sucesso(detalhe()),
      [`GET ${BASE}/${V}/atividade`]: sucesso([
        { tipo: 'moderacao', id: '9', quando: '2026-03-07T12:00:00.000Z', quem: 'Admin Intermédio', fila: 'incluidos' },
        { tipo: 'venda', id: 'venda-1', quando: '2026-03-06T12:00:00.000Z', quem: 'Gestor Auto Demo' },
        {
          tipo: 'alteracao',
          id: 'a1',
          quando: '2026-03-05T17:07:00.000Z',
          quem: 'Gestor Auto Demo',
          campos: { vecor: { antiga: 'Prata', nova: 'Preto' }, veobservacao: { antiga: '', nova: 'Único dono' } },
        },
        {
          ...canal,
          id: 'h4',
          quando: '2026-03-04T12:00:00.000Z',
          quem: null,
          operacao: 'sincronizar',
          estado: 'publicado',
          id_anuncio: 'AS-1',
        },
        { ...canal, id: 'h3', quando: '2026-03-03T12:00:00.000Z', quem: 'Gestor Auto Demo', operacao: 'excluir', estado: 'removido' },
        {
          ...canal,
          id: 'h2',
          quando: '2026-03-02T12:30:00.000Z',
          quem: 'Gestor Auto Demo',
          operacao: 'enviar',
          estado: 'publicado',
          id_anuncio: 'AS-1',
        },
        {
          ...canal,
          id: 'h1',
          quando: '2026-03-02T12:00:00.000Z',
          quem: 'Gestor Auto Demo',
          operacao: 'enviar',
          estado: 'falhou',
          motivo: 'Preço fora da faixa',
        },
        { tipo: 'inclusao', id: 'inclusao-1', quando: '2026-03-01T12:00:00.000Z', quem: 'Gestor Auto Demo' },
      ]),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/veiculos/${V}/visualizar`);
    const lista = await screen.findByRole('list', { name: 'Atividade do veículo' });
    const itens = within(lista).getAllByRole('listitem');
    expect(itens.map((i) => within(i).getByText(/^(Alterado|Envio|Anúncio|Veículo|Validado|Marcado)/).textContent)).toEqual([
      'Validado na moderação: Incluídos',
      'Marcado como vendido',
      'Alterado por Gestor Auto Demo',
      'Anúncio atualizado em Autoscar',
      'Anúncio excluído de Autoscar',
      'Anúncio publicado em Autoscar',
      'Envio para Autoscar falhou',
      'Veículo incluído',
    ]);
    expect(itens[0]).toHaveTextContent('Por Admin Intermédio');
    expect(itens[1]).toHaveTextContent('Por Gestor Auto Demo');
    expect(itens[2]).toHaveTextContent('05/03/2026 14:07');
    expect(itens[2]).toHaveTextContent('Cor: Prata → Preto');
    expect(itens[2]).toHaveTextContent('Observação: (vazio) → Único dono');
    // Who: the user, or "Automático" (the sync); the result in words, not only in colour.
    expect(itens[3]).toHaveTextContent('Automático');
    expect(itens[3]).toHaveTextContent('ID do anúncio: AS-1');
    expect(within(itens[3] as HTMLElement).getByText('Publicado')).toBeInTheDocument();
    expect(within(itens[4] as HTMLElement).getByText('Removido')).toBeInTheDocument();
    expect(itens[5]).toHaveTextContent('Por Gestor Auto Demo');
    expect(within(itens[6] as HTMLElement).getByText('Falhou')).toBeInTheDocument();
    const motivo = within(itens[6] as HTMLElement).getByText('Motivo: Preço fora da faixa');
    expect(motivo.style.color).toContain('red');
    // The .txt download stays.
    expect(screen.getByRole('link', { name: 'Alterações' })).toHaveAttribute('href', `${BASE}/${V}/alteracoes/arquivo`);
  });
});
