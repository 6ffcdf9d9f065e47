import {
  type AtributoMl,
  atributosFaltando,
  ML_TIPOS_ATRIBUTO,
  type PostMercadoLivre,
  postMercadoLivre,
  type RascunhoMercadoLivre,
  type TipoAtributoMl,
} from '@intermedio/contracts';
import { List, Select, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useRascunho } from '../api';
import { linhaImagens, linhasDoVeiculo } from '../linhas';
import { type LinhaPublicacao, TelaPublicacao, useEnvio } from '../TelaPublicacao';
import { mensagensDoEsquema } from '../validacao';

const TIPOS: Record<TipoAtributoMl, string> = {
  string: 'texto',
  number: 'número',
  number_unit: 'número com unidade',
  list: 'lista',
  boolean: 'sim ou não',
};

const VAZIO: PostMercadoLivre = {
  ml_titulo_anuncio: '',
  ml_descricao_anuncio: '',
  ml_attributes: {},
  ml_veiculo_post: { location: { address_line: '', zip_code: '' } },
};

/**
 * "Incluir carro / moto Mercado Livre" (spec 3 §2.3–2.5, §3.7, §5): title (upper case), description (10 rows), the
 * reseller's address and CEP, the category's required and optional attributes grouped by type (lists and yes/no as
 * selects, COLOR among them), the options and photos. Price and photos come from the vehicle.
 */
export function TelaIncluirMercadoLivre({ titulo }: { titulo: string }) {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const rascunho = useRascunho<RascunhoMercadoLivre>('mercadolivre', idVeiculo);
  const envio = useEnvio<PostMercadoLivre>('mercadolivre', idRevenda, idVeiculo);
  const r = rascunho.data;
  const esquema = zod4Resolver(postMercadoLivre, { errorPriority: 'first' });
  const form = useForm<PostMercadoLivre>({
    initialValues: VAZIO,
    // The category's required attributes are checked with the contract's rule, keyed by the attribute's field.
    validate: (valores) => {
      const e: FormErrors = { ...esquema(valores) };
      for (const a of r?.requiredAtributos ?? []) {
        const [faltando] = atributosFaltando([a], valores.ml_attributes);
        if (faltando) e[`ml_attributes.${a.id}`] = faltando;
      }
      return e;
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the draft arrives
  useEffect(() => {
    if (r)
      form.setValues({
        ml_titulo_anuncio: r.veiculoPost.title.toUpperCase(),
        ml_descricao_anuncio: r.veiculoPost.description.plain_text,
        ml_attributes: r.ml_values,
        ml_veiculo_post: { location: r.veiculoPost.location },
      });
  }, [r]);

  const campoAtributo = (a: AtributoMl, obrigatorio: boolean) => {
    const caminho = `ml_attributes.${a.id}`;
    const erro = form.errors[caminho];
    const valor = form.values.ml_attributes[a.id] ?? '';
    const mudar = (v: string) => form.setFieldValue('ml_attributes', { ...form.values.ml_attributes, [a.id]: v });
    if (a.value_type === 'list' || a.value_type === 'boolean')
      return (
        <Select
          aria-label={a.name}
          required={obrigatorio}
          data={a.values.map((x) => ({ value: x.id, label: x.name }))}
          value={valor || null}
          onChange={(v) => mudar(v ?? '')}
          error={erro}
          clearable
          searchable={a.values.length > 12}
          comboboxProps={{ withinPortal: true }}
        />
      );
    return (
      <TextInput
        aria-label={a.name}
        required={obrigatorio}
        value={valor}
        onChange={(e) => mudar(e.currentTarget.value)}
        error={erro}
        inputMode={a.value_type === 'string' ? 'text' : 'decimal'}
        placeholder={a.value_type === 'number_unit' && a.unidades[0] ? `ex.: 1000 ${a.unidades[0]}` : undefined}
      />
    );
  };
  /** Attributes grouped by type (spec 3 §2.5): a heading row per group, then one row per attribute. */
  const grupo = (lista: AtributoMl[], obrigatorio: boolean): LinhaPublicacao[] =>
    ML_TIPOS_ATRIBUTO.flatMap((tipo) => {
      const doTipo = lista.filter((a) => a.value_type === tipo);
      if (!doTipo.length) return [];
      const titulo = `${obrigatorio ? 'Atributos obrigatórios' : 'Atributos opcionais'} (${TIPOS[tipo]})`;
      return [
        { rotulo: titulo, canal: null },
        ...doTipo.map((a) => ({ rotulo: a.name, obrigatorio, canal: campoAtributo(a, obrigatorio) })),
      ];
    });

  const v = rascunho.data?.veiculo;
  const linhas: LinhaPublicacao[] =
    v && r
      ? [
          ...linhasDoVeiculo(v),
          {
            rotulo: 'Título',
            obrigatorio: true,
            intermedio: `${v.marca} ${v.modelo} ${v.versao}`,
            canal: (
              <TextInput
                aria-label="Título"
                required
                maxLength={60}
                {...form.getInputProps('ml_titulo_anuncio')}
                onChange={(e) => form.setFieldValue('ml_titulo_anuncio', e.currentTarget.value.toUpperCase())}
              />
            ),
          },
          {
            rotulo: 'Descrição',
            obrigatorio: true,
            intermedio: v.observacao,
            canal: <Textarea aria-label="Descrição" required rows={10} {...form.getInputProps('ml_descricao_anuncio')} />,
          },
          {
            rotulo: 'Endereço',
            obrigatorio: true,
            canal: <TextInput aria-label="Endereço" required {...form.getInputProps('ml_veiculo_post.location.address_line')} />,
          },
          {
            rotulo: 'CEP',
            obrigatorio: true,
            canal: (
              <TextInput
                aria-label="CEP"
                required
                inputMode="numeric"
                maxLength={9}
                {...form.getInputProps('ml_veiculo_post.location.zip_code')}
              />
            ),
          },
          {
            rotulo: 'Opcionais',
            somenteLeitura: true,
            canal: r.opcionais.length ? (
              <List size="sm">
                {r.opcionais.map((o) => (
                  <List.Item key={o}>{o}</List.Item>
                ))}
              </List>
            ) : (
              'Nenhum opcional.'
            ),
          },
          ...grupo(r.requiredAtributos, true),
          ...grupo(r.newAtributos, false),
          linhaImagens(r.veiculoPost.pictures.map((p) => ({ fileUrl: p.source, fileThumb: p.miniatura, fileName: '' }))),
        ]
      : [];

  return (
    <TelaPublicacao
      titulo={titulo}
      canal="mercadolivre"
      carregando={!r}
      erroCarga={rascunho.error}
      {...envio.estado}
      onSubmit={envio.aoSubmeter(form, {
        recusado: () => {
          const valores = form.getValues();
          return [
            ...mensagensDoEsquema(postMercadoLivre, valores),
            ...atributosFaltando(r?.requiredAtributos ?? [], valores.ml_attributes),
          ];
        },
      })}
      linhas={linhas}
    />
  );
}
