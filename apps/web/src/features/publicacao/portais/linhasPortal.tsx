import { type CanalId, type OpcaoCanalApi as OpcaoPortal, PORTAS_PORTAIS, ROTULO_CAMBIO } from '@intermedio/contracts';
import { Checkbox, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Moeda } from '@/ui/Formatados';
import { MoedaInput } from '@/ui/MoedaInput';
import { type DadosIntermedio, useModelos, useVersoes } from '../api';
import { rotuloCombustivel } from '../linhas';
import type { LinhaPublicacao } from '../TelaPublicacao';

/**
 * The rows iCarros, Mobiauto and Na Pista share (spec 3 §2.5: Na Pista is "the same shape as iCarros", Mobiauto
 * nearly): make → model → version cascade (spec 3 §4), years read-only, plate, km, price, text, fuel, colour, doors,
 * gearbox and option checkboxes. Each screen names its post's fields and orders the rows with its own extra ones.
 */
export type CamposPortal = {
  marca: string;
  modelo: string;
  versao: string;
  placa: string;
  km: string;
  preco: string;
  texto: string;
  combustivel: string;
  cor: string;
  portas: string;
  cambio: string;
  opcionais: string;
};

export type ListasPortal = {
  marcas: readonly OpcaoPortal[];
  modelos: readonly OpcaoPortal[];
  versoes: readonly OpcaoPortal[];
  combustiveis: readonly OpcaoPortal[];
  cores: readonly OpcaoPortal[];
  cambios: readonly OpcaoPortal[];
  opcionais: readonly OpcaoPortal[];
  /** Na Pista's own list; iCarros and Mobiauto offer 0, 1, 2, 4. */
  portas?: readonly OpcaoPortal[];
};

type Valores = Record<string, unknown>;
/** What the shared rows use of a Mantine form (whatever its validation). */
export type FormPortal<P extends Valores> = Pick<UseFormReturnType<P>, 'values' | 'getInputProps' | 'setValues' | 'setFieldValue'>;
type Props<P extends Valores> = {
  canal: CanalId;
  idVeiculo: string;
  form: FormPortal<P>;
  campos: CamposPortal;
  /** The draft's lists; models and versions are the draft's while its make (and model) stay chosen. */
  listas: ListasPortal;
  /** The make and model the draft came with. */
  inicial: { marca: string; modelo: string };
  veiculo: DadosIntermedio;
  rotuloTexto: string;
  /** iCarros and Na Pista: the plate is the user's only for a used vehicle (spec 3 §2.5). */
  placaEditavel: boolean;
};

export type NomeLinhaPortal = keyof CamposPortal | 'anoFabricacao' | 'anoModelo';

/** The rows that open and the rows that follow the text on every portal's screen, in the spec's order (§2.5). */
export const LINHAS_VEICULO: readonly NomeLinhaPortal[] = ['marca', 'modelo', 'anoFabricacao', 'anoModelo', 'versao', 'placa'];
export const LINHAS_CARACTERISTICAS: readonly NomeLinhaPortal[] = ['combustivel', 'cor', 'portas', 'cambio'];

/** iCarros and Mobiauto name the shared fields alike (their APIs' English names). */
export const CAMPOS_EM_INGLES = {
  marca: 'makeId',
  modelo: 'modelId',
  versao: 'trimId',
  placa: 'plate',
  km: 'km',
  preco: 'price',
  combustivel: 'fuelId',
  cor: 'colorId',
  portas: 'doors',
  cambio: 'transmissionId',
} as const;

export const paraSelect = (lista: readonly OpcaoPortal[]) => lista.map((o) => ({ value: o.id, label: o.nome }));
const PORTAS_PADRAO = PORTAS_PORTAIS.map((p) => ({ id: p, nome: p }));
const texto = (v: unknown) => (typeof v === 'string' ? v : '');

/** A required select of a channel's list, searchable, labelled for screen readers by its row. */
export function selecao<P extends Valores>(form: FormPortal<P>, campo: string, rotulo: string, opcoes: readonly OpcaoPortal[]) {
  return (
    <Select
      aria-label={rotulo}
      required
      searchable
      clearable
      nothingFoundMessage="Nenhuma opção"
      placeholder="Selecione"
      data={paraSelect(opcoes)}
      {...form.getInputProps(campo)}
      // Mantine keeps showing the last label for '': null is "nothing chosen" (a cleared cascade).
      value={texto(form.values[campo]) || null}
    />
  );
}

/**
 * The "Anúncio" row of iCarros and Na Pista (spec 3 §5: the ad type / plan is required): the plan's types that still
 * have free slots, each with how many; `vazio` is the placeholder when none has.
 */
export function linhaAnuncio<P extends Valores>(
  form: FormPortal<P>,
  campo: string,
  opcoes: readonly { id: string; nome: string; disponiveis: number }[],
  vazio: string,
): LinhaPublicacao {
  return {
    rotulo: 'Anúncio',
    obrigatorio: true,
    canal: (
      <Select
        aria-label="Anúncio"
        required
        placeholder={opcoes.length ? 'Selecione' : vazio}
        data={opcoes.map((o) => ({ value: o.id, label: `${o.nome} (${o.disponiveis} disponíveis)` }))}
        {...form.getInputProps(campo)}
      />
    ),
  };
}

