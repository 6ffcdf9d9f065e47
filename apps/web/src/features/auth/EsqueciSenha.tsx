import { esqueciSenhaEntrada, MENSAGENS_USUARIO } from '@intermedio/contracts';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { api } from '@/lib/api';
import { mensagemDoErro } from '@/ui/AlertaErro';

/**
 * "Esqueci minha senha": asks for the e-mail and has the server mail the reset link. The answer is the same
 * whether or not the address belongs to a panel user.
 */
export function EsqueciSenha({ emailInicial, voltar }: { emailInicial: string; voltar: () => void }) {
  const form = useForm({ initialValues: { email: emailInicial }, validate: zod4Resolver(esqueciSenhaEntrada, { errorPriority: 'first' }) });
  const pedir = useMutation({
    mutationFn: (v: { email: string }) =>
      api.post('/api/senha/esqueci', v, { esquema: z.object({ mensagem: z.string() }), tratar401: false }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((v) => pedir.mutate(v))}>
      <Stack>
        <Title order={1} size="h2">
          Esqueci minha senha
        </Title>
        <Text size="sm" c="gray.7">
          Informe o e-mail com que você entra no painel. Enviaremos um link para escolher uma nova senha.
        </Text>
        <TextInput label="E-mail" type="email" autoComplete="username" autoFocus {...form.getInputProps('email')} />
        {pedir.isSuccess && (
          <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
            {pedir.data.mensagem ?? MENSAGENS_USUARIO.esqueciEnviado}
          </Alert>
        )}
        {pedir.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {mensagemDoErro(pedir.error)}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="subtle" onClick={voltar}>
            Voltar ao acesso
          </Button>
          <Button type="submit" loading={pedir.isPending}>
            Enviar link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
