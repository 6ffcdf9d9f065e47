import '@/app/estilos/completos';
import { MENSAGENS, MENSAGENS_USUARIO, senhaFraca } from '@intermedio/contracts';
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { ApiError, api } from '@/lib/api';
import { rotas } from '@/lib/rotas';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';

type Valores = { senha: string; confirmacao: string };

/** Client-side rules of the new password (the server checks them again). */
export function validarNovaSenha(v: Valores, email?: string): Partial<Record<keyof Valores, string>> {
  const erros: Partial<Record<keyof Valores, string>> = {};
  if (!v.senha) erros.senha = MENSAGENS.preenchimentoObrigatorio;
  else if (senhaFraca(v.senha, email)) erros.senha = MENSAGENS_USUARIO.senhaFraca;
  if (!v.confirmacao) erros.confirmacao = MENSAGENS.preenchimentoObrigatorio;
  else if (v.senha !== v.confirmacao) erros.confirmacao = MENSAGENS.senhasNaoCoincidem;
  return erros;
}

function IrParaLogin({ children = 'Ir para o acesso ao painel' }: { children?: string }) {
  return (
    <Anchor component={Link} to={rotas.login()}>
      {children}
    </Anchor>
  );
}

/**
 * Public page /redefinir-senha/:token, opened from the e-mail link (no session, no menu): checks the link,
 * then asks for the new password and its confirmation; afterwards it links to the sign-in page.
 */
export default function PaginaRedefinirSenha() {
  const { token = '' } = useParams();
  const link = useQuery({
    queryKey: ['redefinicaoSenha', token],
    queryFn: ({ signal }) =>
      api.get(`/api/senha/redefinicao/${encodeURIComponent(token)}`, {
        esquema: z.object({ email: z.string() }),
        tratar401: false,
        signal,
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const redefinir = useMutation({
    mutationFn: (v: Valores) =>
      api.post('/api/senha/redefinir', { token, ...v }, { esquema: z.object({ mensagem: z.string() }), tratar401: false }),
  });
  const form = useForm<Valores>({
    initialValues: { senha: '', confirmacao: '' },
    validate: (v) => validarNovaSenha(v, link.data?.email),
  });

  const salvar = (v: Valores) =>
    redefinir.mutate(v, {
      onError: (e) => {
        if (e instanceof ApiError && e.campos) form.setErrors(e.campos);
      },
    });

  const erroEnvio = redefinir.error && !(redefinir.error instanceof ApiError && redefinir.error.campos) ? redefinir.error : null;

  return (
    <Container component="main" size={460} py={80}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack>
          <Title order={1} size="h2">
            Alteração de senha
          </Title>
          {link.isPending && <Carregando rotulo="Conferindo o link..." />}
          {link.error && (
            <>
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {link.error instanceof ApiError && link.error.status === 400 ? link.error.message : mensagemDoErro(link.error)}
              </Alert>
              <IrParaLogin />
            </>
          )}
          {link.data && redefinir.data && (
            <>
              <Alert color="green" variant="light" icon={<IconCheck aria-hidden />}>
                {redefinir.data.mensagem}
              </Alert>
              <Button component={Link} to={rotas.login()}>
                Acessar o painel
              </Button>
            </>
          )}
          {link.data && !redefinir.data && (
            <form noValidate onSubmit={form.onSubmit(salvar)}>
              <Stack>
                <Text size="sm">
                  Escolha uma nova senha para <strong>{link.data.email}</strong>.
                </Text>
                <PasswordInput
                  label="Nova senha"
                  autoComplete="new-password"
                  autoFocus
                  disabled={redefinir.isPending}
                  {...form.getInputProps('senha')}
                />
                <PasswordInput
                  label="Confirmação"
                  autoComplete="new-password"
                  disabled={redefinir.isPending}
                  {...form.getInputProps('confirmacao')}
                />
                {erroEnvio && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                    {mensagemDoErro(erroEnvio)}
                  </Alert>
                )}
                <Button type="submit" loading={redefinir.isPending}>
                  Alterar senha
                </Button>
                <IrParaLogin>Voltar ao acesso ao painel</IrParaLogin>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
