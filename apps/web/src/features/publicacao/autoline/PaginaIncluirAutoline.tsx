import {
  FLAGS_AUTOLINE,
  type FlagAutoline,
  NOMES_FLAGS_AUTOLINE,
  type RascunhoAutoline,
  ROTULO_CAMBIO,
  type VeiculoPostAutoline,
  veiculoPostAutoline,
} from '@intermedio/contracts';
import { Checkbox, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Moeda } from '@/ui/Formatados';
import { useEnviarPublicacao, useModelos, useRascunho, useVersoes } from '../api';
import { type LinhaPublicacao, TelaPublicacao, useInvalido } from '../TelaPublicacao';

type Opcao = { id: string; nome: string };
type Valores = Omit<VeiculoPostAutoline, 'ModelYear' | 'BuiltYear' | 'Odometer' | 'Price' | 'IsZeroKm'>;

const opcoes = (lista: readonly Opcao[] | undefined) => (lista ?? []).map((o) => ({ value: o.id, label: o.nome }));
const SEM_FLAGS = Object.fromEntries(NOMES_FLAGS_AUTOLINE.map((f) => [f, 0])) as Record<FlagAutoline, 0 | 1>;

/**
 * "Incluir veículo Autoline" (spec 3 §2.4, §2.5, §3.6, §5): brand / model / version cascade (versions of the
 * vehicle's model year), fuel, colour, doors, body type and gearbox required; price, years and mileage read-only
 * (IsZeroKm follows the mileage); features and the 0/1 flags as checkboxes.
 */
export default function PaginaIncluirAutoline() {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const rascunho = useRascunho<RascunhoAutoline>('autoline', idVeiculo);
  const enviar = useEnviarPublicacao<Valores>('autoline', idRevenda, idVeiculo);
  const { invalido, aoInvalido, aoValido } = useInvalido();
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

  // Cascade (spec 3 §4): the draft's lists until the user picks another brand or model.
  const v = form.values;
  const marcaDoRascunho = v.MakeId === d?.veiculoPost.CodigoMarca;
  const modeloDoRascunho = marcaDoRascunho && v.ModelId === d?.veiculoPost.CodigoModelo;
  const modelos = useModelos('autoline', idVeiculo, d && !marcaDoRascunho ? v.MakeId || null : null);
  const versoes = useVersoes(
    'autoline',
    idVeiculo,
    d && !modeloDoRascunho ? v.MakeId || null : null,
    d && !modeloDoRascunho ? v.ModelId || null : null,
  );
  const listaVersoes = (modeloDoRascunho ? d?.retVersao : versoes.data) ?? [];
  const unicaVersao = listaVersoes.length === 1 ? listaVersoes[0]?.id : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list changes
  useEffect(() => {
    if (unicaVersao && !form.values.ModelVersionId) form.setFieldValue('ModelVersionId', unicaVersao);
  }, [unicaVersao]);

  const selecao = (rotulo: string, campo: keyof Valores, lista: readonly Opcao[] | undefined, extra: object = {}) => (
    <Select
      aria-label={rotulo}
      data={opcoes(lista)}
      searchable
      nothingFoundMessage="Nada encontrado"
      {...form.getInputProps(campo)}
      // An empty choice is null: Mantine keeps the last label shown for a value it does not list.
      value={(form.values[campo] as string) || null}
      {...extra}
    />
  );

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
        canal: selecao('Modelo', 'ModelId', marcaDoRascunho ? d.retModelo : modelos.data, {
          onChange: (x: string | null) => form.setValues({ ModelId: x ?? '', ModelVersionId: '' }),
        }),
      },
      { rotulo: 'Versão', obrigatorio: true, intermedio: ve.versao, canal: selecao('Versão', 'ModelVersionId', listaVersoes) },
      { rotulo: 'Ano de fabricação', somenteLeitura: true, intermedio: ve.anoFabricacao ?? '', canal: p.AnoFabricacao ?? '' },
      { rotulo: 'Ano do modelo', somenteLeitura: true, intermedio: ve.anoModelo ?? '', canal: p.AnoModelo ?? '' },
      {
        rotulo: 'Quilometragem',
        somenteLeitura: true,
        intermedio: `${ve.km.toLocaleString('pt-BR')} km`,
        canal: p.ZeroKm ? '0 km (zero quilômetro)' : `${p.Km.toLocaleString('pt-BR')} km`,
      },
      { rotulo: 'Preço', somenteLeitura: true, intermedio: <Moeda valor={ve.valor} />, canal: <Moeda valor={p.Preco} /> },
      {
        rotulo: 'Combustível',
        obrigatorio: true,
        intermedio: ve.combustivel,
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
      {
        rotulo: 'Placa',
        intermedio: ve.placa,
        canal: (
          <TextInput
            aria-label="Placa"
            maxLength={8}
            {...form.getInputProps('RegistrationPlate')}
            onChange={(e) => form.setFieldValue('RegistrationPlate', e.currentTarget.value.toUpperCase())}
          />
        ),
      },
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
      enviando={enviar.isPending}
      erroEnvio={enviar.error}
      invalido={invalido}
      onSubmit={form.onSubmit((valores) => {
        aoValido();
        enviar.mutate(valores);
      }, aoInvalido)}
      linhas={linhas()}
    />
  );
}
