import { type buscarVersoesEntrada, CODIGO_TIPO_VEICULO, normalizarBusca } from '@intermedio/contracts';
import type { z } from 'zod';
import { casarMarca } from '../../canais/mapeamento.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp } from '../../lib/http.ts';
import type { FipeService } from '../fipe/fipe.service.ts';
import { veiculosRepository } from './veiculos.repository.ts';

type Entrada = z.output<typeof buscarVersoesEntrada>;

/**
 * Spec 2 §7 `buscar-versoes`: for the reseller's chosen ad locations, the versions of the vehicle they can advertise.
 * The locations are the product's own catalogue, so the versions come from the price lookup (FIPE) for the vehicle's
 * brand, model and model year; the brand and model codes go along, and the version whose name matches the vehicle's
 * is preselected. When the lookup cannot place the vehicle, each location answers with no versions (nothing to pick).
 */
export function criarBuscarVersoesService(db: Db, fipe: FipeService) {
  const igual = (a: string, b: string | null | undefined) => normalizarBusca(a) === normalizarBusca(b ?? '');

  async function versoesDaFipe(v: Entrada['veiculo']) {
    const tipo = CODIGO_TIPO_VEICULO[v.vetipoveiculo];
    const modelo = v.ve_modelo || v.vefipe_name?.split(' ')[0] || '';
    try {
      // The brand through the channels' aliases: FIPE says "GM - Chevrolet", a vehicle may say "Chevrolet".
      const marcas = await fipe.marcas(tipo);
      const casada = casarMarca(
        marcas.map((m) => ({ id: m.codigo, nome: m.nome })),
        v.vefipe_marca,
      );
      const marca = marcas.find((m) => m.codigo === casada?.id);
      if (!marca) return null;
      const mod = (await fipe.modelos(tipo, marca.codigo)).find((m) => igual(m.nome, modelo));
      if (!mod) return null;
      const ano = (await fipe.anos(tipo, marca.codigo, mod.codigo)).find((a) => a.ano === v.vefipe_ano_modelo);
      if (!ano) return { marca: marca.codigo, modelo: mod.codigo, versoes: [] };
      const versoes = await fipe.versoes(tipo, marca.codigo, mod.codigo, ano.codigo);
      return {
        marca: marca.codigo,
        modelo: mod.codigo,
        versoes: versoes.map((x) => ({ codigo_versao: x.codigo_fipe ?? x.codigo, versao: x.nome })),
      };
    } catch (e) {
      if (e instanceof ErroHttp) return null; // lookup unavailable or vehicle unknown: no versions to offer
      throw e;
    }
  }

  return {
    async buscar(d: Entrada) {
      const ids = d.locais_anuncio.map((l) => l.id);
      const locais = await veiculosRepository.locaisDaRevenda(db, d.revenda, ids.length ? ids : undefined);
      if (locais.length === 0) return [];
      const achado = await versoesDaFipe(d.veiculo);
      const versoes = achado?.versoes ?? [];
      const escolhida = versoes.find((x) => igual(x.versao, d.veiculo.ve_versao))?.codigo_versao ?? null;
      return locais.map((l) => ({
        ...l,
        codigoMarca: achado?.marca ?? null,
        codigoModelo: achado?.modelo ?? null,
        codigoVersao: escolhida,
        selecionaVersao: versoes.length > 0,
        versoes,
      }));
    },
  };
}
export type BuscarVersoesService = ReturnType<typeof criarBuscarVersoesService>;
