import { type PostIcarros, postIcarros, type RascunhoIcarros } from '@intermedio/contracts';
import { Select } from '@mantine/core';
import { type DefinicaoPortal, TelaPortal } from '../portais/TelaPortal';

/** "Incluir veículo iCarros" (spec 3 §2.4, §2.5, §3.8): plan ("Anúncio") from the set for new or used vehicles. */
const ICARROS: DefinicaoPortal<RascunhoIcarros, PostIcarros> = {
  canal: 'icarros',
  titulo: 'Incluir veículo iCarros',
  esquema: postIcarros,
  rotuloTexto: 'Observações',
  campos: {
    marca: 'makeId',
    modelo: 'modelId',
    versao: 'trimId',
    placa: 'plate',
    km: 'km',
    preco: 'price',
    texto: 'text',
    combustivel: 'fuelId',
    cor: 'colorId',
    portas: 'doors',
    cambio: 'transmissionId',
    opcionais: 'equipments',
  },
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
      {
        rotulo: 'Anúncio',
        obrigatorio: true,
        canal: (
          <Select
            aria-label="Anúncio"
            required
            placeholder={planos.length ? 'Selecione' : 'Nenhum plano com anúncios disponíveis'}
            data={planos.map((p) => ({ value: String(p.priority), label: `${p.nome} (${p.livres} disponíveis)` }))}
            {...form.getInputProps('priority')}
          />
        ),
      },
      l.marca,
      l.modelo,
      l.anoFabricacao,
      l.anoModelo,
      l.versao,
      l.placa,
      l.km,
      l.preco,
      l.texto,
      l.combustivel,
      l.cor,
      l.portas,
      l.cambio,
      l.opcionais,
    ];
  },
};

export default function PaginaIncluirIcarros() {
  return <TelaPortal def={ICARROS} />;
}
