import type { Banner, Vendido } from '@intermedio/contracts';
import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listaTeste } from '@/features/integracoes/teste-dados';
import { chaves } from '@/lib/chaves';
import { REVENDA } from '@/test/revenda';
import {
  arquivoDe,
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

configure({ asyncUtilTimeout: 5000 });

const item = (id: string, texto: string, created_at: string) => ({
  id,
  revenda: ID_REVENDA,
  nome_revenda: 'Auto Demo',
  imagem: [{ fileName: `${id}.jpg`, fileUrl: `/arquivos/${id}.jpg`, fileThumb: `/arquivos/${id}.jpg`, video: false }],
  ig_stories: true,
  ig_feed: true,
  fb_feed: true,
  valida_stories: false,
  valida_feed: false,
  fb_valida_feed: false,
  id_stories: null,
  url_stories: null,
  id_feed: null,
  url_feed: null,
  fb_id_feed: null,
  fb_url_feed: null,
  created_id: 'g1',
  created_at,
  texto,
});
const banner = (id: string, texto: string, created_at: string): Banner => {
  const { texto: t, ...resto } = item(id, texto, created_at);
  return { ...resto, peblocotextobanners: t };
};
const vendido = (id: string, texto: string, created_at: string): Vendido => {
  const { texto: t, ...resto } = item(id, texto, created_at);
  return { ...resto, peblocotextovendidos: t };
};

describe.each([
  { caminho: 'banners', tabela: 'banners', painel: 'Lista de Banners', criar: banner },
  { caminho: 'vendidos', tabela: 'vendidos', painel: 'Lista de Vendidos', criar: vendido },
] as const)('lista de $caminho ao vivo', ({ caminho, tabela, painel, criar }) => {
  const BASE = `/api/revendas/${ID_REVENDA}/${caminho}`;

  it('um evento busca só aquela linha e a põe no lugar (mais novos primeiro); 404 tira a linha; nunca baixa a lista de novo', async () => {
    simularEventSource();
    const api = simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET ${BASE}`]: sucesso([criar('b2', 'Segundo', '2026-03-02T10:00:00.000Z'), criar('b1', 'Primeiro', '2026-03-01T10:00:00.000Z')]),
      [`GET ${BASE}/lista/b3`]: sucesso(criar('b3', 'Terceiro', '2026-03-03T10:00:00.000Z')),
      [`GET ${BASE}/lista/b1`]: falha(404, 'Não encontrado.'),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso([]),
    });
    const { queryClient } = renderizarApp(`/revenda/${ID_REVENDA}/${caminho}/listar`);
    // The cached list the table shows (the virtualised table renders no rows in jsdom, which has no layout).
    const ids = () => queryClient.getQueryData<{ id: string }[]>(chaves.revenda.lista(ID_REVENDA, caminho))?.map((i) => i.id);
    expect(await screen.findByRole('heading', { level: 2, name: `${painel} (2)` })).toBeInTheDocument();

    act(() => EventSourceFalso.ultima()?.emitir({ tabela, revenda: ID_REVENDA, id: 'b3', op: 'INSERT' }));
    expect(await screen.findByRole('heading', { level: 2, name: `${painel} (3)` })).toBeInTheDocument();
    expect(ids()).toEqual(['b3', 'b2', 'b1']);

    act(() => EventSourceFalso.ultima()?.emitir({ tabela, revenda: ID_REVENDA, id: 'b1', op: 'UPDATE' }));
    expect(await screen.findByRole('heading', { level: 2, name: `${painel} (2)` })).toBeInTheDocument();
    expect(ids()).toEqual(['b3', 'b2']);

    // Another reseller's item is none of this screen's business.
    act(() => EventSourceFalso.ultima()?.emitir({ tabela, revenda: 'outra', id: 'b9', op: 'INSERT' }));
    await new Promise((ok) => setTimeout(ok, 300));
    expect(api.mock.calls.filter(([u]) => String(u) === BASE)).toHaveLength(1);
    expect(api.mock.calls.some(([u]) => String(u).endsWith('/lista/b9'))).toBe(false);
  });
});

describe.each([
  { caminho: 'banners', rotulo: 'Bloco texto banners', campo: 'peblocotextobanners' },
  { caminho: 'vendidos', rotulo: 'Bloco texto vendidos', campo: 'peblocotextovendidos' },
] as const)('incluir em $caminho: o texto padrão da revenda', ({ caminho, rotulo, campo }) => {
  const abrir = () => {
    let responder: (r: Response) => void = () => {};
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}`]: () => new Promise<Response>((ok) => (responder = ok)),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/${caminho}/incluir`);
    return (texto: string) => act(() => responder(sucesso({ ...REVENDA, [campo]: texto })));
  };

  it('preenche o campo ainda não tocado quando a revenda chega', async () => {
    const chegar = abrir();
    const texto = await screen.findByLabelText(new RegExp(`^${rotulo}`));
    chegar('Confira nossas ofertas!');
    await screen.findByText(`Revenda: ${REVENDA.penome_fantasia}`);
    expect(texto).toHaveValue('Confira nossas ofertas!');
  });

  it('não troca o que o usuário já digitou quando a revenda chega depois', async () => {
    const chegar = abrir();
    const texto = await screen.findByLabelText(new RegExp(`^${rotulo}`));
    fireEvent.change(texto, { target: { value: 'Feirão de sábado' } });
    chegar('Confira nossas ofertas!');
    await screen.findByText(`Revenda: ${REVENDA.penome_fantasia}`);
    expect(texto).toHaveValue('Feirão de sábado');
  });
});

/** An upload that never answers: the form stays "Carregando imagem..." with the file just chosen. */
class XhrSemResposta {
  upload = {};
  withCredentials = false;
  responseType = '';
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {}
}

describe.each([{ caminho: 'banners' }, { caminho: 'vendidos' }] as const)('incluir em $caminho: o arquivo obrigatório', ({ caminho }) => {
  afterEach(() => vi.unstubAllGlobals());
  it('"Preenchimento obrigatório" some do campo assim que um arquivo é escolhido', async () => {
    vi.stubGlobal('XMLHttpRequest', XhrSemResposta);
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso({ ...REVENDA, peblocotextobanners: 'Ofertas', peblocotextovendidos: 'Vendido!' }),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/${caminho}/incluir`);
    await screen.findByText(`Revenda: ${REVENDA.penome_fantasia}`);
    fireEvent.click(screen.getByRole('button', { name: 'Gravar' }));
    expect(await screen.findByText('Preenchimento obrigatório')).toBeInTheDocument();
    const arquivo = new File(['x'], 'foto.jpg', { type: 'image/jpeg' });
    const campo = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(campo, { target: { files: [arquivo] } });
    expect(await screen.findByText('Carregando imagem...')).toBeInTheDocument();
    expect(screen.queryByText('Preenchimento obrigatório')).not.toBeInTheDocument();
  });
});

