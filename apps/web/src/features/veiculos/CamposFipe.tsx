import { COMBUSTIVEIS, filtrarSugestoes, normalizarBusca } from '@intermedio/contracts';
import { Autocomplete, type OptionsFilter, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useAnosFipe, useMarcasFipe, useModelosFipe, useVersoesFipe } from '@/features/fipe/api';
import { ANOS_FABRICACAO, ANOS_MODELO } from './rotulos';
import { codigoFipe, type FormVeiculo } from './valores';

type Form = FormVeiculo;

/** The lookup option whose name is what was typed (accents and case ignored). */
const pelaNome = <T extends { nome: string }>(itens: readonly T[] | undefined, nome: string) => {
  const n = normalizarBusca(nome);
  return n ? itens?.find((i) => normalizarBusca(i.nome) === n) : undefined;
};

/** Mantine filters the data itself; ours is already filtered (prefix / substring rules of spec 2 §5). */
const semFiltro: OptionsFilter = ({ options }) => options;

/** Distinct names of the options that match what was typed. */
const nomes = (itens: readonly { nome: string }[] | undefined, termo: string, modo: 'prefixo' | 'contem') => [
  ...new Set(filtrarSugestoes(itens ?? [], termo, modo).map((i) => i.nome)),
];

/**
 * Brand, model, years and version from the price lookup (FIPE plus the manual table): brand and model
 * suggested by prefix, version by substring, nothing for empty input. Free text stays allowed (a vehicle
 * missing from the lookup can still be registered). Choosing a version fills the FIPE code and the fuel.
 */
export function CamposFipe({ form }: { form: Form }) {
  const v = form.values;
  const tipo = codigoFipe(v.vetipoveiculo);
  const marcas = useMarcasFipe(tipo);
  const marca = pelaNome(marcas.data, v.vefipe_marca);
  const modelos = useModelosFipe(tipo, marca);
  const modelo = pelaNome(modelos.data, v.ve_modelo);
  const anosModelo = useAnosFipe(tipo, marca?.codigo, modelo?.codigo);
  const ano = anosModelo.data?.find((a) => String(a.ano) === v.vefipe_ano_modelo);
  const versoes = useVersoesFipe(tipo, marca?.codigo, modelo?.codigo, ano?.codigo);

  const sugMarcas = useMemo(() => nomes(marcas.data, v.vefipe_marca, 'prefixo'), [marcas.data, v.vefipe_marca]);
  const sugModelos = useMemo(() => nomes(modelos.data, v.ve_modelo, 'prefixo'), [modelos.data, v.ve_modelo]);
  const sugVersoes = useMemo(() => nomes(versoes.data, v.ve_versao, 'contem'), [versoes.data, v.ve_versao]);

  const escolherVersao = (nome: string) => {
    form.setFieldValue('ve_versao', nome);
    const versao = pelaNome(versoes.data, nome);
    form.setFieldValue('vefipe_codigo', versao?.codigo_fipe ?? '');
    // FIPE lists flex-fuel cars as Gasolina; the version's name says Flex.
    const combustivel = /\bflex\b/i.test(nome) ? 'flex' : normalizarBusca(versao?.combustivel ?? '').split(' ')[0];
    if (versao && combustivel && (COMBUSTIVEIS as readonly string[]).includes(combustivel))
      form.setFieldValue('vefipe_combustivel', combustivel);
  };
  const carregando = (q: { isFetching: boolean }) => (q.isFetching ? 'Carregando sugestões…' : undefined);

  return (
    <>
      <Autocomplete
        label="Marca"
        withAsterisk
        data={sugMarcas}
        filter={semFiltro}
        limit={50}
        description={carregando(marcas)}
        {...form.getInputProps('vefipe_marca')}
        onChange={(nome) => {
          form.setFieldValue('vefipe_marca', nome);
          form.setFieldValue('vefipe_codigo', '');
        }}
      />
      <Autocomplete
        label="Modelo"
        withAsterisk
        data={sugModelos}
        filter={semFiltro}
        limit={50}
        description={carregando(modelos)}
        {...form.getInputProps('ve_modelo')}
        onChange={(nome) => {
          form.setFieldValue('ve_modelo', nome);
          form.setFieldValue('vefipe_codigo', '');
        }}
      />
      <Select label="Ano de fabricação" withAsterisk data={ANOS_FABRICACAO} searchable {...form.getInputProps('veano_fabricacao')} />
      <Select label="Ano modelo" withAsterisk data={ANOS_MODELO} searchable {...form.getInputProps('vefipe_ano_modelo')} />
      <Autocomplete
        label="Versão"
        withAsterisk
        data={sugVersoes}
        filter={semFiltro}
        limit={50}
        description={carregando(versoes)}
        {...form.getInputProps('ve_versao')}
        onChange={escolherVersao}
      />
    </>
  );
}
