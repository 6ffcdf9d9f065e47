import { MENSAGENS_USUARIO, ROTULO_PAPEL, type Usuario, usuarioAlteracao } from '@intermedio/contracts';
import { Alert, Button, Divider, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCheck, IconMail } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { TelefoneInput } from '@/ui/MascaraInput';
import { useAlterarUsuario, useEnviarLinkSenha, useUsuario } from './api';
import { aoGravarUsuario, OPCOES_PAPEL } from './comum';

/** /revenda/:idRevenda/usuarios/:idUsuario/alterar: the e-mail is locked; offers the password-reset link. */
export default function PaginaAlterarUsuario() {
  const { idRevenda = '', idUsuario = '' } = useParams();
  const { data, error, refetch } = useUsuario(idRevenda, idUsuario);
  if (error && !data) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;
  return <FormularioAlteracao key={data.id} idRevenda={idRevenda} usuario={data} />;
}

type Valores = { nome: string; role: string; telefone1: string; telefone2: string };

function FormularioAlteracao({ idRevenda, usuario }: { idRevenda: string; usuario: Usuario }) {
  const navigate = useNavigate();
  const alterar = useAlterarUsuario(idRevenda, usuario.id);
  const link = useEnviarLinkSenha(idRevenda, usuario.id);
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<Valores>({
    initialValues: { nome: usuario.nome, role: usuario.role, telefone1: usuario.telefone1 ?? '', telefone2: usuario.telefone2 ?? '' },
    validate: zod4Resolver(usuarioAlteracao.omit({ versao: true }), { errorPriority: 'first' }),
  });
  const lista = rotas.revenda.usuarios.listar(idRevenda);
  // An admin user is not a reseller role; show it, the server keeps roles to Usuário/Gestor.
  const opcoes = usuario.role === 'admin' ? [...OPCOES_PAPEL, { value: 'admin', label: ROTULO_PAPEL.admin, disabled: true }] : OPCOES_PAPEL;

  const salvar = (v: Valores) => {
    setErro(null);
    alterar.mutate(
      // The version read goes back: a save over someone else's newer change is refused (409) and shown here,
      // with what was typed kept in the form.
      { ...v, role: v.role as 'client' | 'gestor', versao: usuario.updated_at },
      aoGravarUsuario({ voltar: () => navigate(lista), mostrarCampos: form.setErrors, mostrarErro: setErro }),
    );
  };

  return (
    <Stack maw={760}>
      <Title order={1}>Alterar usuário</Title>
      <Paper withBorder p="md">
        <form noValidate onSubmit={form.onSubmit(salvar)}>
          <Fieldset variant="unstyled" disabled={alterar.isPending}>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nome" withAsterisk {...form.getInputProps('nome')} />
                <TextInput label="E-mail" value={usuario.email} disabled readOnly description="O e-mail não pode ser alterado." />
                <Select label="Perfil" data={opcoes} allowDeselect={false} {...form.getInputProps('role')} />
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
                <Button type="submit" loading={alterar.isPending}>
                  Gravar
                </Button>
                <Button component={Link} to={lista} variant="default">
                  Voltar
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        </form>
        <Divider my="lg" />
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            O usuário receberá por e-mail um link para escolher uma nova senha.
          </Text>
          <Group>
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              loading={link.isPending}
              onClick={() => link.mutate()}
            >
              Enviar link para alteração de senha
            </Button>
          </Group>
          {link.data && (
            <Alert color="green" variant="light" icon={<IconCheck aria-hidden />}>
              {link.data.mensagem}
            </Alert>
          )}
          {link.error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {link.error instanceof ApiError && link.error.status >= 400 && link.error.status !== 500
                ? link.error.message
                : MENSAGENS_USUARIO.erroLink(usuario.email)}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
