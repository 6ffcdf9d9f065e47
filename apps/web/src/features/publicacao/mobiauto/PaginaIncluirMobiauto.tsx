import { BLINDADO_MOBIAUTO, type PostMobiauto, postMobiauto, type RascunhoMobiauto, TIPOS_VEICULO_MOBIAUTO } from '@intermedio/contracts';
import { CAMPOS_EM_INGLES, LINHAS_CARACTERISTICAS, LINHAS_VEICULO, marcaveis, selecao } from '../portais/linhasPortal';
import { type DefinicaoPortal, TelaPortal } from '../portais/TelaPortal';

/** "Incluir carro Mobiauto" (spec 3 §2.4, §2.5, §3.10): vehicle type, plan, armoured and observations. */
const MOBIAUTO: DefinicaoPortal<RascunhoMobiauto, PostMobiauto> = {
  canal: 'mobiauto',
  titulo: 'Incluir carro Mobiauto',
  esquema: postMobiauto,
  rotuloTexto: 'Descrição',
  campos: { ...CAMPOS_EM_INGLES, texto: 'description', opcionais: 'featureIds' },
  valoresIniciais: ({ veiculoData: p }) => ({
    makeId: p.makeId,
    modelId: p.modelId,
    trimId: p.trimId,
    plate: p.plate,
    deal0km: p.deal0km as PostMobiauto['deal0km'],
    km: p.km,
    planId: p.planId,
    armored: p.armored as PostMobiauto['armored'],
    price: p.price,
    description: p.description,
    fuelId: p.fuelId,
    colorId: p.colorId,
    doors: p.doors as PostMobiauto['doors'],
    transmissionId: p.transmissionId,
    featureIds: p.featureIds,
    conditionalsIds: p.conditionalsIds,
  }),
  listas: (d) => ({
    marcas: d.retMarca,
    modelos: d.retModelo,
    versoes: d.retVersaoFilter,
    combustiveis: d.retTipoCombustivel,
    cores: d.retCores,
    cambios: d.retTipoTransmissao,
    opcionais: d.retOpcionais,
  }),
  placaEditavel: () => true,
  linhas: (l, form, d) => [
    ...LINHAS_VEICULO.map((n) => l[n]),
    { rotulo: 'Tipo de veículo', obrigatorio: true, canal: selecao(form, 'deal0km', 'Tipo de veículo', TIPOS_VEICULO_MOBIAUTO) },
    l.km,
    {
      rotulo: 'Plano',
      obrigatorio: true,
      canal: selecao(
        form,
        'planId',
        'Plano',
        d.retPlanos.map((p) => ({ id: p.dealPlanId, nome: p.name })),
      ),
    },
    { rotulo: 'Blindado', obrigatorio: true, canal: selecao(form, 'armored', 'Blindado', BLINDADO_MOBIAUTO) },
    l.preco,
    l.texto,
    ...LINHAS_CARACTERISTICAS.map((n) => l[n]),
    l.opcionais,
    { rotulo: 'Observações', canal: marcaveis(form, 'conditionalsIds', 'Observações', d.retObservacoes) },
  ],
};

export default function PaginaIncluirMobiauto() {
  return <TelaPortal def={MOBIAUTO} />;
}
