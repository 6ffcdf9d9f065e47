import {
  FLAGS_AUTOLINE,
  type FlagAutoline,
  NOMES_FLAGS_AUTOLINE,
  type RascunhoAutoline,
  ROTULO_CAMBIO,
  type VeiculoPostAutoline,
  veiculoPostAutoline,
} from '@intermedio/contracts';
import { Checkbox, SimpleGrid, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Moeda } from '@/ui/Formatados';
import { useRascunho } from '../api';
import { useCascataRascunho } from '../cascata';
import { linhaPlaca, rotuloCombustivel, selecaoCanal } from '../linhas';
import { type LinhaPublicacao, TelaPublicacao, useEnvio } from '../TelaPublicacao';

type Opcao = { id: string; nome: string };
type Valores = Omit<VeiculoPostAutoline, 'ModelYear' | 'BuiltYear' | 'Odometer' | 'Price' | 'IsZeroKm'>;

const SEM_FLAGS = Object.fromEntries(NOMES_FLAGS_AUTOLINE.map((f) => [f, 0])) as Record<FlagAutoline, 0 | 1>;

/**
 * "Incluir veículo Autoline" (spec 3 §2.4, §2.5, §3.6, §5): brand / model / version cascade (versions of the
 * vehicle's model year), fuel, colour, doors, body type and gearbox required; price, years and mileage read-only
 * (IsZeroKm follows the mileage); features and the 0/1 flags as checkboxes.
 */
export default function PaginaIncluirAutoline() {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const rascunho = useRascunho<RascunhoAutoline>('autoline', idVeiculo);
  const envio = useEnvio<Valores>('autoline', idRevenda, idVeiculo);
  const form = useForm<Valores>({
    initialValues: {
      MakeId: '',
      ModelId: '',
      ModelVersionId: '',
      FuelTypeId: '',
      ColorId: '',
      DoorNumberId: '',
      BodyTypeId: '',
      TransmissionId: '',
      RegistrationPlate: '',
      AdditionalInformation: '',
      Features: [],
      ...SEM_FLAGS,
    },
    validate: zod4Resolver(veiculoPostAutoline, { errorPriority: 'first' }),
  });
  const d = rascunho.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the draft arrives
  useEffect(() => {
    if (!d) return;
    const p = d.veiculoPost;
    form.setValues({
      MakeId: p.CodigoMarca,
      ModelId: p.CodigoModelo,
      ModelVersionId: p.CodigoVersao,
      FuelTypeId: p.CodigoCombustivel,
      ColorId: p.CodigoCor,
      DoorNumberId: p.CodigoPortas,
      BodyTypeId: p.CodigoCategoria,
      TransmissionId: p.CodigoCambio,
      RegistrationPlate: p.Placa,
      AdditionalInformation: p.Observacao,
      Features: p.Opcionais,
      ...SEM_FLAGS,
      ...p.flags,
    });
  }, [d]);

  const v = form.values;
  const cascata = useCascataRascunho(
    'autoline',
    idVeiculo,
    { marca: v.MakeId, modelo: v.ModelId, versao: v.ModelVersionId },
    d && { marca: d.veiculoPost.CodigoMarca, modelo: d.veiculoPost.CodigoModelo, modelos: d.retModelo, versoes: d.retVersao },
    (id) => form.setFieldValue('ModelVersionId', id),
  );
  const selecao = (rotulo: string, campo: keyof Valores, lista: readonly Opcao[] | undefined, extra: object = {}) =>
    selecaoCanal(form, rotulo, campo, lista, extra);

  const linhas = (): LinhaPublicacao[] => {
    if (!d) return [];
    const ve = d.veiculo;
    const p = d.veiculoPost;
    return [
      {
        rotulo: 'Marca',
        obrigatorio: true,
        intermedio: ve.marca,
        canal: selecao('Marca', 'MakeId', d.retMarca, {
          onChange: (x: string | null) => form.setValues({ MakeId: x ?? '', ModelId: '', ModelVersionId: '' }),
        }),
      },
      {
        rotulo: 'Modelo',
        obrigatorio: true,
        intermedio: ve.modelo,
        canal: selecao('Modelo', 'ModelId', cascata.modelos, {
          onChange: (x: string | null) => form.setValues({ ModelId: x ?? '', ModelVersionId: '' }),
        }),
      },
      { rotulo: 'Versão', obrigatorio: true, intermedio: ve.versao, canal: selecao('Versão', 'ModelVersionId', cascata.versoes) },
      // Spec 3 §2.5's order: the selects first, then price and years; plate and notes (not in the spec's list) after.
      {
        rotulo: 'Combustível',
        obrigatorio: true,
        intermedio: rotuloCombustivel(ve.combustivel),
        canal: selecao('Combustível', 'FuelTypeId', d.retTipoCombustivel),
      },
      { rotulo: 'Cor', obrigatorio: true, intermedio: ve.cor, canal: selecao('Cor', 'ColorId', d.retCores) },
      { rotulo: 'Portas', obrigatorio: true, intermedio: ve.portas ?? '', canal: selecao('Portas', 'DoorNumberId', d.retPortas) },
      { rotulo: 'Carroceria', obrigatorio: true, canal: selecao('Carroceria', 'BodyTypeId', d.retCategoria) },
      {
        rotulo: 'Câmbio',
        obrigatorio: true,
        intermedio: ROTULO_CAMBIO[ve.cambio],
        canal: selecao('Câmbio', 'TransmissionId', d.retCambio),
      },
      { rotulo: 'Preço', somenteLeitura: true, intermedio: <Moeda valor={ve.valor} />, canal: <Moeda valor={p.Preco} /> },
      { rotulo: 'Ano de fabricação', somenteLeitura: true, intermedio: ve.anoFabricacao ?? '', canal: p.AnoFabricacao ?? '' },
      { rotulo: 'Ano do modelo', somenteLeitura: true, intermedio: ve.anoModelo ?? '', canal: p.AnoModelo ?? '' },
      {
        rotulo: 'Quilometragem',
        somenteLeitura: true,
        intermedio: `${ve.km.toLocaleString('pt-BR')} km`,
        canal: p.ZeroKm ? '0 km (zero quilômetro)' : `${p.Km.toLocaleString('pt-BR')} km`,
      },
      linhaPlaca(form, 'RegistrationPlate', ve.placa),
      {
        rotulo: 'Informações adicionais',
        intermedio: ve.observacao,
        canal: (
          <Textarea
            aria-label="Informações adicionais"
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps('AdditionalInformation')}
          />
        ),
      },
      {
        rotulo: 'Opcionais',
        canal: (
          <Checkbox.Group aria-label="Opcionais" value={v.Features} onChange={(x) => form.setFieldValue('Features', x)}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
              {d.retOpcionais.map((o) => (
                <Checkbox key={o.id} value={o.id} label={o.nome} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ),
      },
      {
        rotulo: 'Características',
        canal: (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
            {NOMES_FLAGS_AUTOLINE.map((f) => (
              <Checkbox
                key={f}
                label={FLAGS_AUTOLINE[f]}
                checked={v[f] === 1}
                onChange={(e) => form.setFieldValue(f, e.currentTarget.checked ? 1 : 0)}
              />
            ))}
          </SimpleGrid>
        ),
      },
    ];
  };

  return (
    <TelaPublicacao
      titulo="Incluir veículo Autoline"
      canal="autoline"
      carregando={!d}
      erroCarga={rascunho.error}
      {...envio.estado}
      onSubmit={envio.aoSubmeter(form)}
      linhas={linhas()}
    />
  );
}
