import { CAMPOS_SECRETOS, CANAIS_AUTORIZACAO, type CanalAutorizacao, type Integracao, ROTULO_CANAL } from '@intermedio/contracts';
import { Alert, Button, Fieldset, Group, NativeSelect, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { chaves } from '@/lib/chaves';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { CnpjInput } from '@/ui/MascaraInput';
import { pedirAutorizacao, useIntegracao } from './api';
import {
  CAMPOS_FORMULARIO,
  CANAIS_PORTAL,
  type CanalPortal,
  camposDoCanal,
  type DefCampo,
  STATUS_OPCOES,
  salvarConfiguracao,
  type ValoresFormulario,
  validarFormulario,
  valoresIniciais,
} from './fluxos';
import { SecaoPadroes } from './SecaoPadroes';
import { StatusIntegracao } from './StatusIntegracao';

/** Configuration screen of one portal channel, /revenda/:idRevenda/configurar-{canal} (spec 1 §2, §4, §5). */
export function PaginaConfigurarPortal({ canal }: { canal: CanalPortal }) {
  const { idRevenda = '' } = useParams();
  // The form starts from what the server has now: a cached copy (e.g. from before the last save) is not used.
  const { data, error, isFetchedAfterMount, refetch } = useIntegracao(idRevenda, canal, { sempreAtual: true });
  return (
    <Stack maw={560}>
      <Group justify="space-between">
        <Title order={1}>Configurar {ROTULO_CANAL[canal]}</Title>
        <BotaoVoltar idRevenda={idRevenda} />
      </Group>
      {error ? (
        <AlertaErro erro={error} tentarNovamente={() => void refetch()} />
      ) : !data || !isFetchedAfterMount ? (
        <Carregando />
      ) : (
        <>
          <Formulario canal={canal} idRevenda={idRevenda} registro={data} />
          <SecaoPadroes idRevenda={idRevenda} canal={canal} configurado={data.configurado} />
        </>
      )}
    </Stack>
  );
}

export function BotaoVoltar({ idRevenda }: { idRevenda: string }) {
  return (
    <Button
      component={Link}
      to={rotas.revenda.integracao(idRevenda)}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      Voltar
    </Button>
  );
}

type Aviso = { mensagem: string; onde: 'topo' | 'botoes' };

function Formulario({ canal, idRevenda, registro }: { canal: CanalPortal; idRevenda: string; registro: Integracao }) {
  const { usuario } = useSessaoAtiva();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [salvando, setSalvando] = useState(false);
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const form = useForm<ValoresFormulario>({
    initialValues: valoresIniciais(canal, registro),
    validate: (valores) => validarFormulario(canal, valores, registro.segredos_salvos),
  });

  const salvar = async (valores: ValoresFormulario) => {
    setAviso(null);
    setSalvando(true);
    const r = await salvarConfiguracao({
      canal,
      idRevenda,
      usuario: usuario.id,
      status: valores.status === '1',
      campos: camposDoCanal(canal, valores),
      versao: registro.updated_at,
    });
    void queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, 'integracoes') });
    setSalvando(false);
    switch (r.tipo) {
      case 'concluido':
        // The spec goes back to the list even when the channel refused (the server has set it Inativo);
        // a toast tells why, so the refusal is not silent.
        if (r.recusa) notifications.show({ color: 'red', title: `${ROTULO_CANAL[canal]} recusou a configuração`, message: r.recusa });
        navigate(rotas.revenda.integracao(idRevenda));
        return;
      case 'recusado':
        // Olx: the returned text in a red block; Mobiauto: in a red alert above the buttons (spec 1 §8).
        setAviso({ mensagem: r.mensagem, onde: canal === 'olx' ? 'topo' : 'botoes' });
        return;
      case 'alerta':
        window.alert(r.mensagem);
        return;
      case 'campos':
        form.setErrors(r.campos);
        return;
      case 'sem-resposta':
        setAviso({ mensagem: r.mensagem, onde: 'botoes' });
        return;
    }
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={form.onSubmit(salvar)} aria-label={`Configuração ${ROTULO_CANAL[canal]}`}>
        <Fieldset variant="unstyled" disabled={salvando}>
          <Stack>
            <Group gap="xs">
              <StatusIntegracao registro={registro} comTexto />
            </Group>
            {aviso?.onde === 'topo' && <AlertaVermelho mensagem={aviso.mensagem} testid="recusa-canal" />}
            {ehCanalAutorizacao(canal) && <BotaoAutorizar canal={canal} idRevenda={idRevenda} />}
            {CAMPOS_FORMULARIO[canal].map((c) => (
              <Campo
                key={c.nome}
                def={c}
                entrada={form.getInputProps(c.nome)}
                guardado={registro.segredos_salvos.includes(c.nome)}
                secreto={CAMPOS_SECRETOS[canal].includes(c.nome)}
              />
            ))}
            <NativeSelect label="Status integração" data={STATUS_OPCOES} withAsterisk {...form.getInputProps('status')} />
            {aviso?.onde === 'botoes' && <AlertaVermelho mensagem={aviso.mensagem} testid="recusa-canal" />}
            <Group justify="flex-end">
              <BotaoVoltar idRevenda={idRevenda} />
              <Button type="submit" loading={salvando}>
                Gravar
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </Paper>
  );
}

