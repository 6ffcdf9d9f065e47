import { ROTULO_CANAL } from '@intermedio/contracts';
import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { chavesIntegracaoSocial } from '@/lib/chaves';
import { type CanalSocial, useSocialConfig } from '../integracoes/api';

/** What the authorisation dialog returned in the address fragment (implicit flow). */
export type Retorno = { ok: true; token: string; idRevenda: string } | { ok: false; motivo: string };

export function lerRetorno(hash: string): Retorno {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const token = p.get('access_token');
  const idRevenda = p.get('state');
  if (p.get('error')) return { ok: false, motivo: p.get('error_description') || p.get('error') || '' };
  if (!token || !idRevenda) return { ok: false, motivo: 'retorno sem token de acesso' };
  return { ok: true, token, idRevenda };
}

/**
 * Reads the fragment once, then removes it from the address bar (the access token should not linger in the
 * history). The values stay in state for the life of the page.
 */
export function useRetorno(): Retorno {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [retorno] = useState(() => lerRetorno(hash));
  useEffect(() => {
    if (hash) navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);
  return retorno;
}

/** Closes the popup; if the browser refuses (page not opened by script), the page says it is done. */
export function fecharJanela() {
  window.close();
}

/** Progress bar shown while the popup talks to the server and the social network. */
export function Aguarde() {
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Progress value={100} striped animated size="lg" aria-label="Aguarde..." />
      <Text size="sm" ta="center">
        Aguarde...
      </Text>
    </Stack>
  );
}

/** The user cancelled or denied the authorisation (#error=access_denied) or the return was malformed. */
export function AutorizacaoNegada({ canal }: { canal: CanalSocial }) {
  return (
    <Stack>
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} title="Acesso não autorizado">
        O acesso ao {ROTULO_CANAL[canal]} não foi autorizado. Feche esta janela e tente novamente pelo painel.
      </Alert>
      <Button variant="default" onClick={fecharJanela}>
        Fechar
      </Button>
    </Stack>
  );
}

/** Shown if the window is still open after the final message (window.close() refused by the browser). */
export function Concluido({ mensagem }: { mensagem: string }) {
  return (
    <Stack>
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />}>
        {mensagem} Você já pode fechar esta janela.
      </Alert>
      <Button variant="default" onClick={fecharJanela}>
        Fechar
      </Button>
    </Stack>
  );
}

/** One-off query of the popup (never refetched, even in StrictMode): the configure call with the token, then the Graph lookups. */
export function usePreparoSocial<T>(canal: CanalSocial, token: string, executar: (graphUrl: string) => Promise<T>) {
  const config = useSocialConfig();
  const graphUrl = config.data?.graphUrl;
  const preparo = useQuery({
    queryKey: chavesIntegracaoSocial.preparo(canal, token),
    enabled: graphUrl !== undefined,
    queryFn: () => executar(graphUrl ?? ''),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return { config, preparo, graphUrl: graphUrl ?? '' };
}
