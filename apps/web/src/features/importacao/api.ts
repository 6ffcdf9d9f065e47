import {
  type confirmarImportacaoEntrada,
  importacao,
  importacoesResposta,
  type MapeamentoImportacao,
  previaImportacao,
  resultadoLinhaImportacao,
} from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

const seg = encodeURIComponent;
const base = (idRevenda: string) => `/api/revendas/${seg(idRevenda)}/importacoes`;
const uma = (idRevenda: string, id: string) => `${base(idRevenda)}/${seg(id)}`;

export const urlImportacoes = {
  lista: base,
  modelo: (idRevenda: string, formato: 'csv' | 'xlsx') => `${base(idRevenda)}/modelo?formato=${formato}`,
  arquivo: (idRevenda: string) => `${base(idRevenda)}/arquivo`,
  url: (idRevenda: string) => `${base(idRevenda)}/url`,
  importacao: uma,
  previa: (idRevenda: string, id: string) => `${uma(idRevenda, id)}/previa`,
  confirmar: (idRevenda: string, id: string) => `${uma(idRevenda, id)}/confirmar`,
  linhas: (idRevenda: string, id: string) => `${uma(idRevenda, id)}/linhas`,
  relatorio: (idRevenda: string, id: string) => `${uma(idRevenda, id)}/relatorio`,
};

/** Every key lives under the reseller's 'importacoes': the importacoes change events refetch them (lib/eventos.ts). */
export const chavesImportacao = {
  lista: (idRevenda: string) => chaves.revenda.lista(idRevenda, 'importacoes'),
  importacao: (idRevenda: string, id: string) => chaves.revenda.detalhe(idRevenda, 'importacoes', id),
  linhas: (idRevenda: string, id: string) => [...chaves.revenda.detalhe(idRevenda, 'importacoes', id), 'linhas'] as const,
};

type ConfirmarImportacaoEntrada = z.input<typeof confirmarImportacaoEntrada>;

/** The answers' `data` (the envelope is unwrapped by chamarApi). */
const itemLista = importacoesResposta.shape.data.element;

/** The reseller's recent imports (20, newest first). */
export function useImportacoes(idRevenda: string) {
  return useQuery({
    queryKey: chavesImportacao.lista(idRevenda),
    queryFn: ({ signal }) => api.get(urlImportacoes.lista(idRevenda), { esquema: z.array(itemLista), signal }),
  });
}

/** One import (columns, sample, mapping, progress). Live: its row's change events refetch it, no polling. */
export function useImportacao(idRevenda: string, id: string) {
  return useQuery({
    queryKey: chavesImportacao.importacao(idRevenda, id),
    queryFn: ({ signal }) => api.get(urlImportacoes.importacao(idRevenda, id), { esquema: importacao, signal }),
  });
}

/** What the job did per row (the final report), once the import ended. */
export function useLinhasImportacao(idRevenda: string, id: string, habilitado: boolean) {
  return useQuery({
    queryKey: chavesImportacao.linhas(idRevenda, id),
    queryFn: ({ signal }) => api.get(urlImportacoes.linhas(idRevenda, id), { esquema: z.array(resultadoLinhaImportacao), signal }),
    enabled: habilitado,
  });
}

/** Reads a feed URL into a new draft import. */
export function useImportarUrl(idRevenda: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post(urlImportacoes.url(idRevenda), { url }, { esquema: importacao }),
    onSuccess: (i) => guardar(queryClient, idRevenda, i),
  });
}

/** The preview of a mapping (the server remembers the mapping for the reseller). */
export function usePrevia(idRevenda: string, id: string) {
  return useMutation({
    mutationFn: (mapeamento: MapeamentoImportacao) =>
      api.post(urlImportacoes.previa(idRevenda, id), { mapeamento }, { esquema: previaImportacao }),
  });
}

/** Starts the job; the answer (estado importando) replaces the cached import, so the screen turns to the progress. */
export function useConfirmar(idRevenda: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entrada: ConfirmarImportacaoEntrada) =>
      api.post(urlImportacoes.confirmar(idRevenda, id), entrada, { esquema: importacao }),
    onSuccess: (i) => guardar(queryClient, idRevenda, i),
  });
}

/** Caches a fresh import answer and refreshes the recent list. */
export function guardar(queryClient: ReturnType<typeof useQueryClient>, idRevenda: string, i: z.infer<typeof importacao>) {
  queryClient.setQueryData(chavesImportacao.importacao(idRevenda, i.id), i);
  void queryClient.invalidateQueries({ queryKey: chavesImportacao.lista(idRevenda) });
}
