import type { EventoMudanca } from '@intermedio/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EventSourceFalso, falha, simularApi, simularEventSource, sucesso } from '@/test/utils';
import { criarInvalidador, useEventosAoVivo } from './eventos';
import {
  aplicarLinha,
  aplicarLinhas,
  criarAtualizadorDeLista,
  ehListaAoVivo,
  invalidarForaDasListasAoVivo,
  LIMITE_LINHAS_POR_RAJADA,
  LIMITE_LOTE_LINHAS,
  type OpcoesListaAoVivo,
  useListaAoVivo,
} from './lista-ao-vivo';

type Linha = { id: string; nome: string };
const CHAVE = ['coisas', 'lista', {}];
const opcoes: OpcoesListaAoVivo<Linha> = {
  queryKey: CHAVE,
  url: '/api/coisas',
  urlLinha: (id) => `/api/coisas/lista/${id}`,
  esquema: z.object({ id: z.string(), nome: z.string() }),
  idDe: (l) => l.id,
  comparar: (a, b) => (a.nome < b.nome ? -1 : a.nome > b.nome ? 1 : 0),
  linhaDoEvento: (e) => (e.tabela === 'coisas' && e.id ? { id: e.id, remover: e.op === 'DELETE' } : null),
};
const ev = (id: string, op: EventoMudanca['op'] = 'UPDATE', tabela = 'coisas'): EventoMudanca => ({ tabela, revenda: null, id, op });
const lista = (...nomes: string[]) => nomes.map((nome, i) => ({ id: `c${i}`, nome }));

describe('aplicarLinha', () => {
  const op = { idDe: opcoes.idDe, comparar: opcoes.comparar };
  it('insere na posição da ordem do servidor, troca e move uma linha alterada, e remove', () => {
    const base = lista('b', 'd', 'f');
    expect(aplicarLinha(base, 'n', { id: 'n', nome: 'e' }, op).map((l) => l.nome)).toEqual(['b', 'd', 'e', 'f']);
    expect(aplicarLinha(base, 'c0', { id: 'c0', nome: 'z' }, op).map((l) => l.id)).toEqual(['c1', 'c2', 'c0']);
    expect(aplicarLinha(base, 'c1', null, op).map((l) => l.nome)).toEqual(['b', 'f']);
    expect(base.map((l) => l.nome)).toEqual(['b', 'd', 'f']);
  });
});

describe('aplicarLinhas', () => {
  const op = { idDe: opcoes.idDe, comparar: opcoes.comparar };
  it('aplica uma rajada de uma vez com o mesmo resultado que linha a linha', () => {
    const base = lista('b', 'd', 'f', 'h');
    const mudancas = new Map<string, Linha | null>([
      ['c1', null],
      ['c3', { id: 'c3', nome: 'a' }],
      ['n1', { id: 'n1', nome: 'e' }],
      ['n2', { id: 'n2', nome: 'z' }],
      ['x', null],
    ]);
    const umaAUma = [...mudancas].reduce<Linha[]>((l, [id, linha]) => aplicarLinha(l, id, linha, op), base);
    expect(aplicarLinhas(base, mudancas, op)).toEqual(umaAUma);
    expect(aplicarLinhas(base, mudancas, op).map((l) => l.nome)).toEqual(['a', 'b', 'e', 'f', 'z']);
    expect(base.map((l) => l.nome)).toEqual(['b', 'd', 'f', 'h']);
  });
});

