import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chaves } from './chaves';
import { chavesDoEvento, criarInvalidador } from './eventos';

const R = 'r1';
const evento = (tabela: string, revenda: string | null = R) => ({ tabela, revenda, id: 'x', op: 'UPDATE' as const });

describe('chavesDoEvento', () => {
  it('liga a fila de moderação aos contadores do admin e aos veículos da revenda (linha do tempo)', () => {
    expect(chavesDoEvento(evento('moderacao', null))).toContainEqual(chaves.dashboard.admin());
    expect(chavesDoEvento(evento('moderacao'))).toContainEqual(chaves.revenda.sub(R, 'veiculos'));
  });
  it('liga veículos, vendidos, usuários e banners ao painel da revenda do evento', () => {
    for (const tabela of ['veiculos', 'vendidos', 'usuarios', 'banners']) {
      expect(chavesDoEvento(evento(tabela))).toContainEqual(chaves.revenda.dashboard(R));
    }
    expect(chavesDoEvento(evento('veiculos'))).toContainEqual(chaves.revenda.sub(R, 'veiculos'));
  });
  it('liga anúncios e integrações ao painel da revenda (gráficos e "Precisa de atenção", issue 25)', () => {
    for (const tabela of ['veiculo_integracoes', 'revenda_integracoes', 'veiculo_vendas']) {
      expect(chavesDoEvento(evento(tabela))).toContainEqual(chaves.revenda.dashboard(R));
    }
  });
  it('liga os catálogos às suas listas', () => {
    expect(chavesDoEvento(evento('opcionais', null))).toEqual([chaves.opcionais.todas]);
    expect(chavesDoEvento(evento('fipe_manual', null))).toEqual([chaves.fipe.todas]);
    expect(chavesDoEvento(evento('revenda_integracoes'))).toContainEqual(chaves.revenda.sub(R, 'integracoes'));
  });
  it('ignora tabelas desconhecidas', () => {
    expect(chavesDoEvento(evento('sessoes'))).toEqual([]);
  });
});

describe('criarInvalidador', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('agrupa uma rajada de eventos numa invalidação por chave, depois do atraso', () => {
    const qc = new QueryClient();
    const invalidar = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    const inv = criarInvalidador(qc, 150);
    for (let i = 0; i < 50; i++) inv.receber(evento('moderacao', null));
    expect(invalidar).not.toHaveBeenCalled();
    vi.advanceTimersByTime(149);
    expect(invalidar).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    const chamadas = invalidar.mock.calls.map(([f]) => f?.queryKey);
    expect(chamadas).toContainEqual(chaves.dashboard.admin());
    expect(new Set(chamadas.map((k) => JSON.stringify(k))).size).toBe(chamadas.length);
  });

  it('num fluxo contínuo de eventos (um job em lote), invalida ao menos a cada segundo, não só quando o fluxo para', () => {
    const qc = new QueryClient();
    const invalidar = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    const inv = criarInvalidador(qc, 150, 1000);
    // An event every 50 ms for 3.5 s: the 150 ms quiet period never comes.
    for (let t = 0; t < 3500; t += 50) {
      inv.receber(evento('lote_itens', 'r1'));
      vi.advanceTimersByTime(50);
    }
    const doLote = () =>
      invalidar.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(chaves.revenda.sub('r1', 'lotes')));
    expect(doLote()).toHaveLength(3);
    // Once the stream stops, what is pending goes after the quiet period.
    vi.advanceTimersByTime(150);
    expect(doLote()).toHaveLength(4);
  });

  it('não invalida nada depois de cancelado', () => {
    const qc = new QueryClient();
    const invalidar = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    const inv = criarInvalidador(qc, 150);
    inv.receber(evento('opcionais', null));
    inv.cancelar();
    vi.advanceTimersByTime(1000);
    expect(invalidar).not.toHaveBeenCalled();
  });
});
