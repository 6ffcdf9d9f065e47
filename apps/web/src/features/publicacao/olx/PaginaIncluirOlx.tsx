import {
  OLX_CAMBIOS,
  OLX_COMBUSTIVEIS,
  OLX_CORES,
  OLX_DIRECOES,
  OLX_FINAIS_PLACA,
  OLX_PORTAS,
  OLX_POTENCIAS,
  OLX_SIM_NAO,
  OLX_STATUS_FINANCEIRO,
  OLX_TIPOS_CARRO,
  type PostOlx,
  postOlx,
  type RascunhoOlx,
} from '@intermedio/contracts';
import { Checkbox, Group, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useModelos, useRascunho, useVersoes } from '../api';
import { linhaImagens, linhasDoVeiculo, rotuloCombustivel } from '../linhas';
import { type LinhaPublicacao, TelaPublicacao, useEnvio } from '../TelaPublicacao';
import { comoDados, mensagensDoEsquema } from '../validacao';

/** Codes of the form as OLX takes them; '' or '0' = not chosen (spec 3 §3.5). */
const VAZIO: PostOlx = {
  subject: '',
  body: '',
  zipcode: '',
  phone: '',
  financial_status: '0',
  car_steering: '0',
  vehicle_brand: '',
  vehicle_model: '',
  vehicle_version: '',
  vehicle_tag: '',
  price: 0,
  regdate: '',
  mileage: 0,
  gearbox: '',
  fuel: '',
  doors: '',
  end_tag: '',
  motorpower: '',
  cartype: '',
  carcolor: '',
  exchange: '',
  financial: [],
  owner: '',
  car_features: [],
};

