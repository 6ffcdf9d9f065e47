import { MENSAGENS } from '@intermedio/contracts';
import { Alert, Anchor, Button, Center, Container, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import { Marca } from '@/app/layouts/Marca';
import { ApiError } from '@/lib/api';
import { inicioDoPapel, lembraUsuario, useEntrar, useSessao } from '@/lib/sessao';
import { Carregando } from '@/ui/Carregando';

const obrigatorio = (v: string) => (v.trim() ? undefined : MENSAGENS.preenchimentoObrigatorio);

type Campos = { email: string; senha: string };

/**
 * The two fields' state and the empty-field check, by hand: @mantine/form would add ~6 KB (brotli) to the page with
 * the tightest first-load budget (issue 15). An error clears as its field changes, as in the other forms.
 */
function useCamposLogin() {
  const [valores, setValores] = useState<Campos>({ email: '', senha: '' });
  const [erros, setErros] = useState<Partial<Record<keyof Campos, string>>>({});
  const campo = (nome: keyof Campos) => ({
    value: valores[nome],
    error: erros[nome],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const valor = e.currentTarget.value;
      setValores((v) => ({ ...v, [nome]: valor }));
      setErros((x) => ({ ...x, [nome]: undefined }));
    },
  });
  /** Flags the empty fields during the submit event (the app's focus handler then reads aria-invalid). */
  const aoEnviar = (enviar: (v: Campos) => void) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const novos = { email: obrigatorio(valores.email), senha: obrigatorio(valores.senha) };
    setErros(novos);
    if (!novos.email && !novos.senha) enviar(valores);
  };
  return { valores, campo, aoEnviar };
}

/** Loaded when asked for: its schema brings zod, which the sign-in page does not otherwise need (first-load budget). */
const EsqueciSenha = lazy(async () => ({ default: (await import('./EsqueciSenha')).EsqueciSenha }));

/**
 * Sign-in at / and /login (spec 1 §2). Only empty fields are checked here ("Preenchimento obrigatório");
 * the server decides the rest and its message is shown. "Esqueci minha senha" swaps in the reset request.
 */
export default function PaginaLogin() {
  // Ask the server only when this browser remembers a signed-in user (avoids a pointless 401 on every visit).
  const sessao = useSessao({ consultar: lembraUsuario() });
  const entrar = useEntrar();
  const form = useCamposLogin();
  const [esqueci, setEsqueci] = useState(false);

  if (sessao.data) return <Navigate to={inicioDoPapel(sessao.data.usuario)} replace />;
  if (sessao.isLoading) return <Carregando />;

  const erro = entrar.error ? (entrar.error instanceof ApiError ? entrar.error.message : MENSAGENS.loginFalhou) : null;

  return (
    <Container component="main" size={420} py={{ base: 40, sm: 80 }} px="md">
      <Center mb="lg">
        <Marca tamanho={40} />
      </Center>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        {esqueci ? (
          <Suspense fallback={<Carregando />}>
            <EsqueciSenha emailInicial={form.valores.email} voltar={() => setEsqueci(false)} />
          </Suspense>
        ) : (
          <form noValidate onSubmit={form.aoEnviar((valores) => entrar.mutate(valores))}>
            <Stack>
              <Title order={1} size="h2">
                Acesso ao painel
              </Title>
              <TextInput label="E-mail" type="email" autoComplete="username" autoFocus {...form.campo('email')} />
              <PasswordInput label="Senha" autoComplete="current-password" {...form.campo('senha')} />
              {erro && (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                  {erro}
                </Alert>
              )}
              <Button type="submit" fullWidth loading={entrar.isPending} disabled={entrar.isPending}>
                Acessar
              </Button>
              <Anchor component="button" type="button" size="sm" ta="center" onClick={() => setEsqueci(true)}>
                Esqueci minha senha
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
