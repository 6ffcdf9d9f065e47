import { type ImagemVeiculoEntrada, imagemVeiculoEntrada, type VeiculoEntrada } from '@intermedio/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useRevenda } from '@/features/revendas/api';
import { ApiError } from '@/lib/api';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { enviarComProgresso } from '@/lib/upload';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { MoedaInput } from '@/ui/MoedaInput';
import { UploadFotos } from '@/ui/UploadFotos';
import { urlVeiculos } from './api';
import { CamposFipe } from './CamposFipe';
import { CamposLocaisAnuncio, CamposOpcionais } from './CamposListas';
import { dadosFipeDoForm, LinhaPrecoFipe } from './PrecoFipe';
import { OPCOES_CAMBIO, OPCOES_CARROCERIA, OPCOES_COMBUSTIVEL, OPCOES_COR, OPCOES_PORTAS, OPCOES_TIPO } from './rotulos';
import { type FormVeiculo, paraEntrada, useFormVeiculo, type ValoresVeiculo } from './valores';

type Props = {
  idRevenda: string;
  titulo: 'Incluir veículo' | 'Alterar veículo';
  iniciais: ValoresVeiculo;
  gravando: boolean;
  /** Saves; rejects with the API error (field messages go to their fields, the rest to the alert). */
  gravar: (entrada: VeiculoEntrada) => Promise<unknown>;
  aoGravar: () => void;
};

/** Marks a flag checkbox (0/1 in the contract). */
const flag = (form: FormVeiculo, campo: 'veveiculonovo' | 'veipva_pago' | 'veblindado' | 'vegarantia_fabrica') => ({
  checked: form.values[campo] === 1,
  onChange: (e: ChangeEvent<HTMLInputElement>) => form.setFieldValue(campo, e.currentTarget.checked ? 1 : 0),
});

/**
 * The vehicle form of spec 2 §5 (include and change): every field checked with the contract's schema (the
 * server's), "Preenchimento obrigatório" / "Km inválido" on each failing field, focus on the first one.
 * A failed save keeps everything typed and shows why (e.g. the 409 of a change made meanwhile).
 */