/** "Incluir veículo Olx" (spec 3 §2.4, §2.5, §3.5, §5): the advert with OLX's codes, the catalogue cascade, the photos. */
export default function PaginaIncluirOlx() {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const rascunho = useRascunho<RascunhoOlx>('olx', idVeiculo);
  const envio = useEnvio<PostOlx>('olx', idRevenda, idVeiculo);
  const form = useForm<PostOlx>({ initialValues: VAZIO, validate: zod4Resolver(postOlx, { errorPriority: 'first' }) });
  const r = rascunho.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the draft arrives
  useEffect(() => {
    if (r) form.setValues(r.veiculoPost as PostOlx);
  }, [r]);

  const { vehicle_brand: marca, vehicle_model: modelo } = form.values;
  const modelos = useModelos('olx', idVeiculo, marca || null);
  const versoes = useVersoes('olx', idVeiculo, marca || null, modelo || null);
  const listaModelos = modelos.data ?? r?.retModelo ?? [];
  const listaVersoes = versoes.data ?? r?.retVersao ?? [];
  // A single version of the chosen model is chosen for the user (spec 3 §2.5).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the version list changes
  useEffect(() => {
    const [unica, outra] = versoes.data ?? [];
    if (unica && !outra && !form.values.vehicle_version) form.setFieldValue('vehicle_version', unica.id);
  }, [versoes.data]);

  /** A select of OLX codes; '' / '0' show as no choice. */
  const selecao = (campo: keyof PostOlx, rotulo: string, dados: { id: string; nome: string }[], aoMudar?: (v: string) => void) => {
    const valor = String(form.values[campo] ?? '');
    const props = form.getInputProps(campo);
    return (
      <Select
        aria-label={rotulo}
        data={comoDados(dados)}
        value={valor && valor !== '0' ? valor : null}
        onChange={(v) => {
          form.setFieldValue(campo, (v ?? '') as never);
          aoMudar?.(v ?? '');
        }}
        error={props.error}
        clearable
        searchable={dados.length > 12}
        allowDeselect
        comboboxProps={{ withinPortal: true }}
      />
    );
  };
  const marcaveis = (campo: 'financial' | 'car_features', rotulo: string, dados: { id: string; nome: string }[]) => (
    <Checkbox.Group aria-label={rotulo} value={form.values[campo]} onChange={(v) => form.setFieldValue(campo, v)}>
      <Group gap="sm">
        {dados.map((o) => (
          <Checkbox key={o.id} value={o.id} label={o.nome} />
        ))}
      </Group>
    </Checkbox.Group>
  );

  const v = rascunho.data?.veiculo;
  const [linhaVeiculo, linhaAno, linhaPreco] = v ? linhasDoVeiculo(v) : [];
  // The rows in spec 3 §2.5's order (the price after the phone; gearbox and fuel before the brand; end tag, plate).
  const linhas: LinhaPublicacao[] =
    v && r && linhaVeiculo && linhaAno && linhaPreco
      ? [
          linhaVeiculo,
          linhaAno,
          {
            rotulo: 'Título anúncio',
            obrigatorio: true,
            intermedio: `${v.marca} ${v.modelo} ${v.versao}`,
            canal: <TextInput aria-label="Título anúncio" required maxLength={90} {...form.getInputProps('subject')} />,
          },
          {
            rotulo: 'Descrição anúncio',
            obrigatorio: true,
            intermedio: v.observacao,
            canal: <Textarea aria-label="Descrição anúncio" required autosize minRows={4} maxRows={12} {...form.getInputProps('body')} />,
          },
          {
            rotulo: 'Telefone',
            obrigatorio: true,
            canal: <TextInput aria-label="Telefone" required inputMode="tel" maxLength={16} {...form.getInputProps('phone')} />,
          },
          linhaPreco,
          {
            rotulo: 'CEP',
            obrigatorio: true,
            canal: <TextInput aria-label="CEP" required inputMode="numeric" maxLength={9} {...form.getInputProps('zipcode')} />,
          },
          { rotulo: 'Ano modelo', intermedio: v.anoModelo ?? '', canal: form.values.regdate, somenteLeitura: true },
          {
            rotulo: 'Quilometragem',
            intermedio: `${v.km.toLocaleString('pt-BR')} km`,
            canal: `${form.values.mileage.toLocaleString('pt-BR')} km`,
            somenteLeitura: true,
          },
          { rotulo: 'Câmbio', intermedio: v.cambio === 'A' ? 'Automático' : 'Manual', canal: selecao('gearbox', 'Câmbio', OLX_CAMBIOS) },
          { rotulo: 'Combustível', intermedio: rotuloCombustivel(v.combustivel), canal: selecao('fuel', 'Combustível', OLX_COMBUSTIVEIS) },
          {
            rotulo: 'Marca',
            obrigatorio: true,
            intermedio: v.marca,
            canal: selecao('vehicle_brand', 'Marca', r.retMarca, () => {
              form.setFieldValue('vehicle_model', '');
              form.setFieldValue('vehicle_version', '');
            }),
          },
          {
            rotulo: 'Modelo',
            obrigatorio: true,
            intermedio: v.modelo,
            canal: selecao('vehicle_model', 'Modelo', marca ? listaModelos : [], () => form.setFieldValue('vehicle_version', '')),
          },
          {
            rotulo: 'Versão',
            obrigatorio: true,
            intermedio: v.versao,
            canal: selecao('vehicle_version', 'Versão', marca && modelo ? listaVersoes : []),
          },
          { rotulo: 'Portas', intermedio: v.portas ?? '', canal: selecao('doors', 'Portas', OLX_PORTAS) },
          { rotulo: 'Final da placa', canal: selecao('end_tag', 'Final da placa', OLX_FINAIS_PLACA) },
          {
            rotulo: 'Placa',
            obrigatorio: true,
            intermedio: v.placa,
            canal: (
              <TextInput
                aria-label="Placa"
                required
                maxLength={8}
                styles={{ input: { textTransform: 'uppercase' } }}
                {...form.getInputProps('vehicle_tag')}
              />
            ),
          },
          { rotulo: 'Direção', obrigatorio: true, canal: selecao('car_steering', 'Direção', OLX_DIRECOES) },
          { rotulo: 'Potência do motor', canal: selecao('motorpower', 'Potência do motor', OLX_POTENCIAS) },
          { rotulo: 'Tipo de carro', canal: selecao('cartype', 'Tipo de carro', OLX_TIPOS_CARRO) },
          { rotulo: 'Cor', intermedio: v.cor, canal: selecao('carcolor', 'Cor', OLX_CORES) },
          { rotulo: 'Aceita troca', canal: selecao('exchange', 'Aceita troca', OLX_SIM_NAO) },
          {
            rotulo: 'Status financeiro',
            obrigatorio: true,
            canal: selecao('financial_status', 'Status financeiro', OLX_STATUS_FINANCEIRO),
          },
          { rotulo: 'Estado financeiro', canal: marcaveis('financial', 'Estado financeiro', r.retEstadoFinanceiro) },
          { rotulo: 'Único dono', canal: selecao('owner', 'Único dono', OLX_SIM_NAO) },
          linhaImagens(r.images.map((i) => ({ fileUrl: i.url, fileThumb: i.miniatura, fileName: '' }))),
          { rotulo: 'Opcionais', canal: marcaveis('car_features', 'Opcionais', r.retOpcionais) },
        ]
      : [];

  return (
    <TelaPublicacao
      titulo="Incluir veículo Olx"
      canal="olx"
      carregando={!r}
      erroCarga={rascunho.error}
      {...envio.estado}
      onSubmit={envio.aoSubmeter(form, { recusado: () => mensagensDoEsquema(postOlx, form.getValues()) })}
      linhas={linhas}
    />
  );
}
