import { type ItemCatalogo, type ItemCatalogoEntrada, itemCatalogoEntrada } from '@intermedio/contracts';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, useNavigate } from 'react-router';
import { ApiError, semResposta } from '@/lib/api';
import { useGravarItemCatalogo } from './api';
import type { DefinicaoCatalogo } from './definicao';

type Valores = { descricao: string; ordenacao: string };

/** The contract's rules (the server's): "Preenchimento obrigatório", "Número inválido"; the first problem of each field. */
export const validarItemCatalogo = zod4Resolver(itemCatalogoEntrada, { errorPriority: 'first' });

/**
 * Include / change an optional or an ad location (spec 2 §2, §4, §5): fields Descrição and Ordenação, Gravar locked
 * while saving; afterwards, saved or not, back to the list (the spec's rule for these two catalogues).
 */
export function FormularioCatalogo({ def, item }: { def: DefinicaoCatalogo; item?: ItemCatalogo }) {
  const navigate = useNavigate();
  const gravar = useGravarItemCatalogo(def, item?.id);
  const form = useForm<Valores>({
    initialValues: { descricao: item?.descricao ?? '', ordenacao: item ? String(item.ordenacao) : '' },
    validate: (v) => validarItemCatalogo(v),
  });
  const salvando = gravar.isPending;
  const { mensagens } = def;

  const salvar = (valores: Valores) =>
    gravar.mutate(item ? { ...(valores satisfies ItemCatalogoEntrada), versao: item.updated_at } : valores, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: item ? mensagens.alterado : mensagens.incluido });
        navigate(def.rotas.listar());
      },
      onError: (erro) => {
        // Changed by someone else meanwhile (409) or no answer: stay with what was typed and say so; other failures go back.
        if ((erro instanceof ApiError && erro.status === 409) || semResposta(erro)) {
          notifications.show({ color: 'red', message: erro.message });
          return;
        }
        notifications.show({ color: 'red', message: item ? mensagens.falhaAlterar : mensagens.falhaIncluir });
        navigate(def.rotas.listar());
      },
    });

  return (
    <Stack maw={640}>
      <Title order={1}>{def.titulo}</Title>
      <Paper withBorder p="md">
        <form noValidate onSubmit={form.onSubmit(salvar)}>
          <Stack>
            <Title order={2} size="h4">
              {item ? `Alterar ${def.singular}` : `Incluir ${def.singular}`}
            </Title>
            <fieldset disabled={salvando} style={{ border: 0, padding: 0, margin: 0 }}>
              <Stack>
                <TextInput label="Descrição" withAsterisk maxLength={120} {...form.getInputProps('descricao')} />
                <TextInput label="Ordenação" withAsterisk inputMode="numeric" maw={200} {...form.getInputProps('ordenacao')} />
              </Stack>
            </fieldset>
            <Group>
              <Button type="submit" loading={salvando} disabled={salvando}>
                Gravar
              </Button>
              <Button component={Link} to={def.rotas.listar()} variant="default" disabled={salvando}>
                Voltar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
