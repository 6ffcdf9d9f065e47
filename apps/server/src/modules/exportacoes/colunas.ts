import {
  type AnuncioLinha,
  type EstadoAnuncio,
  ROTULO_CAMPO_VEICULO,
  ROTULO_CANAL,
  ROTULO_TIPO_VEICULO,
  type VeiculoLinha,
} from '@intermedio/contracts';
import type { VendaExportada } from './exportacoes.repository.ts';
import type { Coluna } from './planilha.ts';

/** The columns of the three exports (docs/exportacoes.md). Titles in Portuguese, as the screens name them. */

const ESTADO: Record<EstadoAnuncio, string> = {
  publicado: 'publicado',
  desatualizado: 'desatualizado',
  atualizando: 'atualizando',
  pendente: 'pendente',
  falhou: 'falhou',
};
const nome = (v: { vefipe_marca: string; vefipe_name: string }) => `${v.vefipe_marca} ${v.vefipe_name}`.trim();
const ano = (v: { veano_fabricacao: number; vefipe_ano_modelo: number }) => `${v.veano_fabricacao}/${v.vefipe_ano_modelo}`;
/** "Webmotors: publicado, OLX: falhou" */
export const textoAnuncios = (a: readonly AnuncioLinha[]) =>
  a.map((x) => `${ROTULO_CANAL[x.canal] ?? x.canal}: ${ESTADO[x.estado]}`).join(', ');

export const COLUNAS_ESTOQUE: Coluna<VeiculoLinha>[] = [
  { titulo: 'Veículo', tipo: 'texto', largura: 36, valor: nome },
  { titulo: 'Tipo', tipo: 'texto', valor: (v) => ROTULO_TIPO_VEICULO[v.vetipoveiculo] },
  { titulo: 'Ano', tipo: 'texto', valor: ano },
  { titulo: 'Placa', tipo: 'texto', valor: (v) => v.veiplaca },
  { titulo: 'Cor', tipo: 'texto', valor: (v) => v.vecor },
  { titulo: 'Código interno', tipo: 'texto', largura: 16, valor: (v) => v.vecodigo_interno },
  { titulo: 'Valor', tipo: 'moeda', largura: 16, valor: (v) => v.vevalor },
  { titulo: 'Dias em estoque', tipo: 'inteiro', largura: 16, valor: (v) => v.dias_estoque },
  { titulo: 'Situação', tipo: 'texto', valor: (v) => (v.vevendido === 1 ? 'Vendido' : 'À venda') },
  { titulo: 'Incluído em', tipo: 'data', valor: (v) => v.created_at },
  { titulo: 'Atualizado em', tipo: 'dataHora', largura: 18, valor: (v) => v.updated_at },
  { titulo: 'Anúncios', tipo: 'texto', largura: 48, valor: (v) => textoAnuncios(v.anuncios) },
];

export const COLUNAS_VENDAS: Coluna<VendaExportada>[] = [
  { titulo: 'Vendido em', tipo: 'data', valor: (v) => v.vendido_em },
  { titulo: 'Veículo', tipo: 'texto', largura: 36, valor: nome },
  { titulo: 'Tipo', tipo: 'texto', valor: (v) => ROTULO_TIPO_VEICULO[v.vetipoveiculo] },
  { titulo: 'Ano', tipo: 'texto', valor: ano },
  { titulo: 'Placa', tipo: 'texto', valor: (v) => v.veiplaca },
  { titulo: 'Código interno', tipo: 'texto', largura: 16, valor: (v) => v.vecodigo_interno },
  { titulo: 'Valor', tipo: 'moeda', largura: 16, valor: (v) => v.vevalor },
  { titulo: 'Incluído em', tipo: 'data', valor: (v) => v.created_at },
  { titulo: 'Dias em estoque', tipo: 'inteiro', largura: 16, valor: (v) => v.dias_estoque },
  { titulo: 'Vendido por', tipo: 'texto', largura: 24, valor: (v) => v.vendedor },
  { titulo: 'Removido do estoque', tipo: 'texto', largura: 20, valor: (v) => (v.veremovido === 1 ? 'Sim' : 'Não') },
];

/** One row per changed field. */
export type LinhaAlteracao = { data: Date; usuario: string; campo: string; antiga: string; nova: string };

export const COLUNAS_ALTERACOES: Coluna<LinhaAlteracao>[] = [
  { titulo: 'Data', tipo: 'dataHora', largura: 18, valor: (a) => a.data },
  { titulo: 'Usuário', tipo: 'texto', largura: 24, valor: (a) => a.usuario },
  { titulo: 'Campo', tipo: 'texto', largura: 20, valor: (a) => ROTULO_CAMPO_VEICULO[a.campo] ?? a.campo },
  { titulo: 'Valor anterior', tipo: 'texto', largura: 30, valor: (a) => a.antiga },
  { titulo: 'Valor novo', tipo: 'texto', largura: 30, valor: (a) => a.nova },
];