export function FormularioVeiculo({ idRevenda, titulo, iniciais, gravando, gravar, aoGravar }: Props) {
  const { csrf } = useSessaoAtiva();
  const revenda = useRevenda(idRevenda);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const formulario = useRef<HTMLFormElement>(null);
  const form = useFormVeiculo(iniciais);
  const v = form.values;
  const usado = v.veveiculonovo === 0;
  const siteRevenda = revenda.data?.recursos.site_revenda === true;

  const enviarFoto = useCallback(
    (arquivo: File, aoProgresso: (p: number) => void): Promise<ImagemVeiculoEntrada> =>
      enviarComProgresso(urlVeiculos.imagens(idRevenda), arquivo, { csrf, esquema: imagemVeiculoEntrada, aoProgresso }),
    [idRevenda, csrf],
  );

  const focarPrimeiroInvalido = () =>
    requestAnimationFrame(() => formulario.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const salvar = async (valores: ValoresVeiculo) => {
    setErro(null);
    try {
      await gravar(paraEntrada(valores));
      aoGravar();
    } catch (e) {
      if (e instanceof ApiError && e.campos && Object.keys(e.campos).length > 0) {
        form.setErrors(e.campos);
        focarPrimeiroInvalido();
      }
      setErro(mensagemDoErro(e));
    }
  };

  return (
    <Stack maw={1100}>
      <div>
        <Title order={1}>Veículos</Title>
        {revenda.data && (
          <Text c="gray.7" size="sm">
            Revenda: {revenda.data.penome_fantasia}
          </Text>
        )}
      </div>
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="md">
          {titulo}
        </Title>
        <form ref={formulario} noValidate onSubmit={form.onSubmit((x) => void salvar(x), focarPrimeiroInvalido)}>
          <Fieldset variant="unstyled" disabled={gravando}>
            <Stack gap="lg">
              <Fieldset legend="Dados do veículo">
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  <Select label="Tipo" withAsterisk data={OPCOES_TIPO} allowDeselect={false} {...form.getInputProps('vetipoveiculo')} />
                  <CamposFipe form={form} />
                  <Select
                    label="Combustível"
                    data={OPCOES_COMBUSTIVEL}
                    allowDeselect={false}
                    {...form.getInputProps('vefipe_combustivel')}
                  />
                  <Select label="Câmbio" withAsterisk data={OPCOES_CAMBIO} {...form.getInputProps('vecambio')} />
                  <Select label="Cor" withAsterisk data={OPCOES_COR} searchable {...form.getInputProps('vecor')} />
                  <Select label="Portas" withAsterisk data={OPCOES_PORTAS} {...form.getInputProps('veportas')} />
                  {v.vetipoveiculo === 'carro' && (
                    <Select label="Carroceria" withAsterisk data={OPCOES_CARROCERIA} {...form.getInputProps('vecarroceria')} />
                  )}
                  <Stack gap={4}>
                    <MoedaInput label="Valor" withAsterisk {...form.getInputProps('vevalor')} />
                    <LinhaPrecoFipe dados={dadosFipeDoForm(v)} valor={v.vevalor} />
                  </Stack>
                  {usado && <TextInput label="Quilometragem" withAsterisk inputMode="numeric" {...form.getInputProps('vequilometragem')} />}
                  <TextInput
                    label="Placa"
                    withAsterisk={usado}
                    maxLength={7}
                    autoComplete="off"
                    {...form.getInputProps('veiplaca')}
                    onChange={(e) => form.setFieldValue('veiplaca', e.currentTarget.value.toUpperCase().slice(0, 7))}
                  />
                  <TextInput label="Código interno" {...form.getInputProps('vecodigo_interno')} />
                </SimpleGrid>
                <Group mt="md" gap="lg">
                  <Checkbox label="Veículo novo (0 km)" {...flag(form, 'veveiculonovo')} />
                  <Checkbox label="IPVA pago" {...flag(form, 'veipva_pago')} />
                  <Checkbox label="Blindado" {...flag(form, 'veblindado')} />
                  <Checkbox label="Garantia de fábrica" {...flag(form, 'vegarantia_fabrica')} />
                  {siteRevenda && <Checkbox label="Exibir no site" {...form.getInputProps('veexibir_site', { type: 'checkbox' })} />}
                </Group>
                <Textarea label="Observação" rows={4} mt="md" {...form.getInputProps('veobservacao')} />
              </Fieldset>
              <Fieldset legend="Fotos">
                <UploadFotos
                  rotulo="Adicionar fotos"
                  fotos={v.imagens}
                  aoMudar={(imagens) => form.setFieldValue('imagens', imagens)}
                  enviar={enviarFoto}
                  aoEnviar={setEnviando}
                  desabilitado={gravando}
                  // The list's own rule (at most 40 photos): without it here a refused Gravar showed nothing.
                  erro={typeof form.errors.imagens === 'string' ? form.errors.imagens : undefined}
                />
              </Fieldset>
              <Fieldset legend="Opcionais">
                <CamposOpcionais form={form} />
              </Fieldset>
              <Fieldset legend="Locais de anúncio">
                <CamposLocaisAnuncio form={form} idRevenda={idRevenda} />
              </Fieldset>
              {erro && (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                  {erro}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={gravando} disabled={enviando}>
                  Gravar
                </Button>
                <Button component={Link} to={rotas.revenda.veiculos.listar(idRevenda)} variant="default">
                  Voltar
                </Button>
                {enviando && (
                  <Text size="sm" c="gray.7">
                    Aguarde o envio das fotos.
                  </Text>
                )}
              </Group>
            </Stack>
          </Fieldset>
        </form>
      </Paper>
    </Stack>
  );
}