const ehCanalAutorizacao = (canal: CanalPortal): canal is CanalAutorizacao => (CANAIS_AUTORIZACAO as readonly string[]).includes(canal);
/** "na Olx" / "no Mercado Livre": the article each channel's name takes in Portuguese. */
const CONTRACOES: Record<CanalAutorizacao, { em: string; de: string }> = {
  olx: { em: 'na', de: 'da' },
  mercadolivre: { em: 'no', de: 'do' },
};

/**
 * "Autorizar na Olx" / "no Mercado Livre": asks the server for the channel's consent page (with this product's redirect address and
 * a state tied to the session) and goes there; the channel sends the browser back to /integracao/{canal}/retorno.
 */
function BotaoAutorizar({ canal, idRevenda }: { canal: CanalAutorizacao; idRevenda: string }) {
  const [indo, setIndo] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const { em, de } = CONTRACOES[canal];
  const autorizar = async () => {
    setErro(null);
    setIndo(true);
    try {
      const { url } = await pedirAutorizacao(idRevenda, canal);
      window.location.assign(url);
    } catch (e) {
      setErro(mensagemDoErro(e));
      setIndo(false);
    }
  };
  return (
    <Stack gap={4}>
      <Button variant="light" leftSection={<IconExternalLink size={16} aria-hidden />} loading={indo} onClick={() => void autorizar()}>
        Autorizar {em} {ROTULO_CANAL[canal]}
      </Button>
      <Text size="xs" c="dimmed">
        Abre a página de autorização {de} {ROTULO_CANAL[canal]} e volta configurado. Se preferir, informe abaixo um código gerado no canal.
      </Text>
      {erro && <AlertaVermelho mensagem={erro} testid="erro-autorizar" />}
    </Stack>
  );
}

function AlertaVermelho({ mensagem, testid }: { mensagem: string; testid: string }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} data-testid={testid}>
      {mensagem}
    </Alert>
  );
}

function Campo({
  def,
  entrada,
  guardado,
  secreto,
}: {
  def: DefCampo;
  entrada: GetInputPropsReturnType;
  guardado: boolean;
  secreto: boolean;
}) {
  const props = { label: def.rotulo, withAsterisk: !(secreto && guardado), ...entrada };
  switch (def.tipo) {
    case 'senha':
      return (
        <PasswordInput
          {...props}
          autoComplete="new-password"
          description={guardado ? 'Deixe em branco para manter a senha atual.' : undefined}
        />
      );
    case 'codigo':
      return (
        <TextInput
          {...props}
          autoComplete="off"
          description={guardado ? 'Já autorizado: deixe em branco para manter a conexão atual (um código serve uma vez só).' : undefined}
        />
      );
    case 'email':
      return <TextInput {...props} type="email" autoComplete="off" />;
    case 'numero':
      return <TextInput {...props} inputMode="numeric" autoComplete="off" />;
    case 'cnpj':
      return <CnpjInput {...props} />;
    case 'texto':
      return <TextInput {...props} autoComplete="off" />;
  }
}

/** One page component per portal channel (the route tells the channel; screens have no props). */
export const PAGINAS_PORTAL = {} as Record<CanalPortal, ComponentType>;
for (const canal of CANAIS_PORTAL) {
  const Pagina = () => <PaginaConfigurarPortal canal={canal} />;
  Pagina.displayName = `PaginaConfigurar_${canal}`;
  PAGINAS_PORTAL[canal] = Pagina;
}
