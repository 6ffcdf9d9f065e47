import { type UsuarioNovo, usuarioNovo } from '@intermedio/contracts';
import { Alert, Button, Fieldset, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { TelefoneInput } from '@/ui/MascaraInput';
import { useIncluirUsuario } from './api';
import { aoGravarUsuario, OPCOES_PAPEL } from './comum';

type Valores = Required<Omit<UsuarioNovo, 'telefone1' | 'telefone2'>> & { telefone1: string; telefone2: string };

/** /revenda/:idRevenda/usuarios/incluir (spec 1 §5): new user with password and confirmation, Perfil default Usuário. */
export default function PaginaIncluirUsuario() {
  const { idRevenda = '' } = useParams();
  const navigate = useNavigate();
  const incluir = useIncluirUsuario(idRevenda);
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<Valores>({
    initialValues: { nome: '', email: '', senha: '', confirmacao: '', role: 'client', telefone1: '', telefone2: '' },
    validate: zod4Resolver(usuarioNovo, { errorPriority: 'first' }),
  });
  const lista = rotas.revenda.usuarios.listar(idRevenda);

  const salvar = (valores: Valores) => {
    setErro(null);
    incluir.mutate(valores, aoGravarUsuario({ voltar: () => navigate(lista), mostrarCampos: form.setErrors, mostrarErro: setErro }));
  };

  return (
    <Stack maw={760}>
      <Title order={1}>Incluir usuário</Title>
      <Paper withBorder p="md">
        <form noValidate onSubmit={form.onSubmit(salvar)}>
          <Fieldset variant="unstyled" disabled={incluir.isPending}>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nome" withAsterisk {...form.getInputProps('nome')} />
                <TextInput label="E-mail" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
                <PasswordInput label="Senha" withAsterisk autoComplete="new-password" {...form.getInputProps('senha')} />
                <PasswordInput
                  label="Confirmação da senha"
                  withAsterisk
                  autoComplete="new-password"
                  {...form.getInputProps('confirmacao')}
                />
                <Select label="Perfil" data={OPCOES_PAPEL} allowDeselect={false} {...form.getInputProps('role')} />
                <span />
                <TelefoneInput label="Telefone 1" {...form.getInputProps('telefone1')} />
                <TelefoneInput label="Telefone 2" {...form.getInputProps('telefone2')} />
              </SimpleGrid>
              {erro && (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                  {erro}
                </Alert>
              )}
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
