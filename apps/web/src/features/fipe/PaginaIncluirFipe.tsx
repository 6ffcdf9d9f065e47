import {
  type FipeOpcao,
  filtrarSugestoes,
  fipeManualEntrada,
  MENSAGENS_FIPE,
  normalizarBusca,
  ROTULO_TIPO_FIPE,
  TIPOS_FIPE,
  type TipoFipe,
} from '@intermedio/contracts';
import {
  Alert,
  Autocomplete,
  Button,
  type ComboboxItem,
  Group,
  type OptionsFilter,
  Paper,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api';
import { rotas } from '@/lib/rotas';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { useIncluirFipeManual, useMarcasFipe, useModelosFipe } from './api';

export type ValoresFipe = { tipo: string | null; marca_api: string; modelo_api: string; versao_api: string; anomod: string };
const VAZIO: ValoresFipe = { tipo: null, marca_api: '', modelo_api: '', versao_api: '', anomod: '' };

/** Spec 2 §5: every field required after trimming ("Preenchimento obrigatório"). */
export const validarFipe = zod4Resolver(fipeManualEntrada, { errorPriority: 'first' });
const OPCOES_TIPO = TIPOS_FIPE.map((t) => ({ value: String(t), label: ROTULO_TIPO_FIPE[t] }));

/** Lists open whole while the field is empty; typing narrows them by prefix (ignoring case and accents). */
const porPrefixo: OptionsFilter = ({ options, search }) => {
  if (!normalizarBusca(search)) return options;
  const itens = (options as ComboboxItem[]).map((o) => ({ ...o, nome: o.label }));
  return filtrarSugestoes(itens, search, 'prefixo', Number.POSITIVE_INFINITY);
};

const daLista = (lista: FipeOpcao[] | undefined, nome: string) => lista?.find((o) => normalizarBusca(o.nome) === normalizarBusca(nome));

/**
 * /fipe/incluir (admin, spec 2 §2): type, brand and model (suggested from the price lookup for that type and brand;
 * a brand or model missing from it can be typed, which is why the table exists), version and model year.
 * Gravar is locked while saving; saved → back to the list; failed → stays on the form.
 */
export default function PaginaIncluirFipe() {
  const navigate = useNavigate();
  const incluir = useIncluirFipeManual();
  const form = useForm<ValoresFipe>({ initialValues: VAZIO, validate: (v) => validarFipe(v) });
  const tipo = form.values.tipo === null ? null : (Number(form.values.tipo) as TipoFipe);
  const marcas = useMarcasFipe(tipo);
  const marca = daLista(marcas.data, form.values.marca_api);
  const modelos = useModelosFipe(tipo, marca);
  const salvando = incluir.isPending;

  const salvar = (valores: ValoresFipe) => {
    const corpo = fipeManualEntrada.parse(valores); // trimmed, type as its code
    incluir.mutate(corpo, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MENSAGENS_FIPE.incluido });
        navigate(rotas.fipe.listar());
      },
      onError: (erro) => {
        notifications.show({ color: 'red', message: MENSAGENS_FIPE.erroIncluir });
        if (erro instanceof ApiError && erro.campos) form.setErrors(erro.campos);
      },
    });
  };

  const erroDaLista = (q: { error: unknown }, oque: string) =>
    q.error ? `Não foi possível carregar ${oque} (${mensagemDoErro(q.error)}); digite o nome.` : undefined;

  return (
    <Stack maw={640}>
      <Title order={1}>Veículos FIPE Manual</Title>
      <Paper withBorder p="md">
        <form noValidate onSubmit={form.onSubmit(salvar)}>
          <Stack>
            <Title order={2} size="h4">
              Incluir veículo
            </Title>
            <fieldset disabled={salvando} style={{ border: 0, padding: 0, margin: 0 }}>
              <Stack>
                <Select
                  label="Tipo"
                  withAsterisk
                  placeholder="Selecione"
                  data={OPCOES_TIPO}
                  {...form.getInputProps('tipo')}
                  onChange={(valor) => {
                    form.setValues({ tipo: valor, marca_api: '', modelo_api: '' });
                  }}
                />
                <Autocomplete
                  label="Marca"
                  withAsterisk
                  placeholder={tipo === null ? 'Escolha o tipo primeiro' : 'Selecione ou digite'}
                  disabled={tipo === null}
                  data={marcas.data?.map((m) => m.nome) ?? []}
                  filter={porPrefixo}
                  limit={300}
                  description={erroDaLista(marcas, 'as marcas')}
                  {...form.getInputProps('marca_api')}
                  onChange={(valor) => {
                    // Another brand: its models differ, so the model chosen for the previous one is cleared.
                    if (daLista(marcas.data, valor)?.codigo !== marca?.codigo) form.setFieldValue('modelo_api', '');
                    form.setFieldValue('marca_api', valor);
                  }}
                />
                <Autocomplete
                  label="Modelo"
                  withAsterisk
                  placeholder={form.values.marca_api ? 'Selecione ou digite' : 'Escolha a marca primeiro'}
                  disabled={tipo === null || !form.values.marca_api.trim()}
                  data={modelos.data?.map((m) => m.nome) ?? []}
                  filter={porPrefixo}
                  limit={300}
                  description={erroDaLista(modelos, 'os modelos')}
                  {...form.getInputProps('modelo_api')}
                />
                <TextInput label="Versão" withAsterisk maxLength={200} {...form.getInputProps('versao_api')} />
                <TextInput label="Ano modelo" withAsterisk maxLength={20} maw={200} inputMode="numeric" {...form.getInputProps('anomod')} />
              </Stack>
            </fieldset>
            {incluir.error instanceof ApiError && incluir.error.status !== 400 && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {MENSAGENS_FIPE.erroIncluir} {incluir.error.message}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={salvando} disabled={salvando}>
                Gravar
              </Button>
              <Button component={Link} to={rotas.fipe.listar()} variant="default" disabled={salvando}>
                Voltar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