/** Checkboxes of a channel's list, the chosen ids in `campo`. */
export function marcaveis<P extends Valores>(form: FormPortal<P>, campo: string, rotulo: string, opcoes: readonly OpcaoPortal[]) {
  return (
    <Checkbox.Group aria-label={rotulo} {...form.getInputProps(campo)}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6}>
        {opcoes.map((o) => (
          <Checkbox key={o.id} value={o.id} label={o.nome} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

export function useLinhasPortal<P extends Valores>({
  canal,
  idVeiculo,
  form,
  campos: c,
  listas,
  inicial,
  veiculo: v,
  rotuloTexto,
  placaEditavel,
}: Props<P>): Record<NomeLinhaPortal, LinhaPublicacao> {
  const marca = texto(form.values[c.marca]);
  const modelo = texto(form.values[c.modelo]);
  const doRascunho = marca === inicial.marca;
  const modelos = useModelos(canal, idVeiculo, marca && !doRascunho ? marca : null);
  const versoes = useVersoes(canal, idVeiculo, marca || null, modelo && !(doRascunho && modelo === inicial.modelo) ? modelo : null);
  const listaModelos = doRascunho ? listas.modelos : (modelos.data ?? []);
  const listaVersoes = doRascunho && modelo === inicial.modelo ? listas.versoes : (versoes.data ?? []);
  const anos = (ano: number | null) => (ano ? String(ano) : '');

  // Spec 3 §4: choosing a make clears model and version; choosing a model clears the version.
  const aoEscolherMarca = (id: string | null) => form.setValues({ [c.marca]: id ?? '', [c.modelo]: '', [c.versao]: '' } as Partial<P>);
  const aoEscolherModelo = (id: string | null) => form.setValues({ [c.modelo]: id ?? '', [c.versao]: '' } as Partial<P>);
  const cascata = (
    campo: string,
    rotulo: string,
    opcoes: readonly OpcaoPortal[],
    aoEscolher: (id: string | null) => void,
    carregando: boolean,
  ) => (
    <Select
      aria-label={rotulo}
      required
      searchable
      clearable
      nothingFoundMessage="Nenhuma opção"
      placeholder={carregando ? 'Carregando...' : 'Selecione'}
      data={paraSelect(opcoes)}
      {...form.getInputProps(campo)}
      value={texto(form.values[campo]) || null}
      onChange={aoEscolher}
    />
  );

  return {
    marca: {
      rotulo: 'Marca',
      obrigatorio: true,
      intermedio: v.marca,
      canal: cascata(c.marca, 'Marca', listas.marcas, aoEscolherMarca, false),
    },
    modelo: {
      rotulo: 'Modelo',
      obrigatorio: true,
      intermedio: v.modelo,
      canal: cascata(c.modelo, 'Modelo', listaModelos, aoEscolherModelo, modelos.isFetching),
    },
    anoFabricacao: { rotulo: 'Ano fabricação', somenteLeitura: true, intermedio: anos(v.anoFabricacao), canal: anos(v.anoFabricacao) },
    anoModelo: { rotulo: 'Ano modelo', somenteLeitura: true, intermedio: anos(v.anoModelo), canal: anos(v.anoModelo) },
    versao: {
      rotulo: 'Versão',
      obrigatorio: true,
      intermedio: v.versao,
      canal: cascata(c.versao, 'Versão', listaVersoes, (id) => form.setFieldValue(c.versao, (id ?? '') as never), versoes.isFetching),
    },
    placa: {
      rotulo: 'Placa',
      intermedio: v.placa,
      canal: (
        <TextInput
          aria-label="Placa"
          maxLength={8}
          disabled={!placaEditavel}
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.getInputProps(c.placa)}
        />
      ),
    },
    km: {
      rotulo: 'Km',
      intermedio: v.km.toLocaleString('pt-BR'),
      canal: (
        <NumberInput
          aria-label="Km"
          min={0}
          thousandSeparator="."
          decimalSeparator=","
          allowDecimal={false}
          {...form.getInputProps(c.km)}
        />
      ),
    },
    preco: {
      rotulo: 'Preço',
      intermedio: <Moeda valor={v.valor} />,
      canal: <MoedaInput aria-label="Preço" {...form.getInputProps(c.preco)} />,
    },
    texto: {
      rotulo: rotuloTexto,
      intermedio: v.observacao,
      canal: <Textarea aria-label={rotuloTexto} autosize minRows={4} maxRows={12} {...form.getInputProps(c.texto)} />,
    },
    combustivel: {
      rotulo: 'Combustível',
      obrigatorio: true,
      intermedio: rotuloCombustivel(v.combustivel),
      canal: selecao(form, c.combustivel, 'Combustível', listas.combustiveis),
    },
    cor: { rotulo: 'Cor', obrigatorio: true, intermedio: v.cor, canal: selecao(form, c.cor, 'Cor', listas.cores) },
    portas: {
      rotulo: 'Portas',
      obrigatorio: true,
      intermedio: v.portas === null ? '' : String(v.portas),
      canal: selecao(form, c.portas, 'Portas', listas.portas ?? PORTAS_PADRAO),
    },
    cambio: {
      rotulo: 'Câmbio',
      obrigatorio: true,
      intermedio: ROTULO_CAMBIO[v.cambio],
      canal: selecao(form, c.cambio, 'Câmbio', listas.cambios),
    },
    opcionais: { rotulo: 'Opcionais', canal: marcaveis(form, c.opcionais, 'Opcionais', listas.opcionais) },
  };
}
