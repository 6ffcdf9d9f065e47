import { type FilaModeracao, type FilaPublicacaoModeracao, type FilaVeiculoModeracao, MENSAGENS_MODERACAO } from '@intermedio/contracts';
import type { Db } from '../../db/cliente.ts';
import { naoEncontrado } from '../../lib/http.ts';
import { moderacaoRepository } from './moderacao.repository.ts';
import { moderacaoListaRepository } from './moderacao-lista.repository.ts';

/** The moderation queues (spec 2 §2–§4): lists (orphans dropped on load) and validation (an entry leaves its queue). */
export function criarModeracaoService(db: Db) {
  return {
    listarVeiculos: (fila: FilaVeiculoModeracao) => moderacaoListaRepository.listarVeiculos(db, fila),
    async linhaVeiculo(fila: FilaVeiculoModeracao, idEntrada: string) {
      const linha = await moderacaoListaRepository.linhaVeiculo(db, fila, idEntrada);
      if (!linha) throw naoEncontrado(MENSAGENS_MODERACAO.naoEncontrada);
      return linha;
    },
    /** Several entries at once (live patch after a burst); the ones not answered left the queue. */
    linhasVeiculos: (fila: FilaVeiculoModeracao, ids: readonly string[]) =>
      moderacaoListaRepository.linhasVeiculos(db, fila, [...new Set(ids)]),
    linhasPublicacoes: (fila: FilaPublicacaoModeracao, ids: readonly string[]) =>
      moderacaoListaRepository.linhasPublicacoes(db, fila, [...new Set(ids)]),
    listarPublicacoes: (fila: FilaPublicacaoModeracao) => moderacaoListaRepository.listarPublicacoes(db, fila),
    async linhaPublicacao(fila: FilaPublicacaoModeracao, idEntrada: string) {
      const linha = await moderacaoListaRepository.linhaPublicacao(db, fila, idEntrada);
      if (!linha) throw naoEncontrado(MENSAGENS_MODERACAO.naoEncontrada);
      return linha;
    },

    /** One entry; 404 when it is no longer in the queue (validated meanwhile, or its item is gone). */
    async validarUm(fila: FilaModeracao, idEntrada: string, usuarioId: string | null = null) {
      const validados = await db.transaction((tx) => moderacaoRepository.validar(tx, fila, [idEntrada], usuarioId));
      if (validados === 0) throw naoEncontrado(MENSAGENS_MODERACAO.naoEncontrada);
      return { validados };
    },

    /** The checked entries, in one transaction: all or none. Entries validated meanwhile by someone else are skipped. */
    async validarLote(fila: FilaModeracao, ids: readonly string[], usuarioId: string | null = null) {
      const unicos = [...new Set(ids)];
      return { validados: await db.transaction((tx) => moderacaoRepository.validar(tx, fila, unicos, usuarioId)) };
    },
  };
}
export type ModeracaoService = ReturnType<typeof criarModeracaoService>;
