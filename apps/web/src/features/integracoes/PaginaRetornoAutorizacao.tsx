import { type CanalAutorizacao, MENSAGENS_INTEGRACAO, ROTULO_CANAL } from '@intermedio/contracts';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { chaves } from '@/lib/chaves';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { concluirAutorizacao } from './api';

/** What the consent page put in the address: code and state, or error. Read once; the address is then cleaned. */
function useRetornoDoCanal() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const [retorno] = useState(() => {
    const p = new URLSearchParams(search);
    return { code: p.get('code') ?? undefined, state: p.get('state') ?? '', error: p.get('error') ?? undefined };
  });
  useEffect(() => {
    // The code is single use and should not stay in the history.
    if (search) navigate({ pathname }, { replace: true });
  }, [search, pathname, navigate]);
  return retorno;
}

/**
 * /integracao/{olx|mercadolivre}/retorno: the channel's consent page sends the browser here. The server checks the
 * state against this session and configures the channel with the code; then the integrations list opens.
 */
export function PaginaRetornoAutorizacao({ canal }: { canal: CanalAutorizacao }) {
  const retorno = useRetornoDoCanal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { usuario } = useSessaoAtiva();
  const conclusao = useQuery({
    queryKey: ['integracao-retorno', canal, retorno.state, retorno.code ?? retorno.error ?? ''],
    queryFn: () => concluirAutorizacao(canal, retorno),
    enabled: Boolean(retorno.state),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useEffect(() => {
    if (!conclusao.data) return;
    void queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(conclusao.data.id_revenda, 'integracoes') });
    notifications.show({
      color: 'green',
      title: ROTULO_CANAL[canal],
      message: `${MENSAGENS_INTEGRACAO.configurada} ${conclusao.data.mensagem}`,
    });
    navigate(rotas.revenda.integracao(conclusao.data.id_revenda), { replace: true });
  }, [conclusao.data, canal, navigate, queryClient]);

  const erro = !retorno.state ? MENSAGENS_INTEGRACAO.autorizacaoInvalida : conclusao.error ? mensagemDoErro(conclusao.error) : null;
  const voltar = usuario.revenda ? rotas.revenda.configurar(usuario.revenda, canal) : rotas.home();
  return (
    <Stack maw={560}>
      <Title order={1}>Autorização {ROTULO_CANAL[canal]}</Title>
      {erro ? (
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} data-testid="erro-retorno">
              {erro}
            </Alert>
            <Group justify="flex-end">
              <Button component={Link} to={voltar} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
                Voltar
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Carregando />
      )}
    </Stack>
  );
}

const pagina = (canal: CanalAutorizacao): ComponentType => {
  const Pagina = () => <PaginaRetornoAutorizacao canal={canal} />;
  Pagina.displayName = `PaginaRetorno_${canal}`;
  return Pagina;
};
/** One page per channel (the route tells the channel; screens have no props). */
export const PAGINAS_RETORNO: Record<CanalAutorizacao, ComponentType> = { olx: pagina('olx'), mercadolivre: pagina('mercadolivre') };
