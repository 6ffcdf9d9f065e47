import type { FiltroListaVeiculos, FiltroUrlLista, FormatoExportacao } from '@intermedio/contracts';

const seg = encodeURIComponent;

/** Addresses of the export downloads (issue 25 item 6, docs/exportacoes.md). */
export const urlExportacoes = {
  /** The stock with the list's current filters (the server applies the same filter functions). */
  estoque(idRevenda: string, formato: FormatoExportacao, f: FiltroListaVeiculos, daUrl?: FiltroUrlLista | null) {
    const q = new URLSearchParams({ formato });
    if (daUrl) q.set('filtro', daUrl);
    if (f.texto?.trim()) q.set('texto', f.texto.trim());
    if (f.tipo) q.set('tipo', f.tipo);
    if (f.filtros?.length) q.set('filtros', f.filtros.join(','));
    return `/api/revendas/${seg(idRevenda)}/veiculos/exportar?${q}`;
  },
  vendas: (idRevenda: string, formato: FormatoExportacao, de: string, ate: string) =>
    `/api/revendas/${seg(idRevenda)}/vendas/exportar?${new URLSearchParams({ formato, de, ate })}`,
  alteracoes: (idRevenda: string, idVeiculo: string, formato: FormatoExportacao) =>
    `/api/revendas/${seg(idRevenda)}/veiculos/${seg(idVeiculo)}/alteracoes/exportar?formato=${formato}`,
};
