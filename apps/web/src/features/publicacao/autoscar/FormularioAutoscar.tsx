import {
  type Carroceria,
  MARCHAS_AUTOSCAR,
  MENSAGENS,
  MENSAGENS_PUBLICACAO_VEICULO,
  PORTAS_AUTOSCAR,
  type RascunhoAutoscar,
  ROTULO_CAMBIO,
  ROTULO_CARROCERIA,
  ROTULO_TIPO_VEICULO,
  type TipoVeiculo,
  UFS,
  type VeiculoPostAutoscar,
  veiculoPostAutoscarPorTipo,
} from '@intermedio/contracts';
import { Checkbox, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api';
import { Moeda } from '@/ui/Formatados';
import { useRascunho } from '../api';
import { useCascataRascunho } from '../cascata';
import { linhaImagens, linhaPlaca, rotuloCombustivel, selecaoCanal } from '../linhas';
import { type LinhaPublicacao, TelaPublicacao, useEnvio } from '../TelaPublicacao';

type Tipo = 'carro' | 'moto';
type Opcao = { id: string; nome: string };

/** "Carro (Hatch)", "Moto": the product's type, with the body when it has one. */
const tipoIntermedio = (tipo: string, carroceria: string) => {
  const rotulo = ROTULO_TIPO_VEICULO[tipo as TipoVeiculo] ?? tipo;
  const corpo = ROTULO_CARROCERIA[carroceria as Carroceria] ?? carroceria;
  return corpo ? `${rotulo} (${corpo})` : rotulo;
};

/** The form's values: the post of spec 3 §3.3 plus brand and model (the cascade; the version is `modelId`). */
type Valores = {
  marca: string;
  modelo: string;
  modelId: string;
  city: string;
  state: string;
  fuelType: string;
  color: string;
  bodyStyle: string;
  transmission: string;
  plate: string;
  description: string;
  optionals: string[];
  ports: number | null;
  matchType: string;
  coolingType: string;
  marches: number | null;
  motor: string;
};

const porNome = (a: Opcao, b: Opcao) => a.nome.localeCompare(b.nome, 'pt-BR', { sensitivity: 'base' });
const OPCOES_UF = UFS.map((uf) => ({ value: uf, label: uf }));
const numeros = (lista: readonly number[]) => lista.map((n) => ({ value: String(n), label: String(n) }));

/** The post the screen sends: a car's doors or a motorcycle's start, cooling, gears and engine. */
function paraPost(v: Valores, tipo: Tipo, fotos: string[]): Record<string, unknown> {
  const comum = {
    plate: v.plate,
    city: v.city,
    state: v.state,
    description: v.description,
    modelId: v.modelId,
    fuelType: v.fuelType,
    color: v.color,
    bodyStyle: v.bodyStyle,
    transmission: v.transmission,
    optionals: v.optionals,
    photos: fotos,
    status: '1',
  };
  return tipo === 'carro'
    ? { ...comum, ports: v.ports }
    : { ...comum, matchType: v.matchType, coolingType: v.coolingType, marches: v.marches, motor: v.motor };
}

function validar(v: Valores, tipo: Tipo, fotos: string[]) {
  const erros: Record<string, string> = {};
  if (!v.marca) erros.marca = MENSAGENS.preenchimentoObrigatorio;
  if (!v.modelo) erros.modelo = MENSAGENS.preenchimentoObrigatorio;
  const r = veiculoPostAutoscarPorTipo[tipo].safeParse(paraPost(v, tipo, fotos));
  for (const i of r.success ? [] : r.error.issues) {
    const campo = String(i.path[0] ?? '');
    erros[campo] ??= i.message;
  }
  return erros;
}

/**
 * "Incluir/Alterar carro/moto Autoscar" (spec 3 §2.4, §2.5, §3.3, §5): brand (read-only when matched), model and
 * version cascade, city / UF, fuel, colour, vehicle type, gearbox, plate, doors (cars) or start / cooling / gears /
 * engine (motorcycles), description, options, photos. Mileage, price and year read-only; plate, city and engine in
 * upper case; exactly one version preselected.
 */
export function FormularioAutoscar({ tipo, alterar }: { tipo: Tipo; alterar?: boolean }) {
  const { idRevenda = '', idVeiculo = '', idAnuncio } = useParams();
  const anuncio = alterar ? idAnuncio : undefined;
  const rascunho = useRascunho<RascunhoAutoscar>('autoscar', idVeiculo, anuncio);
  const envio = useEnvio<VeiculoPostAutoscar>('autoscar', idRevenda, idVeiculo, anuncio);
  const d = rascunho.data;
  const fotos = d?.veiculoPost.photos ?? [];
  const form = useForm<Valores>({
    initialValues: {
      marca: '',
      modelo: '',
      modelId: '',
      city: '',
      state: '',
      fuelType: '',
      color: '',
      bodyStyle: '',
      transmission: '',
      plate: '',
      description: '',
      optionals: [],
      ports: null,
      matchType: '',
      coolingType: '',
      marches: null,
      motor: '',
    },
    validate: (v) => validar(v, tipo, fotos),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the draft arrives
  useEffect(() => {
    if (!d) return;
    const p = d.veiculoPost;
    form.setValues({
      marca: d.veiculoData.veiculo_marca,
      modelo: d.veiculoData.veiculo_modelo,
      modelId: p.modelId,
      city: p.city.toUpperCase(),
      state: p.state,
      fuelType: p.fuelType,
      color: p.color,
      bodyStyle: p.bodyStyle,
      transmission: p.transmission,
      plate: p.plate.toUpperCase(),
      description: p.description,
      optionals: d.retOpcionais.filter((o) => o.checked).map((o) => o.descricao),
      ports: p.ports ?? null,
      matchType: p.matchType ?? '',
      coolingType: p.coolingType ?? '',
      marches: p.marches ?? null,
      motor: (p.motor ?? '').toUpperCase(),
    });
  }, [d]);

  const v = form.values;
  const cascata = useCascataRascunho(
    'autoscar',
    idVeiculo,
    { marca: v.marca, modelo: v.modelo, versao: v.modelId },
    d && { marca: d.veiculoData.veiculo_marca, modelo: d.veiculoData.veiculo_modelo, modelos: d.retModelo, versoes: d.retVersaoFilter },
    (id) => form.setFieldValue('modelId', id),
  );
  const listaVersoes = [...cascata.versoes].sort(porNome);

  const titulo = `${alterar ? 'Alterar' : 'Incluir'} ${tipo} Autoscar`;
  const painel = `Integração Autoscar - ${alterar ? 'Alterar' : 'Incluir'} veículo`;
  const outroTipo = d && d.tipo !== tipo;
  const selecao = (rotulo: string, campo: keyof Valores, lista: readonly Opcao[] | undefined, extra: object = {}) =>
    selecaoCanal(form, rotulo, campo, lista, extra);
  const maiusculas = (campo: 'city' | 'motor') => ({
    ...form.getInputProps(campo),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(campo, e.currentTarget.value.toUpperCase()),
  });
  const numero = (campo: 'ports' | 'marches', lista: readonly number[], rotulo: string) => (
    <Select
      aria-label={rotulo}
      data={numeros(lista)}
      {...form.getInputProps(campo)}
      value={form.values[campo] === null ? null : String(form.values[campo])}
      onChange={(x) => form.setFieldValue(campo, x === null ? null : Number(x))}
    />
  );

  const linhas = (): LinhaPublicacao[] => {
    if (!d) return [];
    const ve = d.veiculo;
    const moto: LinhaPublicacao[] = [
      { rotulo: 'Tipo de partida', obrigatorio: true, canal: selecao('Tipo de partida', 'matchType', d.retTipoPartida) },
      { rotulo: 'Tipo de refrigeração', obrigatorio: true, canal: selecao('Tipo de refrigeração', 'coolingType', d.retTipoRefrigeracao) },
      { rotulo: 'Marchas', obrigatorio: true, canal: numero('marches', MARCHAS_AUTOSCAR, 'Marchas') },
      { rotulo: 'Cilindrada', obrigatorio: true, canal: <TextInput aria-label="Cilindrada" maxLength={20} {...maiusculas('motor')} /> },
    ];
    return [
      {
        rotulo: 'Marca',
        obrigatorio: true,
        somenteLeitura: Boolean(d.veiculoData.veiculo_marca),
        intermedio: ve.marca,
        canal: selecao('Marca', 'marca', d.retMarca, {
          // Read-only when Autoscar's brand was found (changed only in the app); else the user picks it.
          disabled: Boolean(d.veiculoData.veiculo_marca),
          onChange: (x: string | null) => form.setValues({ marca: x ?? '', modelo: '', modelId: '' }),
        }),
      },
      {
        rotulo: 'Modelo',
        obrigatorio: true,
        intermedio: ve.modelo,
        canal: selecao('Modelo', 'modelo', cascata.modelos, {
          onChange: (x: string | null) => form.setValues({ modelo: x ?? '', modelId: '' }),
        }),
      },
      { rotulo: 'Versão', obrigatorio: true, intermedio: ve.versao, canal: selecao('Versão', 'modelId', listaVersoes) },
      {
        rotulo: 'Ano',
        somenteLeitura: true,
        intermedio: [ve.anoFabricacao, ve.anoModelo].filter(Boolean).join('/'),
        canal: [d.veiculoData.veiculo_ano_fabricacao, d.veiculoData.veiculo_ano_modelo].filter(Boolean).join('/'),
      },
      // Dados Intermédio of the place: the reseller's city and state (issue 23 item 13).
      {
        rotulo: 'Cidade',
        obrigatorio: true,
        intermedio: ve.cidade,
        canal: <TextInput aria-label="Cidade" maxLength={80} {...maiusculas('city')} />,
      },
      {
        rotulo: 'UF',
        obrigatorio: true,
        intermedio: ve.uf,
        canal: <Select aria-label="UF" data={OPCOES_UF} searchable {...form.getInputProps('state')} />,
      },
      {
        rotulo: 'Combustível',
        obrigatorio: true,
        intermedio: rotuloCombustivel(ve.combustivel),
        canal: selecao('Combustível', 'fuelType', d.retTipoCombustivel),
      },
      { rotulo: 'Cor', obrigatorio: true, intermedio: ve.cor, canal: selecao('Cor', 'color', d.retCores) },
      {
        rotulo: 'Tipo de veículo',
        obrigatorio: true,
        // The vehicle's type and, for a car, its body (what Autoscar's list names: "Carro (Hatch)").
        intermedio: tipoIntermedio(ve.tipo, ve.carroceria),
        canal: selecao('Tipo de veículo', 'bodyStyle', d.retTipoVeiculo),
      },
      {
        rotulo: 'Transmissão',
        obrigatorio: true,
        intermedio: ROTULO_CAMBIO[ve.cambio],
        canal: selecao('Transmissão', 'transmission', d.retTipoTransmissao),
      },
      linhaPlaca(form, 'plate', ve.placa),
      {
        rotulo: 'Quilometragem',
        somenteLeitura: true,
        intermedio: `${ve.km.toLocaleString('pt-BR')} km`,
        canal: `${d.veiculoPost.mileage.toLocaleString('pt-BR')} km`,
      },
      { rotulo: 'Preço', somenteLeitura: true, intermedio: <Moeda valor={ve.valor} />, canal: <Moeda valor={d.veiculoPost.price} /> },
      ...(tipo === 'carro'
        ? [{ rotulo: 'Portas', obrigatorio: true, intermedio: ve.portas ?? '', canal: numero('ports', PORTAS_AUTOSCAR, 'Portas') }]
        : moto),
      {
        rotulo: 'Descrição',
        intermedio: ve.observacao,
        canal: <Textarea aria-label="Descrição" autosize minRows={4} maxRows={12} {...form.getInputProps('description')} />,
      },
      {
        rotulo: 'Opcionais',
        canal: (
          <Checkbox.Group aria-label="Opcionais" value={v.optionals} onChange={(x) => form.setFieldValue('optionals', x)}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
              {d.retOpcionais.map((o) => (
                <Checkbox key={o.descricao} value={o.descricao} label={o.descricao} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ),
      },
      linhaImagens(fotos.map((url) => ({ fileUrl: url, fileThumb: url, fileName: '' }))),
    ];
  };

  return (
    <TelaPublicacao
      titulo={titulo}
      painel={painel}
      canal="autoscar"
      carregando={!d}
      erroCarga={rascunho.error ?? (outroTipo ? new ApiError(422, MENSAGENS_PUBLICACAO_VEICULO.naoPermitido) : null)}
      {...envio.estado}
      onSubmit={envio.aoSubmeter(form, { post: (valores) => paraPost(valores, tipo, fotos) as VeiculoPostAutoscar })}
      linhas={linhas()}
    />
  );
}
