import {
  DIAS_ESTOQUE_ATENCAO,
  type FiltroListaVeiculos,
  type FiltroUrlLista,
  type FormatoExportacao,
  filtrarLista,
  type VeiculoLinha,
} from '@intermedio/contracts';
import type { Executor } from '../../db/cliente.ts';
import { dashboardRepository } from '../dashboard/dashboard.repository.ts';
import type { VeiculosService } from '../veiculos/veiculos.service.ts';
import { nomeDeArquivo } from '../veiculos/veiculos.texto.ts';
import { veiculosListaRepository } from '../veiculos/veiculos-lista.repository.ts';
import { COLUNAS_ALTERACOES, COLUNAS_ESTOQUE, COLUNAS_VENDAS, type LinhaAlteracao } from './colunas.ts';
import { exportacoesRepository } from './exportacoes.repository.ts';
import { planilha } from './planilha.ts';

/** Today in São Paulo as "aaaa-mm-dd" (file names). */
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** Stock, sales and change-log exports (issue 25 item 6): the rows from one statement, then the file streamed. */
export function criarExportacoesService(db: Executor, veiculos: VeiculosService) {
  return {
    /** The vehicle list's rows (same statement) through the list's own filters (contracts/exportacoes.ts). */
    async estoque(idRevenda: string, formato: FormatoExportacao, filtro: FiltroListaVeiculos, daUrl?: FiltroUrlLista) {
      const revenda = await veiculos.revendaDe(idRevenda);
      let linhas = filtrarLista((await veiculosListaRepository.consultaLista(db, idRevenda)) as VeiculoLinha[], filtro);
      if (daUrl === 'acima_fipe') {
        const ids = new Set(await dashboardRepository.acimaDaFipe(db, idRevenda));
        linhas = linhas.filter((l) => ids.has(l.id));
      } else if (daUrl === 'estoque_90') linhas = linhas.filter((l) => l.vevendido === 0 && l.dias_estoque > DIAS_ESTOQUE_ATENCAO);
      return {
        nome: `Estoque_${nomeDeArquivo(revenda.penome_fantasia)}_${hoje()}.${formato}`,
        arquivo: planilha(formato, COLUNAS_ESTOQUE, linhas, 'Estoque'),
      };
    },

    async vendas(idRevenda: string, formato: FormatoExportacao, de: string, ate: string) {
      const revenda = await veiculos.revendaDe(idRevenda);
      const linhas = await exportacoesRepository.vendas(db, idRevenda, de, ate);
      return {
        nome: `Vendas_${nomeDeArquivo(revenda.penome_fantasia)}_${de}_a_${ate}.${formato}`,
        arquivo: planilha(formato, COLUNAS_VENDAS, linhas, 'Vendas'),
      };
    },

    /** The vehicle's change log, one row per changed field, newest change first (as the .txt). */
    async alteracoes(idRevenda: string, idVeiculo: string, formato: FormatoExportacao) {
      const { veiculo, alteracoes } = await veiculos.alteracoes(idRevenda, idVeiculo);
      const linhas: LinhaAlteracao[] = alteracoes.flatMap((a) =>
        Object.entries(a.campos as Record<string, { antiga: unknown; nova: unknown }>).map(([campo, { antiga, nova }]) => ({
          data: a.vedataalteracao,
          usuario: a.veusuarioalterou,
          campo,
          antiga: String(antiga ?? ''),
          nova: String(nova ?? ''),
        })),
      );
      const nomeVeiculo = nomeDeArquivo(`${veiculo.vefipe_marca} ${veiculo.vefipe_name} ${veiculo.vefipe_ano_modelo}`);
      return { nome: `Alteracoes_${nomeVeiculo}.${formato}`, arquivo: planilha(formato, COLUNAS_ALTERACOES, linhas, 'Alterações') };
    },
  };
}
export type ExportacoesService = ReturnType<typeof criarExportacoesService>;