describe('criarAtualizadorDeLista', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const preparar = (dados: Linha[]) => {
    const qc = new QueryClient();
    qc.setQueryData(CHAVE, dados);
    return { qc, atualizador: criarAtualizadorDeLista(qc, opcoes, 40) };
  };

  it('agrupa uma rajada: busca cada linha tocada uma vez e só ela, nunca a lista inteira', async () => {
    const api = simularApi({
      'GET /api/coisas/lista/c1': sucesso({ id: 'c1', nome: 'a' }),
      'GET /api/coisas/lista/n': sucesso({ id: 'n', nome: 'c' }),
    });
    const { qc, atualizador } = preparar(lista('b', 'd'));
    for (let i = 0; i < 10; i++) atualizador.receber(ev('c1'));
    atualizador.receber(ev('n', 'INSERT'));
    atualizador.receber(ev('x', 'UPDATE', 'outra_tabela'));
    expect(api).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40);
    expect(api.mock.calls.map(([u]) => String(u)).sort()).toEqual(['/api/coisas/lista/c1', '/api/coisas/lista/n']);
    expect(qc.getQueryData<Linha[]>(CHAVE)?.map((l) => l.nome)).toEqual(['a', 'b', 'c']);
  });

  it('remove a linha num DELETE sem pedir nada, e quando o servidor responde 404 (saiu da lista)', async () => {
    const api = simularApi({ 'GET /api/coisas/lista/c1': falha(404, 'Não encontrado.') });
    const { qc, atualizador } = preparar(lista('b', 'd', 'f'));
    atualizador.receber(ev('c0', 'DELETE'));
    atualizador.receber(ev('c1'));
    await vi.advanceTimersByTimeAsync(40);
    expect(api.mock.calls.map(([u]) => String(u))).toEqual(['/api/coisas/lista/c1']);
    expect(qc.getQueryData<Linha[]>(CHAVE)?.map((l) => l.nome)).toEqual(['f']);
  });

  it(`acima de ${LIMITE_LINHAS_POR_RAJADA} linhas numa rajada, baixa a lista uma vez em vez de uma por linha`, async () => {
    const api = simularApi({});
    const { qc, atualizador } = preparar(lista('b'));
    const invalidar = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    for (let i = 0; i <= LIMITE_LINHAS_POR_RAJADA; i++) atualizador.receber(ev(`n${i}`, 'INSERT'));
    await vi.advanceTimersByTimeAsync(40);
    expect(api).not.toHaveBeenCalled();
    expect(invalidar).toHaveBeenCalledTimes(1);
    expect(invalidar).toHaveBeenCalledWith({ queryKey: CHAVE, exact: true });
  });

  it('remoções não contam para o limite: mil DELETE numa rajada (uma validação em lote) não pedem nada', async () => {
    const api = simularApi({});
    const dados = Array.from({ length: 1200 }, (_, i) => ({ id: `c${i}`, nome: String(i).padStart(4, '0') }));
    const { qc, atualizador } = preparar(dados);
    const invalidar = vi.spyOn(qc, 'invalidateQueries');
    for (let i = 0; i < 1000; i++) atualizador.receber(ev(`c${i}`, 'DELETE'));
    await vi.advanceTimersByTimeAsync(40);
    expect(api).not.toHaveBeenCalled();
    expect(invalidar).not.toHaveBeenCalled();
    expect(qc.getQueryData<Linha[]>(CHAVE)?.map((l) => l.id)).toEqual(dados.slice(1000).map((l) => l.id));
  });

  it('com urlLinhas, uma rajada de centenas de linhas custa um só pedido (as que não vêm saíram da lista)', async () => {
    const pedidos: string[][] = [];
    const api = simularApi({
      'POST /api/coisas/linhas': (_c, init) => {
        const ids = (JSON.parse(String(init.body)) as { ids: string[] }).ids;
        pedidos.push(ids);
        return sucesso(ids.filter((id) => id !== 'c5').map((id) => ({ id, nome: id === 'novo' ? 'a' : `x${id}` })));
      },
    });
    const dados = Array.from({ length: 300 }, (_, i) => ({ id: `c${i}`, nome: `m${String(i).padStart(3, '0')}` }));
    const qc = new QueryClient();
    qc.setQueryData(CHAVE, dados);
    const atualizador = criarAtualizadorDeLista(qc, { ...opcoes, urlLinhas: '/api/coisas/linhas' }, 40);
    const invalidar = vi.spyOn(qc, 'invalidateQueries');
    for (let i = 0; i < 200; i++) atualizador.receber(ev(`c${i}`));
    atualizador.receber(ev('novo', 'INSERT'));
    atualizador.receber(ev('c250', 'DELETE'));
    await vi.advanceTimersByTimeAsync(40);
    expect(api).toHaveBeenCalledTimes(1);
    expect(invalidar).not.toHaveBeenCalled();
    expect(pedidos[0]).toHaveLength(201);
    const depois = qc.getQueryData<Linha[]>(CHAVE) ?? [];
    expect(depois).toHaveLength(300 - 2 + 1);
    expect(depois[0]).toEqual({ id: 'novo', nome: 'a' });
    expect(depois.find((l) => l.id === 'c7')?.nome).toBe('xc7');
    expect(depois.some((l) => l.id === 'c5' || l.id === 'c250')).toBe(false);
  });

  it(`com urlLinhas, acima de ${LIMITE_LOTE_LINHAS} linhas a buscar, baixa a lista uma vez`, async () => {
    const api = simularApi({});
    const qc = new QueryClient();
    qc.setQueryData(CHAVE, lista('b'));
    const atualizador = criarAtualizadorDeLista(qc, { ...opcoes, urlLinhas: '/api/coisas/linhas' }, 40);
    const invalidar = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    for (let i = 0; i <= LIMITE_LOTE_LINHAS; i++) atualizador.receber(ev(`n${i}`, 'INSERT'));
    await vi.advanceTimersByTimeAsync(40);
    expect(api).not.toHaveBeenCalled();
    expect(invalidar).toHaveBeenCalledTimes(1);
  });

  it('espera o download em andamento terminar antes de aplicar (ele pode ser anterior à mudança)', async () => {
    simularApi({ 'GET /api/coisas/lista/n': sucesso({ id: 'n', nome: 'c' }) });
    const qc = new QueryClient();
    let terminar: (v: Linha[]) => void = () => {};
    void qc.fetchQuery({ queryKey: CHAVE, queryFn: () => new Promise<Linha[]>((ok) => (terminar = ok)) });
    qc.setQueryData(CHAVE, lista('b'));
    const atualizador = criarAtualizadorDeLista(qc, opcoes, 40);
    atualizador.receber(ev('n', 'INSERT'));
    await vi.advanceTimersByTimeAsync(120);
    terminar(lista('b', 'd'));
    await vi.advanceTimersByTimeAsync(80);
    expect(qc.getQueryData<Linha[]>(CHAVE)?.map((l) => l.nome)).toEqual(['b', 'c', 'd']);
  });

  it('não faz nada com uma lista que ainda não foi baixada, nem depois de cancelado', async () => {
    const api = simularApi({});
    const qc = new QueryClient();
    const atualizador = criarAtualizadorDeLista(qc, opcoes, 40);
    atualizador.receber(ev('n', 'INSERT'));
    await vi.advanceTimersByTimeAsync(40);
    const outro = preparar(lista('b'));
    outro.atualizador.receber(ev('c0'));
    outro.atualizador.cancelar();
    await vi.advanceTimersByTimeAsync(100);
    expect(api).not.toHaveBeenCalled();
  });
});

