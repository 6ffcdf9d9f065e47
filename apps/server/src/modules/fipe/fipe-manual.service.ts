import { type FipeManualVeiculo, MENSAGENS_FIPE, normalizarBusca, type TipoFipe } from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import { type FipeManualRegistro, fipeManualRepository } from './fipe-manual.repository.ts';

export const paraFipeManual = (v: FipeManualRegistro): FipeManualVeiculo => ({
  ...v,
  tipo: v.tipo as TipoFipe,
  created_at: v.created_at.toISOString(),
});

const colador = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
/** List order (the spec gives none): brand, model, version, then model year, as a catalogue reads. */
const comparar = (a: FipeManualRegistro, b: FipeManualRegistro) =>
  colador.compare(a.marca_api, b.marca_api) ||
  colador.compare(a.modelo_api, b.modelo_api) ||
  colador.compare(a.versao_api, b.versao_api) ||
  colador.compare(a.anomod, b.anomod);

const assinatura = (v: Pick<FipeManualRegistro, 'tipo' | 'marca_api' | 'modelo_api' | 'versao_api' | 'anomod'>) =>
  [v.tipo, v.marca_api, v.modelo_api, v.versao_api, v.anomod].map((x) => normalizarBusca(String(x))).join('|');

type Entrada = { tipo: TipoFipe; marca_api: string; modelo_api: string; versao_api: string; anomod: string };

export function criarFipeManualService(db: Db) {
  return {
    listar: async () => (await fipeManualRepository.listar(db)).sort(comparar),

    /** Values arrive trimmed (contract). The same vehicle twice (ignoring case and accents) is refused. */
    async incluir(dados: Entrada, quem: UsuarioDaSessao) {
      const existentes = await fipeManualRepository.listarDoTipo(db, dados.tipo);
      if (existentes.some((v) => assinatura(v) === assinatura(dados))) {
        throw new ErroHttp(409, 'Este veículo já está na tabela FIPE manual.');
      }
      try {
        return await fipeManualRepository.criar(db, { ...dados, created_id: quem.id });
      } catch {
        throw new ErroHttp(500, MENSAGENS_FIPE.erroIncluir);
      }
    },

    async excluir(id: string) {
      let removido: boolean;
      try {
        removido = await fipeManualRepository.remover(db, id);
      } catch {
        throw new ErroHttp(500, MENSAGENS_FIPE.erroExcluir);
      }
      if (!removido) throw naoEncontrado(MENSAGENS_FIPE.naoEncontrado);
    },
  };
}
export type FipeManualService = ReturnType<typeof criarFipeManualService>;
