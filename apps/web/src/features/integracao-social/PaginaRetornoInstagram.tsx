import { MENSAGENS, MENSAGENS_INTEGRACAO } from '@intermedio/contracts';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBrandInstagram } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { chamarIntegracao } from '../integracoes/api';
import { type ContaInstagram, contaInstagramDaPagina, dadosContaInstagram, listarPaginas, type PaginaSocial } from './graph';
import { Aguarde, AutorizacaoNegada, Concluido, fecharJanela, usePreparoSocial, useRetorno } from './retorno';

/** Landing page of the Instagram authorisation popup, /integracao/configurar-instagram (spec 1 §2, §4, §5, §8). */
export default function PaginaRetornoInstagram() {
  const retorno = useRetorno();
  return (
    <Stack>
      <Title order={1} size="h3">
        Configurar conta do Instagram
      </Title>
      {retorno.ok ? <Configuracao token={retorno.token} idRevenda={retorno.idRevenda} /> : <AutorizacaoNegada canal="instagram" />}
    </Stack>
  );
}

/** Pages of the user; `aviso` = why the manual ID entry is offered from the start. */
type Preparo = { paginas: PaginaSocial[]; aviso: string | null };

function Configuracao({ token, idRevenda }: { token: string; idRevenda: string }) {
  const { usuario } = useSessaoAtiva();
  const { config, preparo, graphUrl } = usePreparoSocial('instagram', token, async (graph): Promise<Preparo> => {
    const r = await chamarIntegracao('instagram', 'configurar', { id_revenda: idRevenda, access_token: token, usuario: usuario.id });
    if (!r.ok) return { paginas: [], aviso: MENSAGENS_INTEGRACAO.erroInstagram };
    try {
      return { paginas: await listarPaginas(graph, token), aviso: null };
    } catch (erro) {
      console.error('Graph me/accounts', erro);
      return { paginas: [], aviso: MENSAGENS_INTEGRACAO.erroPaginasInstagram };
    }
  });

  const [idPagina, setIdPagina] = useState('');
  const [conta, setConta] = useState<(ContaInstagram & { origem: 'pagina' | 'manual' }) | null>(null);
  const [avisoConta, setAvisoConta] = useState<string | null>(null);
  const [buscandoConta, setBuscandoConta] = useState(false);
  const [manualForcado, setManualForcado] = useState(false);
  const [idManual, setIdManual] = useState('');
  const [erroManual, setErroManual] = useState<string | null>(null);
  const [verificando, setVerificando] = useState(false);
  const [concluido, setConcluido] = useState(false);
  const sequencia = useRef(0);

  const gravar = useMutation({
    mutationFn: (p: { conta: ContaInstagram; pagina: PaginaSocial | undefined }) =>
      chamarIntegracao('instagram', 'configurar-pagina', {
        id_revenda: idRevenda,
        // The Facebook page chosen (its id and token) when there is one, else the Instagram account itself
        // (manual entry without pages, with the user's token); the name shown is the Instagram account's.
        page_id: p.conta.id, // the Instagram account id: what publishing to Instagram needs
        page_name: p.conta.name,
        page_access_token: p.pagina?.access_token ?? token,
        usuario: usuario.id,
      }),
    // Success message and closing whatever the answer (spec 1 §4).
    onSettled: () => {
      window.alert(MENSAGENS_INTEGRACAO.instagramConfigurado);
      setConcluido(true);
      fecharJanela();
    },
  });

  if (config.error) return <AlertaErro erro={config.error} tentarNovamente={() => void config.refetch()} />;
  if (concluido) return <Concluido mensagem={MENSAGENS_INTEGRACAO.instagramConfigurado} />;
  if (!preparo.data) return <Aguarde />;

  const { paginas, aviso } = preparo.data;
  const manual = paginas.length === 0 || aviso !== null || manualForcado;
  const pagina = paginas.find((p) => p.id === idPagina);
  const ocupado = buscandoConta || verificando || gravar.isPending;

  const escolherPagina = async (id: string) => {
    const seq = ++sequencia.current;
    setIdPagina(id);
    setAvisoConta(null);
    if (conta?.origem === 'pagina' || id) setConta(null);
    if (!id) return;
    setBuscandoConta(true);
    const falhar = (mensagem: string, erro?: unknown) => {
      if (erro) console.error('Graph (Instagram da página)', erro);
      if (seq !== sequencia.current) return;
      setAvisoConta(mensagem);
      setManualForcado(true);
    };
    try {
      const idConta = await contaInstagramDaPagina(graphUrl, id, token);
      if (!idConta) falhar(MENSAGENS_INTEGRACAO.erroContaInstagram);
      else
        try {
          const dados = await dadosContaInstagram(graphUrl, idConta, token);
          if (seq === sequencia.current) setConta({ ...dados, origem: 'pagina' });
        } catch (erro) {
          falhar(MENSAGENS_INTEGRACAO.erroDadosInstagram, erro);
        }
    } catch (erro) {
      falhar(MENSAGENS_INTEGRACAO.erroContaInstagram, erro);
    } finally {
      if (seq === sequencia.current) setBuscandoConta(false);
    }
  };

  const verificar = async () => {
    const id = idManual.trim();
    if (!id) {
      setErroManual(MENSAGENS.preenchimentoObrigatorio);
      return;
    }
    const seq = ++sequencia.current;
    setVerificando(true);
    setErroManual(null);
    try {
      const dados = await dadosContaInstagram(graphUrl, id, token);
      if (seq === sequencia.current) setConta({ ...dados, origem: 'manual' });
    } catch (erro) {
      console.error('Graph (conta do Instagram informada)', erro);
      if (seq === sequencia.current) {
        setConta(null);
        setErroManual(MENSAGENS_INTEGRACAO.instagramNaoEncontrado);
      }
    } finally {
      setVerificando(false);
    }
  };

  return (
    <Stack>
      {(aviso || avisoConta) && (
        <Alert color="yellow" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {avisoConta ?? aviso}
        </Alert>
      )}
      {paginas.length > 0 && (
        <NativeSelect
          label="Página do Facebook"
          data={[{ value: '', label: 'Selecione a página' }, ...paginas.map((p) => ({ value: p.id, label: p.name }))]}
          value={idPagina}
          disabled={gravar.isPending || verificando}
          onChange={(e) => void escolherPagina(e.currentTarget.value)}
        />
      )}
      {buscandoConta && <Aguarde />}
      {manual && (
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            label="ID da conta do Instagram"
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            value={idManual}
            error={erroManual}
            disabled={gravar.isPending}
            onChange={(e) => {
              setIdManual(e.currentTarget.value);
              setErroManual(null);
              if (conta?.origem === 'manual') setConta(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void verificar();
            }}
          />
          <Button mt={25} variant="light" loading={verificando} disabled={gravar.isPending} onClick={() => void verificar()}>
            Verificar
          </Button>
        </Group>
      )}
      <Paper withBorder p="sm" radius="md" data-testid="conta-instagram">
        <Group gap="xs" wrap="nowrap">
          <IconBrandInstagram size={20} aria-hidden />
          <Text size="sm">
            <Text span fw={500}>
              Conta Instagram selecionada:
            </Text>{' '}
            {conta ? `${conta.name} (${conta.id})` : '—'}
          </Text>
        </Group>
      </Paper>
      <Button disabled={!conta || ocupado} loading={gravar.isPending} onClick={() => conta && gravar.mutate({ conta, pagina })}>
        Gravar
      </Button>
    </Stack>
  );
}