describe('useListaAoVivo com useEventosAoVivo', () => {
  afterEach(() => vi.useRealTimers());

  const montar = () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const aoEncerrar = vi.fn();
    const r = renderHook(
      () => {
        useEventosAoVivo('sessao-1', aoEncerrar);
        return useListaAoVivo(opcoes);
      },
      { wrapper },
    );
    return { qc, ...r };
  };

  it('um evento atualiza só a linha, e a invalidação por prefixo (outras telas) não baixa a lista de novo', async () => {
    simularEventSource();
    const api = simularApi({
      'GET /api/coisas': () => sucesso(lista('b')),
      'GET /api/coisas/lista/n': () => sucesso({ id: 'n', nome: 'a' }),
    });
    const { qc, result, unmount } = montar();
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    act(() => EventSourceFalso.ultima()?.emitir(ev('n', 'INSERT'), '3'));
    await waitFor(() => expect(result.current.data?.map((l) => l.nome)).toEqual(['a', 'b']));
    criarInvalidador(qc, 0).receber({ tabela: 'opcionais', revenda: null, id: 'o', op: 'UPDATE' });
    await act(() => invalidarForaDasListasAoVivo(qc, ['coisas']));
    await new Promise((ok) => setTimeout(ok, 50));
    expect(api.mock.calls.filter(([u]) => String(u) === '/api/coisas')).toHaveLength(1);
    expect(ehListaAoVivo(CHAVE)).toBe(true);
    unmount();
    expect(ehListaAoVivo(CHAVE)).toBe(false);
  });

  it('"recarregar" (o servidor não conseguiu repor o que se perdeu) baixa a lista uma vez', async () => {
    simularEventSource();
    const api = simularApi({ 'GET /api/auth/sessao': sucesso(null), 'GET /api/coisas': () => sucesso(lista('b')) });
    const { result, unmount } = montar();
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    act(() => EventSourceFalso.ultima()?.emitirEvento('recarregar', '40'));
    await waitFor(() => expect(api.mock.calls.filter(([u]) => String(u) === '/api/coisas')).toHaveLength(2));
    unmount();
  });

  it('uma conexão recusada é reaberta a partir do último id recebido (?ultimo=)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    simularEventSource();
    simularApi({ 'GET /api/coisas': () => sucesso(lista('b')) });
    const { unmount } = montar();
    const fonte = EventSourceFalso.ultima();
    expect(fonte?.url).toBe('/api/eventos');
    act(() => fonte?.emitirEvento('conectado', '12'));
    act(() => {
      if (!fonte) return;
      fonte.readyState = EventSourceFalso.CLOSED;
      fonte.onerror?.();
    });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(EventSourceFalso.ultima()?.url).toBe('/api/eventos?ultimo=12');
    unmount();
  });
});