describe('lista de banners: por que não foi publicado', () => {
  comAltura(800);

  it('rede não configurada: "Não publicado: Instagram não configurado" com o link para Integrações; rede ativa: Publicar; e a legenda', async () => {
    simularEventSource();
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}/banners`]: sucesso([banner('b1', 'Feirão', '2026-03-01T10:00:00.000Z')]),
      [`GET /api/revendas/${ID_REVENDA}/integracoes`]: sucesso(listaTeste({ facebook: { status: true } })),
    });
    renderizarApp(`/revenda/${ID_REVENDA}/banners/listar`);
    const linha = (await screen.findByText('Feirão', { selector: 'p' })).closest('tr') as HTMLElement;
    expect(await within(linha).findAllByText(/^Não publicado: Instagram não configurado/)).toHaveLength(2);
    expect(within(linha).queryByText(/Facebook não configurado/)).not.toBeInTheDocument();
    expect(within(linha).getByRole('button', { name: 'Publicar em Facebook Feed' })).toBeInTheDocument();
    for (const link of within(linha).getAllByRole('link', { name: 'Configurar' }))
      expect(link).toHaveAttribute('href', `/revenda/${ID_REVENDA}/integracao`);
    expect(screen.getByRole('note', { name: 'Legenda das redes' })).toHaveTextContent('o 1º ícone diz se a publicação foi pedida');
  });
});

describe.each([
  { caminho: 'banners', rotulo: 'Imagens ou vídeo' },
  { caminho: 'vendidos', rotulo: 'Imagem ou vídeo' },
] as const)('incluir em $caminho: o limite de 15 MB da imagem no navegador (issue 23 item 20)', ({ caminho, rotulo }) => {
  it('mostra "até 15 MB" no campo e recusa na hora uma imagem maior, sem enviá-la', async () => {
    simularApi({
      'GET /api/auth/sessao': respostaSessao(SESSAO_GESTOR),
      [`GET /api/revendas/${ID_REVENDA}`]: sucesso(REVENDA),
    });
    const xhr = vi.fn();
    vi.stubGlobal('XMLHttpRequest', xhr);
    try {
      const { container } = renderizarApp(`/revenda/${ID_REVENDA}/${caminho}/incluir`);
      await screen.findByText(/^Imagem até 15 MB ou vídeo\./);
      expect(screen.getByText(rotulo, { exact: false })).toBeInTheDocument();
      const entrada = container.querySelector('input[type=file]') as HTMLInputElement;
      fireEvent.change(entrada, { target: { files: [arquivoDe('foto.jpg', 27)] } });
      expect(await screen.findByText('A imagem deve ter no máximo 15 MB.')).toBeInTheDocument();
      expect(xhr).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
