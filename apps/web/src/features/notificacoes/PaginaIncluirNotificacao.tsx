import { MENSAGENS_NOTIFICACAO, type NotificacaoEntrada, notificacaoEntrada, ROTULO_ACESSO_NOTIFICACAO } from '@intermedio/contracts';
import { Button, Fieldset, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, useNavigate, useParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { useIncluirNotificacao } from './api';

const OPCOES_ACESSO = Object.entries(ROTULO_ACESSO_NOTIFICACAO).map(([value, label]) => ({ value, label }));
type Valores = { titulo: string; link: string; acesso: string };

/** /revenda/:idRevenda/notificacoes/incluir (admin, spec 2 §2, §5): titulo and acesso required. */
export default function PaginaIncluirNotificacao() {
  const { idRevenda = '' } = useParams();
  const navigate = useNavigate();
  const incluir = useIncluirNotificacao(idRevenda);
  const form = useForm<Valores>({
    initialValues: { titulo: '', link: '', acesso: '' },
    validate: zod4Resolver(notificacaoEntrada, { errorPriority: 'first' }),
  });
  const lista = rotas.revenda.notificacoes.listar(idRevenda);

  const salvar = (v: Valores) =>
    incluir.mutate(v as NotificacaoEntrada, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MENSAGENS_NOTIFICACAO.incluida });
        navigate(lista);
      },
      onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
    });

  return (
    <Stack maw={640}>
      <Title order={1}>Nova notificação</Title>
      <Paper withBorder p="md">
        <form noValidate onSubmit={form.onSubmit(salvar)}>
          <Fieldset variant="unstyled" disabled={incluir.isPending}>
            <Stack>
              <TextInput label="Título" withAsterisk {...form.getInputProps('titulo')} />
              <TextInput label="Link" placeholder="https://" {...form.getInputProps('link')} />
              <Select label="Acesso" data={OPCOES_ACESSO} withAsterisk allowDeselect={false} {...form.getInputProps('acesso')} />
              <Group>
                <Button type="submit" loading={incluir.isPending}>
                  Gravar
                </Button>
                <Button component={Link} to={lista} variant="default">
                  Voltar
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        </form>
      </Paper>
    </Stack>
  );
}
