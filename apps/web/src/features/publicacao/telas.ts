import { CANAIS, type CanalId } from '@intermedio/contracts';
import { createElement } from 'react';
import { ROTULO_CANAL } from '@/lib/canais';
import type { VarianteVeiculo } from '@/lib/rotas';
import type { Tela } from '@/lib/telas';
import type { PropsDespachante } from './Despachante';
import { PAGINAS_PUBLICACAO } from './paginas';

/**
 * Per-vehicle publishing routes of each channel (spec 3 §2.2). `incluir`: the vehicle kinds with their own
 * screen behind the `incluir` dispatcher (none: `incluir` is the screen). `alterar`: same for `{idAnuncio}/alterar`;
 * false when the channel has no change route.
 */
const ROTAS_POR_CANAL: Record<CanalId, { incluir: VarianteVeiculo[]; alterar: VarianteVeiculo[] | false; tituloIncluir?: string }> = {
  autoscar: { incluir: ['carro', 'moto'], alterar: ['carro', 'moto'] },
  webmotors: { incluir: ['carro', 'moto'], alterar: [] },
  olx: { incluir: [], alterar: [] },
  autoline: { incluir: [], alterar: [] },
  mercadolivre: { incluir: ['carro', 'moto'], alterar: [] },
  icarros: { incluir: [], alterar: [] },
  meucarronovo: { incluir: [], alterar: [] },
  mobiauto: { incluir: ['carro'], alterar: [] },
  facebook: { incluir: [], alterar: false, tituloIncluir: 'Incluir carro Facebook' },
  instagram: { incluir: [], alterar: false, tituloIncluir: 'Incluir carro Instagram' },
};

const BASE = '/revenda/:idRevenda/veiculos/:idVeiculo/integracao';

/** The dispatcher page of a channel with per-type screens (loaded on demand with the rest of the feature). */
const despachante = (p: PropsDespachante) => async () => {
  const { Despachante } = await import('./Despachante');
  return { default: () => createElement(Despachante, p) };
};

function telasDoCanal(canal: CanalId): Tela[] {
  const { incluir, alterar, tituloIncluir } = ROTAS_POR_CANAL[canal];
  const nome = ROTULO_CANAL[canal];
  const tela = (caminho: string, titulo: string, pagina = PAGINAS_PUBLICACAO[`${canal}/${caminho}`]): Tela => ({
    caminho: `${BASE}/${canal}/${caminho}`,
    titulo,
    regra: 'revenda',
    ...(pagina ? { pagina } : {}),
  });
  const tituloIncluirCanal = tituloIncluir ?? `Incluir veículo ${nome}`;
  const tituloAlterar = `Alterar veículo ${nome}`;
  return [
    incluir.length
      ? tela('incluir', tituloIncluirCanal, despachante({ canal, acao: 'incluir', variantes: incluir, titulo: tituloIncluirCanal }))
      : tela('incluir', tituloIncluirCanal),
    ...incluir.map((v) => tela(`incluir-${v}`, `Incluir ${v} ${nome}`)),
    ...(alterar === false
      ? []
      : [
          alterar.length
            ? tela(':idAnuncio/alterar', tituloAlterar, despachante({ canal, acao: 'alterar', variantes: alterar, titulo: tituloAlterar }))
            : tela(':idAnuncio/alterar', tituloAlterar),
          ...alterar.map((v) => tela(`:idAnuncio/alterar-${v}`, `Alterar ${v} ${nome}`)),
        ]),
  ];
}

export const telasPublicacao: Tela[] = CANAIS.flatMap(telasDoCanal);
