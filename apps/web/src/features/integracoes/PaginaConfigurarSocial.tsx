import { type Integracao, MENSAGENS_INTEGRACAO, ROTULO_CANAL, type socialConfig } from '@intermedio/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandFacebook,
  IconBrandInstagram,
  IconInfoCircle,
  IconPlugConnected,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { chaves } from '@/lib/chaves';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type CanalSocial, chamarIntegracao, useIntegracao, useSocialConfig } from './api';
import { BotaoVoltar } from './PaginaConfigurarPortal';
import { SecaoPadroes } from './SecaoPadroes';
import { StatusIntegracao } from './StatusIntegracao';

/** Name of the popup window (a second click reuses it) and its size (spec 1 §9: 430x580). */
export const JANELA_AUTORIZACAO = { nome: 'integracao', recursos: 'width=430,height=580' } as const;

/**
 * Address of the social network's authorisation dialog (implicit flow, response_type=token), returning to
 * /integracao/configurar-{canal} with the reseller id as `state` (spec 1 §2).
 */
export function enderecoAutorizacao(
  config: z.infer<typeof socialConfig>,
  canal: CanalSocial,
  idRevenda: string,
  origem = window.location.origin,
) {
  const parametros = new URLSearchParams({
    client_id: config.appId,
    redirect_uri: `${origem}${rotas.integracaoSocial.configurar(canal)}`,
    response_type: 'token',
    scope: config.escopos[canal].join(','),
    state: idRevenda,
  });
  return `${config.dialogUrl}?${parametros.toString()}`;
}

/** Facebook / Instagram screen /revenda/:idRevenda/configurar-{facebook|instagram} (spec 1 §2, §4, §8). */
export function PaginaConfigurarSocial({ canal }: { canal: CanalSocial }) {
  const { idRevenda = '' } = useParams();
  const { data, error, isPending, refetch } = useIntegracao(idRevenda, canal);
  const Icone = canal === 'facebook' ? IconBrandFacebook : IconBrandInstagram;
  return (
    <Stack maw={560}>
      <Group justify="space-between">
        <Group gap="xs">
          <Icone size={28} aria-hidden />
          <Title order={1}>Configurar {ROTULO_CANAL[canal]}</Title>
        </Group>
        <BotaoVoltar idRevenda={idRevenda} />
      </Group>
      {isPending ? (
        <Carregando />
      ) : data ? (
        <>
          <Painel canal={canal} idRevenda={idRevenda} registro={data} />
          <SecaoPadroes idRevenda={idRevenda} canal={canal} configurado={data.configurado} />
        </>
      ) : (
        <AlertaErro erro={error} tentarNovamente={() => void refetch()} />
      )}
    </Stack>
  );
}

function Painel({ canal, idRevenda, registro }: { canal: CanalSocial; idRevenda: string; registro: Integracao }) {
  const { usuario } = useSessaoAtiva();
  const queryClient = useQueryClient();
  const config = useSocialConfig();
  const ativo = registro.configurado && registro.status === true;
  const rotulo = ROTULO_CANAL[canal];
  const vigia = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  /** What the server answered to the cancellation (e.g. that the network did not confirm it and what to do there). */
  const [respostaCancelamento, setRespostaCancelamento] = useState<string | null>(null);
  /** The browser refused to open the popup: without a word the button would seem to do nothing. */
  const [janelaBloqueada, setJanelaBloqueada] = useState(false);
  const atualizar = () => queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, 'integracoes') });

  useEffect(() => () => clearInterval(vigia.current), []);

  const autorizar = () => {
    if (!config.data) return;
    setRespostaCancelamento(null);
    const janela = window.open(enderecoAutorizacao(config.data, canal, idRevenda), JANELA_AUTORIZACAO.nome, JANELA_AUTORIZACAO.recursos);
    setJanelaBloqueada(!janela);
    // Live events already refresh this screen when the popup saves; refreshing when it closes covers a lost event.
    clearInterval(vigia.current);
    if (janela)
      vigia.current = setInterval(() => {
        if (!janela.closed) return;
        clearInterval(vigia.current);
        void atualizar();
      }, 500);
  };

  const cancelar = useMutation({
    mutationFn: () => chamarIntegracao(canal, 'disallow', { id_revenda: idRevenda, usuario: usuario.id }),
    onSuccess: (r) => {
      // Spec 1 §7: an empty `data` is a failure, like any refusal.
      const vazio = !r.ok || r.data == null || r.data === '' || (typeof r.data === 'object' && Object.keys(r.data).length === 0);
      if (vazio)
        window.alert(canal === 'facebook' ? MENSAGENS_INTEGRACAO.erroCancelarFacebook : MENSAGENS_INTEGRACAO.erroCancelarInstagram);
      else if (typeof r.data === 'string') setRespostaCancelamento(r.data);
    },
    onSettled: atualizar,
  });

  const pedirCancelamento = () => {
    if (window.confirm(canal === 'facebook' ? MENSAGENS_INTEGRACAO.cancelarFacebook : MENSAGENS_INTEGRACAO.cancelarInstagram))
      cancelar.mutate();
  };

  const pagina = registro.dados.page_name;
  const idPagina = registro.dados.page_id;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Group gap="xs">
          <Text fw={500}>Status:</Text>
          <StatusIntegracao registro={registro} comTexto />
        </Group>
        {ativo && (pagina != null || idPagina != null) && (
          <Stack gap={4} data-testid="pagina-vinculada">
            <Text>
              <Text span fw={500}>
                Página:{' '}
              </Text>
              <span data-testid="nome-pagina">{String(pagina ?? '')}</span>
            </Text>
            <Text>
              <Text span fw={500}>
                ID da página:{' '}
              </Text>
              <span data-testid="id-pagina">{String(idPagina ?? '')}</span>
            </Text>
          </Stack>
        )}
        {respostaCancelamento && (
          <Alert color="blue" variant="light" role="status" icon={<IconInfoCircle aria-hidden />} data-testid="resposta-cancelamento">
            {respostaCancelamento}
          </Alert>
        )}
        {janelaBloqueada && !ativo && (
          <Alert color="yellow" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} data-testid="janela-bloqueada">
            O navegador bloqueou a janela de autorização do {rotulo}. Permita janelas pop-up para este site e clique em Autorizar acesso de
            novo.
          </Alert>
        )}
        {config.error && !ativo && <AlertaErro erro={config.error} tentarNovamente={() => void config.refetch()} />}
        <Group>
          {ativo ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlugConnectedX size={18} aria-hidden />}
              loading={cancelar.isPending}
              onClick={pedirCancelamento}
            >
              Cancelar acesso
            </Button>
          ) : (
            <Button leftSection={<IconPlugConnected size={18} aria-hidden />} disabled={!config.data} onClick={autorizar}>
              Autorizar acesso
            </Button>
          )}
        </Group>
        {!ativo && (
          <Text size="sm" c="gray.7">
            Uma janela do {rotulo} será aberta para autorizar o acesso e escolher{' '}
            {canal === 'facebook' ? 'a página' : 'a conta do Instagram'}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export const PAGINAS_SOCIAIS: Record<CanalSocial, ComponentType> = {
  facebook: () => <PaginaConfigurarSocial canal="facebook" />,
  instagram: () => <PaginaConfigurarSocial canal="instagram" />,
};
