import {
  CAMPOS_MODELO,
  type CampoPadrao,
  type CanalId,
  MENSAGENS_PADROES,
  type PadroesPublicacao,
  padroesPublicacao,
} from '@intermedio/contracts';
import { Alert, Button, Fieldset, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ApiError } from '@/lib/api';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { gravarPadroes, usePadroes } from './api';

const MODELOS = new Set(['titulo', 'descricao']);
const LIMITES: Record<string, number> = { plano: 100, tipo_anuncio: 100, telefone: 20, cep: 9, titulo: 200, descricao: 5000 };
const PLACEHOLDERS = CAMPOS_MODELO.map((c) => `{${c}}`).join(' ');

/** The form's values: the stored defaults, '' for each field the channel reads and the reseller left empty. */
function valoresIniciais(campos: readonly CampoPadrao[], p: PadroesPublicacao): PadroesPublicacao {
  const v: PadroesPublicacao = {};
  for (const { campo } of campos) {
    if (campo.startsWith('escolhas.')) {
      const chave = campo.slice('escolhas.'.length);
      v.escolhas = { ...v.escolhas, [chave]: p.escolhas?.[chave] ?? '' };
    } else {
      const chave = campo as Exclude<keyof PadroesPublicacao, 'escolhas'>;
      v[chave] = p[chave] ?? '';
    }
  }
  return v;
}

/**
 * "Padrões de publicação" of a channel's configuration screen (issue 24 item 3, beyond spec 1): what a bulk publish
 * uses where the vehicle's data does not say, filled in once. Only for a configured channel whose bulk publish reads
 * defaults (the server's `campos`): a select where the channel's choices are known, a text otherwise, the templates
 * as text areas with their placeholders. Validated with the contract's schema; an empty field means "ask".
 */
export function SecaoPadroes({ idRevenda, canal, configurado }: { idRevenda: string; canal: CanalId; configurado: boolean }) {
  const { data, error, refetch } = usePadroes(idRevenda, canal, configurado);
  if (!configurado) return null;
  if (error) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;
  if (data.campos.length === 0) return null;
  return <FormularioPadroes idRevenda={idRevenda} canal={canal} campos={data.campos} padroes={data.padroes} />;
}

function FormularioPadroes({
  idRevenda,
  canal,
  campos,
  padroes,
}: {
  idRevenda: string;
  canal: CanalId;
  campos: CampoPadrao[];
  padroes: PadroesPublicacao;
}) {
  const [salvando, setSalvando] = useState(false);
  // The values last saved: the confirmation shows while the form still holds them.
  const [salvos, setSalvos] = useState<string | null>(null);
  const [erro, setErro] = useState<unknown>(null);
  const form = useForm<PadroesPublicacao>({
    initialValues: valoresIniciais(campos, padroes),
    validate: zod4Resolver(padroesPublicacao),
  });

  const salvar = async (valores: PadroesPublicacao) => {
    setErro(null);
    setSalvos(null);
    setSalvando(true);
    try {
      const r = await gravarPadroes(idRevenda, canal, valores);
      const novos = valoresIniciais(campos, r.padroes);
      form.setValues(novos);
      setSalvos(JSON.stringify(novos));
    } catch (e) {
      if (e instanceof ApiError && e.campos) form.setErrors(e.campos);
      setErro(e);
    } finally {
      setSalvando(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={form.onSubmit(salvar)} aria-labelledby={`padroes-${canal}`}>
        <Fieldset variant="unstyled" disabled={salvando}>
          <Stack>
            <div>
              <Title order={2} size="h3" id={`padroes-${canal}`}>
                Padrões de publicação
              </Title>
              <Text size="sm" c="dimmed">
                Usados ao publicar vários veículos de uma vez, sem o formulário. Em branco, o veículo que precisar do campo fica em "Precisa
                de revisão".
              </Text>
            </div>
            {campos.map((c) => (
              <CampoPadraoInput key={c.campo} def={c} entrada={form.getInputProps(c.campo)} />
            ))}
            {erro !== null && <AlertaErro erro={erro} />}
            {salvos === JSON.stringify(form.values) && (
              <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
                {MENSAGENS_PADROES.salvos}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={salvando}>
                Salvar padrões
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </Paper>
  );
}

function CampoPadraoInput({ def, entrada }: { def: CampoPadrao; entrada: ReturnType<ReturnType<typeof useForm>['getInputProps']> }) {
  const props = { label: def.rotulo, withAsterisk: def.obrigatorio, ...entrada, value: String(entrada.value ?? '') };
  if (def.opcoes)
    return (
      <NativeSelect
        {...props}
        data={[{ value: '', label: 'Perguntar na revisão' }, ...def.opcoes.map((o) => ({ value: o.id, label: o.nome }))]}
      />
    );
  if (MODELOS.has(def.campo))
    return (
      <Textarea
        {...props}
        autosize
        minRows={def.campo === 'titulo' ? 1 : 3}
        maxRows={10}
        maxLength={LIMITES[def.campo]}
        description={`Campos que o texto pode usar: ${PLACEHOLDERS}`}
      />
    );
  return <TextInput {...props} maxLength={LIMITES[def.campo] ?? 200} autoComplete="off" />;
}
