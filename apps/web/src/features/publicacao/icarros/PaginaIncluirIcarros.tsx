import { type PostIcarros, postIcarros, type RascunhoIcarros } from '@intermedio/contracts';
import { CAMPOS_EM_INGLES, LINHAS_CARACTERISTICAS, LINHAS_VEICULO, linhaAnuncio } from '../portais/linhasPortal';
import { type DefinicaoPortal, TelaPortal } from '../portais/TelaPortal';

/** "Incluir veículo iCarros" (spec 3 §2.4, §2.5, §3.8): plan ("Anúncio") from the set for new or used vehicles. */
const ICARROS: DefinicaoPortal<RascunhoIcarros, PostIcarros> = {
  canal: 'icarros',
  titulo: 'Incluir veículo iCarros',
  esquema: postIcarros,
  rotuloTexto: 'Observações',
  campos: { ...CAMPOS_EM_INGLES, texto: 'text', opcionais: 'equipments' },
  valoresIniciais: ({ veiculoPost: p }) => ({
    priority: p.priority,
    makeId: p.makeId,
    modelId: p.modelId,
    trimId: p.trimId,
    plate: p.plate,
    km: p.km,
    price: p.price,
    text: p.text,
    fuelId: p.fuelId,
    colorId: p.colorId,
    doors: p.doors as PostIcarros['doors'],
    transmissionId: p.transmissionId,
    equipments: p.equipments,
  }),
  listas: (d) => ({
    marcas: d.retMarca,
    modelos: d.retModelo,
    versoes: d.retVersao,
    combustiveis: d.retCombustivel,
    cores: d.retCores,
    cambios: d.retTransmissao,
    opcionais: d.retOpcionais,
  }),
  placaEditavel: (d) => !d.veiculoNovo,
  linhas: (l, form, d) => {
    const planos = (d.veiculoNovo ? d.planosRevendaZeroKm : d.planosRevenda).plans;
    return [
      linhaAnuncio(
        form,
        'priority',
        planos.map((p) => ({ id: String(p.priority), nome: p.nome, disponiveis: p.livres })),
        'Nenhum plano com anúncios disponíveis',
      ),
      ...LINHAS_VEICULO.map((n) => l[n]),
      l.km,
      l.preco,
      l.texto,
      ...LINHAS_CARACTERISTICAS.map((n) => l[n]),
      l.opcionais,
    ];
  },
};

export default function PaginaIncluirIcarros() {
  return <TelaPortal def={ICARROS} />;
}
