import { CODIGO_TIPO_VEICULO, normalizarBusca, type OpcaoFipe, type TipoVeiculo } from '@intermedio/contracts';
import { casarMarca, versoesCandidatas } from '../../canais/mapeamento.ts';
import { ErroHttp } from '../../lib/http.ts';
import type { FipeService } from '../fipe/fipe.service.ts';

export type CasamentoFipe = { estado: 'encontrado' | 'ambiguo' | 'nao_encontrado'; escolhido: OpcaoFipe | null; opcoes: OpcaoFipe[] };
type Entrada = { tipo: TipoVeiculo; marca: string; modelo: string; versao: string; ano: number; codigoFipe?: string; escolha?: string };

/**
 * Brand, model and version against the FIPE lookup the form uses (modules/fipe, cached): the brand through the
 * channels' aliases, the model by name (or the longest model name the text starts with), the version by its FIPE
 * code when given, else by name (exact, or every word of one in the other). One lookup per brand/model/year per
 * preview (`memo`).
 */
export function criarCasadorFipe(fipe: FipeService) {
  const memo = new Map<string, Promise<OpcaoFipe[] | null>>();

  async function versoesDe(e: Entrada): Promise<OpcaoFipe[] | null> {
    const tipo = CODIGO_TIPO_VEICULO[e.tipo];
    try {
      const marcas = await fipe.marcas(tipo);
      const casada = casarMarca(
        marcas.map((m) => ({ id: m.codigo, nome: m.nome })),
        e.marca,
      );
      const marca = marcas.find((m) => m.codigo === casada?.id);
      if (!marca) return null;
      const modelos = await fipe.modelos(tipo, marca.codigo);
      const alvo = normalizarBusca(e.modelo);
      const modelo =
        modelos.find((m) => normalizarBusca(m.nome) === alvo) ??
        modelos.filter((m) => alvo.startsWith(`${normalizarBusca(m.nome)} `)).sort((a, b) => b.nome.length - a.nome.length)[0];
      if (!modelo) return null;
      const ano = (await fipe.anos(tipo, marca.codigo, modelo.codigo)).find((a) => a.ano === e.ano);
      if (!ano) return null;
      const versoes = await fipe.versoes(tipo, marca.codigo, modelo.codigo, ano.codigo);
      return versoes.map((v) => ({ codigo: v.codigo_fipe ?? v.codigo, marca: marca.nome, modelo: modelo.nome, versao: v.nome }));
    } catch (erro) {
      if (erro instanceof ErroHttp) return null; // lookup unavailable or unknown: not found
      throw erro;
    }
  }

  return async function casar(e: Entrada): Promise<CasamentoFipe> {
    const chave = [e.tipo, normalizarBusca(e.marca), normalizarBusca(e.modelo), e.ano].join('|');
    let p = memo.get(chave);
    if (!p) {
      p = versoesDe(e);
      memo.set(chave, p);
    }
    const versoes = await p;
    const nada: CasamentoFipe = { estado: 'nao_encontrado', escolhido: null, opcoes: [] };
    if (!versoes?.length) return nada;
    const escolhida = e.escolha ? versoes.find((v) => v.codigo === e.escolha) : undefined;
    if (escolhida) return { estado: 'encontrado', escolhido: escolhida, opcoes: [] };
    const porCodigo = e.codigoFipe ? versoes.filter((v) => v.codigo === e.codigoFipe) : [];
    const exata = versoes.filter((v) => normalizarBusca(v.versao) === normalizarBusca(e.versao));
    const candidatas = porCodigo.length
      ? porCodigo
      : exata.length
        ? exata
        : versoesCandidatas(
            versoes.map((v) => ({ ...v, id: v.codigo, nome: v.versao })),
            e.versao,
          ).map(({ id: _id, nome: _nome, ...v }) => v);
    if (candidatas.length === 1) return { estado: 'encontrado', escolhido: candidatas[0] ?? null, opcoes: [] };
    if (candidatas.length > 1) return { estado: 'ambiguo', escolhido: null, opcoes: candidatas };
    return nada;
  };
}
