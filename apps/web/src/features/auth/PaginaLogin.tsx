import { MENSAGENS } from '@intermedio/contracts';
import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { ApiError } from '@/lib/api';
import { inicioDoPapel, lembraUsuario, useEntrar, useSessao } from '@/lib/sessao';
import { Carregando } from '@/ui/Carregando';

/** Sign-in at / and /login (spec 1 §2). No client-side rules: the server decides and its message is shown. */
export default function PaginaLogin() {
  // Ask the server only when this browser remembers a signed-in user (avoids a pointless 401 on every visit).
  const sessao = useSessao({ consultar: lembraUsuario() });
  const entrar = useEntrar();
  const form = useForm({ initialValues: { email: '', senha: '' } });

  if (sessao.data) return <Navigate to={inicioDoPapel(sessao.data.usuario)} replace />;
  if (sessao.isLoading) return <Carregando />;

  const erro = entrar.error ? (entrar.error instanceof ApiError ? entrar.error.message : MENSAGENS.loginFalhou) : null;

  return (
    <Container component="main" size={420} py={80}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <form noValidate onSubmit={form.onSubmit((valores) => entrar.mutate(valores))}>
          <Stack>
            <Title order={1} size="h2">
              Acesso ao painel
            </Title>
            <Text c="gray.7" size="sm">
              Intermédio
            </Text>
            <TextInput label="E-mail" type="email" autoComplete="username" autoFocus {...form.getInputProps('email')} />
            <PasswordInput label="Senha" autoComplete="current-password" {...form.getInputProps('senha')} />
            {erro && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {erro}
              </Alert>
            )}
            <Button type="submit" fullWidth loading={entrar.isPending} disabled={entrar.isPending}>
              Acessar
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
