import { z } from 'zod';
import { idsMarcados, kmPortal, listasPortal, opcaoPortal, placaPortal, selecaoObrigatoria, textoPortal, valorPortal } from './portais.ts';

/** Na Pista, internally meucarronovo (spec 3 §2.5, §3.9, §7): iCarros' shape plus four feature checkboxes. */

export const CARACTERISTICAS_NAPISTA = [
  { campo: 'blindado', rotulo: 'BLINDADO' },
  { campo: 'adaptadoPne', rotulo: 'ADAPTADO PARA PNE' },
  { campo: 'aceitaTroca', rotulo: 'ACEITA TROCA' },
  { campo: 'documentacaoEmDia', rotulo: 'DOCUMENTAÇÃO EM DIA' },
] as const;

/**
 * An ad type of the dealer's current plan (our reading of `/meus-dados/plano-vingente`, channels.md §7): the screen's
 * "Anúncio" select (spec 3 §5), offered only while the plan has free slots of that type.
 */
export const tipoAnuncioNaPista = z.object({ id: z.string(), nome: z.string(), disponiveis: z.number() });
export type TipoAnuncioNaPista = z.infer<typeof tipoAnuncioNaPista>;

/** What the user chooses; category, years and veiculoUsado are the vehicle's (sent values are ignored). */
export const postMeuCarroNovo = z.object({
  idTipoAnuncio: selecaoObrigatoria,
  idMarca: selecaoObrigatoria,
  idModelo: selecaoObrigatoria,
  idVersao: selecaoObrigatoria,
  placa: placaPortal,
  quilometragem: kmPortal,
  valor: valorPortal,
  observacoes: textoPortal,
  idCombustivel: selecaoObrigatoria,
  idCor: selecaoObrigatoria,
  idPortas: selecaoObrigatoria,
  idCambio: selecaoObrigatoria,
  opcionais: idsMarcados,
  blindado: z.boolean(),
  adaptadoPne: z.boolean(),
  aceitaTroca: z.boolean(),
  documentacaoEmDia: z.boolean(),
});
export type PostMeuCarroNovo = z.infer<typeof postMeuCarroNovo>;

export const rascunhoMeuCarroNovo = z.object({
  veiculoPost: z.object({
    idCategoria: z.number(),
    /** Preselected only when the plan offers exactly one ad type. */
    idTipoAnuncio: z.string(),
    idMarca: z.string(),
    idModelo: z.string(),
    idVersao: z.string(),
    anoFabricacao: z.number().nullable(),
    anoModelo: z.number().nullable(),
    placa: z.string(),
    quilometragem: z.number(),
    valor: z.number(),
    observacoes: z.string(),
    idCombustivel: z.string(),
    idCor: z.string(),
    idPortas: z.string(),
    idCambio: z.string(),
    opcionais: z.array(z.string()),
    aceitaTroca: z.boolean(),
    documentacaoEmDia: z.boolean(),
    blindado: z.boolean(),
    adaptadoPne: z.boolean(),
    veiculoUsado: z.boolean(),
  }),
  ...listasPortal,
  retPortas: z.array(opcaoPortal),
  retTiposAnuncio: z.array(tipoAnuncioNaPista),
});
export type RascunhoMeuCarroNovo = z.infer<typeof rascunhoMeuCarroNovo>;
