import { ROTULO_CAMBIO, ROTULO_CARROCERIA, ROTULO_COMBUSTIVEL, ROTULO_TIPO_VEICULO, type Veiculo } from '@intermedio/contracts';
import type { ReactNode } from 'react';
import { DataHora, Moeda } from '@/ui/Formatados';
import { anoVeiculo, rotuloDe } from './rotulos';

/** Every field of a vehicle as label → value (spec 2 §9: Novo / Seminovo, Automático / Manual, Sim / Não). */
const simNao = (v: number | boolean): string => (v === 1 || v === true ? 'Sim' : 'Não');

/** `fipe`: the FIPE line shown under the price (the vehicle view). */
export function dadosVeiculo(v: Veiculo, op: { fipe?: ReactNode } = {}): [string, ReactNode][] {
  return [
    ['Tipo', ROTULO_TIPO_VEICULO[v.vetipoveiculo]],
    ['Marca', v.vefipe_marca],
    ['Modelo', v.ve_modelo],
    ['Versão', v.ve_versao],
    ['Código FIPE', v.vefipe_codigo ?? ''],
    ['Ano', anoVeiculo(v)],
    ['Combustível', rotuloDe(ROTULO_COMBUSTIVEL, v.vefipe_combustivel)],
    ['Câmbio', rotuloDe(ROTULO_CAMBIO, v.vecambio)],
    ['Cor', v.vecor ?? ''],
    ['Portas', v.veportas === null ? '' : String(v.veportas)],
    ...(v.vetipoveiculo === 'carro' ? ([['Carroceria', rotuloDe(ROTULO_CARROCERIA, v.vecarroceria)]] as [string, ReactNode][]) : []),
    ['Condição', v.veveiculonovo === 1 ? 'Novo (0 km)' : 'Seminovo'],
    ['Quilometragem', v.vequilometragem],
    ['Placa', v.veiplaca ?? ''],
    [
      'Valor',
      <div key="valor">
        <Moeda valor={v.vevalor} />
        {op.fipe}
      </div>,
    ],
    ['Código interno', v.vecodigo_interno ?? ''],
    ['IPVA pago', simNao(v.veipva_pago)],
    ['Blindado', simNao(v.veblindado)],
    ['Garantia de fábrica', simNao(v.vegarantia_fabrica)],
    ['Exibir no site', simNao(v.veexibir_site)],
    [
      'Observação',
      <span key="obs" style={{ whiteSpace: 'pre-wrap' }}>
        {v.veobservacao ?? ''}
      </span>,
    ],
    ['Incluído em', <DataHora key="criado" valor={v.created_at} />],
    ['Atualizado em', <DataHora key="alterado" valor={v.updated_at} />],
  ];
}
