import type { CanalId, OpcaoCanalApi } from '@intermedio/contracts';
import { useEffect } from 'react';
import { useModelos, useVersoes } from './api';

type DoRascunho = { marca: string; modelo: string; modelos: readonly OpcaoCanalApi[]; versoes: readonly OpcaoCanalApi[] };

/**
 * The brand → model → version cascade of a draft's form (spec 3 §4, Autoline and Autoscar): the draft's lists while
 * its brand (and model) stay chosen, the channel's for another choice; a single version is chosen for the user when
 * none is (spec 3 §2.5). `rascunho` is undefined until the draft arrives.
 */
export function useCascataRascunho(
  canal: CanalId,
  idVeiculo: string,
  escolha: { marca: string; modelo: string; versao: string },
  rascunho: DoRascunho | undefined,
  escolherVersao: (id: string) => void,
) {
  const marcaDoRascunho = escolha.marca === rascunho?.marca;
  const modeloDoRascunho = marcaDoRascunho && escolha.modelo === rascunho?.modelo;
  const consultaModelos = useModelos(canal, idVeiculo, rascunho && !marcaDoRascunho ? escolha.marca || null : null);
  const consultaVersoes = useVersoes(
    canal,
    idVeiculo,
    rascunho && !modeloDoRascunho ? escolha.marca || null : null,
    rascunho && !modeloDoRascunho ? escolha.modelo || null : null,
  );
  const versoes = (modeloDoRascunho ? rascunho?.versoes : consultaVersoes.data) ?? [];
  const unicaVersao = versoes.length === 1 ? versoes[0]?.id : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list changes
  useEffect(() => {
    if (unicaVersao && !escolha.versao) escolherVersao(unicaVersao);
  }, [unicaVersao]);
  return { modelos: marcaDoRascunho ? rascunho?.modelos : consultaModelos.data, versoes };
}
