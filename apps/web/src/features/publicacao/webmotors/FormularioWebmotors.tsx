import {
  FLAGS_WEBMOTORS,
  LIMITE_OBSERVACAO_WEBMOTORS,
  type OpcaoCanalApi,
  PORTAS_WEBMOTORS,
  type PostWebmotorsEntrada,
  postWebmotors,
  type RascunhoWebmotors,
} from '@intermedio/contracts';
import { Checkbox, NativeSelect, NumberInput, SimpleGrid, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { formatarNumero } from '@/lib/formato';
import { Moeda } from '@/ui/Formatados';
import { MoedaInput } from '@/ui/MoedaInput';
import { useModelos, useRascunho, useVersoes } from '../api';
import { linhaImagens, linhaPlaca, rotuloCombustivel } from '../linhas';
import { type LinhaPublicacao, TelaPublicacao, useEnvio } from '../TelaPublicacao';

type Valores = RascunhoWebmotors['veiculoPost'];

/** A select's choices; the empty one only when the user must choose (spec 3 §2.5: versions, one empty choice if > 1). */
const escolhas = (lista: readonly OpcaoCanalApi[], vazia: boolean) => [
  ...(vazia ? [{ value: '', label: 'Selecione' }] : []),
  ...lista.map((o) => ({ value: o.id, label: o.nome })),
];

/**
 * The Webmotors screens (spec 3 §2.4, §2.5, §3.4, §5): "Incluir carro / moto Webmotors" and "Alterar veículo
 * Webmotors". Rows: modality, ad type, brand → model → version cascade (a brand clears model and version; a model
 * clears the version; a single version is chosen and its select has no empty choice), years, plate, mileage, price,
 * fuel, colour, doors, gearbox, the eight S/N flags (N unless checked), observations (≤ 1500), options, photos.
 * Webmotors' return codes come back translated from the server; an unknown code carries the manual's address, which
 * the error alert shows as a link.
 */
export function FormularioWebmotors({ titulo, alterar = false }: { titulo: string; alterar?: boolean }) {
  const painel = `Integração Webmotors - ${alterar ? 'Alterar' : 'Incluir'} veículo`;
  const { idRevenda = '', idVeiculo = '', idAnuncio } = useParams();
  const anuncio = alterar ? idAnuncio : undefined;
  const rascunho = useRascunho<RascunhoWebmotors>('webmotors', idVeiculo, anuncio);
  const envio = useEnvio<PostWebmotorsEntrada>('webmotors', idRevenda, idVeiculo, anuncio);
  const form = useForm<Valores>({ validate: zod4Resolver(postWebmotors, { errorPriority: 'first' }) });
  const d = rascunho.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the draft arrives
  useEffect(() => {
    if (d) form.initialize(d.veiculoPost);
  }, [d]);
  const v = form.values;
  const marca = v.CodigoMarca || null;
  const modelo = v.CodigoModelo || null;
  const modelosConsulta = useModelos('webmotors', idVeiculo, marca);
  const versoesConsulta = useVersoes('webmotors', idVeiculo, marca, modelo);
  const modelos = modelosConsulta.data ?? (d && marca === d.veiculoPost.CodigoMarca ? d.retModelo : []);
  const versoes = versoesConsulta.data ?? (d && modelo === d.veiculoPost.CodigoModelo ? d.retVersao : []);
  // One version: chosen, as the draft does (its select has no empty choice then).
  const unica = versoes.length === 1 ? versoes[0]?.id : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list of versions changes
  useEffect(() => {
    if (unica && form.values.CodigoVersao !== unica) form.setFieldValue('CodigoVersao', unica);
  }, [unica]);

  const select = (rotulo: string, campo: keyof Valores, lista: readonly OpcaoCanalApi[], aoMudar?: (valor: string) => void) => {
    const props = form.getInputProps(campo);
    return (
      <NativeSelect
        aria-label={rotulo}
        data={escolhas(lista, lista.length !== 1 || !v[campo])}
        {...props}
        value={String(v[campo] ?? '')}
        onChange={(e) => (aoMudar ? aoMudar(e.currentTarget.value) : form.setFieldValue(campo, e.currentTarget.value as never))}
      />
    );
  };
  const escolherMarca = (valor: string) => form.setValues({ CodigoMarca: valor, CodigoModelo: '', CodigoVersao: '' });
  const escolherModelo = (valor: string) => form.setValues({ CodigoModelo: valor, CodigoVersao: '' });
  const escolherTipo = (tipo: string) => {
    const valida = d?.retModalidade.some((m) => m.id === v.CodigoModalidade && m.tipoAnuncio === tipo);
    form.setValues({ TipoAnuncio: tipo === 'N' ? 'N' : 'U', ...(valida ? {} : { CodigoModalidade: '' }) });
  };

  const i = d?.veiculo;
  const linhas: LinhaPublicacao[] =
    d && i && v.CodigoMarca !== undefined
      ? [
          {
            rotulo: 'Modalidade do anúncio',
            obrigatorio: true,
            canal: select(
              'Modalidade do anúncio',
              'CodigoModalidade',
              d.retModalidade.filter((m) => m.tipoAnuncio === v.TipoAnuncio),
            ),
          },
          {
            rotulo: 'Tipo do anúncio',
            // The vehicle's own "new" flag (veveiculonovo), as the draft's TipoAnuncio (spec 3 §3.2, §3.4).
            intermedio: i.novo ? 'Novo' : 'Usado',
            canal: (
              <NativeSelect
                aria-label="Tipo do anúncio"
                data={[
                  { value: 'U', label: 'Usado (U)' },
                  { value: 'N', label: 'Novo (N)' },
                ]}
                value={v.TipoAnuncio}
                disabled={alterar}
                onChange={(e) => escolherTipo(e.currentTarget.value)}
              />
            ),
          },
          { rotulo: 'Marca', obrigatorio: true, intermedio: i.marca, canal: select('Marca', 'CodigoMarca', d.retMarca, escolherMarca) },
          { rotulo: 'Modelo', obrigatorio: true, intermedio: i.modelo, canal: select('Modelo', 'CodigoModelo', modelos, escolherModelo) },
          { rotulo: 'Versão', obrigatorio: true, intermedio: i.versao, canal: select('Versão', 'CodigoVersao', versoes) },
          {
            rotulo: 'Ano modelo',
            intermedio: String(i.anoModelo ?? ''),
            canal: (
              <NumberInput aria-label="Ano modelo" allowDecimal={false} allowNegative={false} {...form.getInputProps('AnoDoModelo')} />
            ),
          },
          {
            rotulo: 'Ano fabricação',
            intermedio: String(i.anoFabricacao ?? ''),
            canal: (
              <NumberInput
                aria-label="Ano fabricação"
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('AnoFabricacao')}
              />
            ),
          },
          linhaPlaca(form, 'Placa', i.placa),
          {
            rotulo: 'Quilometragem',
            intermedio: formatarNumero(i.km),
            canal: (
              <NumberInput
                aria-label="Quilometragem"
                thousandSeparator="."
                decimalSeparator=","
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('Km')}
              />
            ),
          },
          {
            rotulo: 'Preço',
            intermedio: <Moeda valor={i.valor} />,
            canal: <MoedaInput aria-label="Preço" {...form.getInputProps('PrecoReal')} />,
          },
          {
            rotulo: 'Combustível',
            obrigatorio: true,
            intermedio: rotuloCombustivel(i.combustivel),
            canal: select('Combustível', 'CodigoCombustivel', d.retTipoCombustivel),
          },
          { rotulo: 'Cor', obrigatorio: true, intermedio: i.cor, canal: select('Cor', 'CodigoCor', d.retCores) },
          {
            rotulo: 'Portas',
            obrigatorio: true,
            intermedio: i.portas === null ? '' : String(i.portas),
            canal: (
              <NativeSelect
                aria-label="Portas"
                data={[{ value: '', label: 'Selecione' }, ...PORTAS_WEBMOTORS.map((p) => ({ value: String(p), label: String(p) }))]}
                {...form.getInputProps('NrPortas')}
                value={v.NrPortas === null || v.NrPortas === undefined ? '' : String(v.NrPortas)}
                onChange={(e) => form.setFieldValue('NrPortas', e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
              />
            ),
          },
          {
            rotulo: 'Câmbio',
            obrigatorio: true,
            intermedio: i.cambio === 'A' ? 'Automático' : 'Manual',
            canal: select('Câmbio', 'CodigoCambio', d.retTipoTransmissao),
          },
          {
            rotulo: 'Características',
            canal: (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                {FLAGS_WEBMOTORS.map((f) => (
                  <Checkbox
                    key={f.campo}
                    label={f.rotulo}
                    checked={v[f.campo] === 'S'}
                    onChange={(e) => form.setFieldValue(f.campo, e.currentTarget.checked ? 'S' : 'N')}
                  />
                ))}
              </SimpleGrid>
            ),
          },
          {
            rotulo: 'Observações',
            intermedio: i.observacao,
            canal: (
              <Textarea
                aria-label="Observações"
                autosize
                minRows={3}
                maxRows={12}
                maxLength={LIMITE_OBSERVACAO_WEBMOTORS}
                description={`${v.Observacao.length} de ${LIMITE_OBSERVACAO_WEBMOTORS} caracteres`}
                {...form.getInputProps('Observacao')}
              />
            ),
          },
          {
            rotulo: 'Opcionais',
            canal: (
              <Checkbox.Group aria-label="Opcionais" value={v.Opcional} onChange={(ids) => form.setFieldValue('Opcional', ids)}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  {d.retOpcionais.map((o) => (
                    <Checkbox key={o.id} value={o.id} label={o.nome} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            ),
          },
          linhaImagens(d.imagens),
        ]
      : [];

  return (
    <TelaPublicacao
      titulo={titulo}
      painel={painel}
      canal="webmotors"
      carregando={!d || linhas.length === 0}
      erroCarga={rascunho.error}
      {...envio.estado}
      onSubmit={envio.aoSubmeter(form, { post: (valores) => valores as PostWebmotorsEntrada })}
      linhas={linhas}
    />
  );
}
