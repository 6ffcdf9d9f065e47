import { type Combustivel, type OpcaoCanalApi, ROTULO_COMBUSTIVEL } from '@intermedio/contracts';
import { Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Moeda } from '@/ui/Formatados';
import { Miniatura } from '@/ui/Miniatura';
import type { DadosIntermedio } from './api';
import type { LinhaPublicacao } from './TelaPublicacao';

type Imagem = { fileUrl: string; fileThumb: string; fileName: string };

/** The vehicle's fuel as the panel names it ("Álcool", not the stored code "alcool"). */
export const rotuloCombustivel = (codigo: string) => ROTULO_COMBUSTIVEL[codigo as Combustivel] ?? codigo;

const anos = (v: DadosIntermedio) => [v.anoFabricacao, v.anoModelo].filter(Boolean).join('/');

/** Rows every screen shows first, read-only: the vehicle and its price (R$), changed in the app / panel. */
export function linhasDoVeiculo(v: DadosIntermedio): LinhaPublicacao[] {
  return [
    {
      rotulo: 'Veículo',
      intermedio: `${v.marca} ${v.modelo} ${v.versao}`,
      canal: `${v.marca} ${v.modelo} ${v.versao}`,
      somenteLeitura: true,
    },
    { rotulo: 'Ano', intermedio: anos(v), canal: anos(v), somenteLeitura: true },
    { rotulo: 'Preço', intermedio: <Moeda valor={v.valor} />, canal: <Moeda valor={v.valor} />, somenteLeitura: true },
  ];
}

/** The photos the channel receives, as 80 px high thumbnails (spec 3 §2.1). */
export function linhaImagens(imagens: readonly Imagem[]): LinhaPublicacao {
  return {
    rotulo: 'Imagens',
    somenteLeitura: true,
    canal: imagens.length ? (
      <Group gap={6}>
        {imagens.map((i, n) => (
          <Miniatura key={i.fileUrl} src={i.fileThumb || i.fileUrl} alt={`Foto ${n + 1}`} largura={107} altura={80} />
        ))}
      </Group>
    ) : (
      <Text size="sm">Nenhuma foto.</Text>
    ),
  };
}

type FormLinhas<V> = Pick<UseFormReturnType<V>, 'values' | 'getInputProps' | 'setFieldValue'>;

/** A searchable select of a channel's list bound to `campo` (Autoline, Autoscar); `extra` overrides its props. */
export function selecaoCanal<V>(
  form: FormLinhas<V>,
  rotulo: string,
  campo: keyof V & string,
  lista: readonly OpcaoCanalApi[] | undefined,
  extra: object = {},
) {
  return (
    <Select
      aria-label={rotulo}
      data={(lista ?? []).map((o) => ({ value: o.id, label: o.nome }))}
      searchable
      nothingFoundMessage="Nada encontrado"
      {...form.getInputProps(campo)}
      // An empty choice is null: Mantine keeps the last label shown for a value it does not list.
      value={(form.values[campo] as string) || null}
      {...extra}
    />
  );
}

/** The plate row: the channel's plate typed in upper case, the vehicle's beside it. */
export function linhaPlaca<V>(form: FormLinhas<V>, campo: keyof V & string, placa: string): LinhaPublicacao {
  return {
    rotulo: 'Placa',
    intermedio: placa,
    canal: (
      <TextInput
        aria-label="Placa"
        maxLength={8}
        {...form.getInputProps(campo)}
        onChange={(e) => form.setFieldValue(campo, e.currentTarget.value.toUpperCase() as never)}
      />
    ),
  };
}

/** The social networks' required "Descrição do anúncio" (Facebook, Instagram), the vehicle's notes beside it. */
export function linhaDescricaoAnuncio<V>(form: FormLinhas<V>, campo: keyof V & string, observacao: string): LinhaPublicacao {
  return {
    rotulo: 'Descrição do anúncio',
    obrigatorio: true,
    intermedio: observacao,
    canal: <Textarea aria-label="Descrição do anúncio" required autosize minRows={6} maxRows={14} {...form.getInputProps(campo)} />,
  };
}
