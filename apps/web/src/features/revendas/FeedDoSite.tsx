import { type FeedConfiguracao, feedConfiguracao, MENSAGENS_FEED } from '@intermedio/contracts';
import { Alert, Button, CopyButton, Fieldset, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';

const caminho = (idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}/feed`;
const chave = (idRevenda: string) => ['revendas', idRevenda, 'feed'] as const;
const ler = (r: unknown) => feedConfiguracao.parse(r);

function Endereco({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <Group align="end" wrap="nowrap">
      <TextInput label={rotulo} value={valor} readOnly style={{ flex: 1 }} />
      <CopyButton value={valor}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={`${MENSAGENS_FEED.copiar} ${rotulo}`}>
            {copied ? MENSAGENS_FEED.copiado : MENSAGENS_FEED.copiar}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** "Feed do site" in the reseller's data (issue 27 item 2; docs/feed.md): enable, the two addresses, a new address. */
export function FeedDoSite({ idRevenda }: { idRevenda: string }) {
  const cliente = useQueryClient();
  const [confirmando, setConfirmando] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const consulta = useQuery({ queryKey: chave(idRevenda), queryFn: async () => ler(await api.get(caminho(idRevenda))) });
  const gravar = (c: FeedConfiguracao, mensagem: string) => {
    cliente.setQueryData(chave(idRevenda), c);
    setAviso(mensagem);
  };
  const ativar = useMutation({
    mutationFn: async (ativo: boolean) => ler(await api.put(caminho(idRevenda), { ativo })),
    onSuccess: (c) => gravar(c, MENSAGENS_FEED.salvo),
  });
  const novo = useMutation({
    mutationFn: async () => ler(await api.post(`${caminho(idRevenda)}/novo-endereco`, {})),
    onSuccess: (c) => {
      setConfirmando(false);
      gravar(c, MENSAGENS_FEED.novoGerado);
    },
  });
  const c = consulta.data;
  const erro = consulta.error ?? ativar.error ?? novo.error;
  return (
    <Fieldset legend={MENSAGENS_FEED.titulo}>
      <Stack>
        <Text size="sm">{MENSAGENS_FEED.descricao}</Text>
        {erro && (
          <Alert color="red" variant="light" role="alert">
            {erro.message}
          </Alert>
        )}
        {c && (
          <>
            <Switch
              label={MENSAGENS_FEED.ativar}
              checked={c.ativo}
              disabled={ativar.isPending}
              onChange={(e) => ativar.mutate(e.currentTarget.checked)}
            />
            {c.ativo && c.json && c.xml ? (
              <>
                <Endereco rotulo="Endereço JSON" valor={c.json} />
                <Endereco rotulo="Endereço XML" valor={c.xml} />
                <Group>
                  <Button variant="default" onClick={() => setConfirmando(true)}>
                    {MENSAGENS_FEED.gerarNovo}
                  </Button>
                </Group>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {MENSAGENS_FEED.desativado}
              </Text>
            )}
          </>
        )}
        {aviso && (
          <Alert color="green" variant="light" role="status">
            {aviso}
          </Alert>
        )}
      </Stack>
      <ModalConfirmacao
        aberto={confirmando}
        titulo={MENSAGENS_FEED.gerarNovo}
        pergunta={MENSAGENS_FEED.confirmarNovo}
        confirmar={MENSAGENS_FEED.gerarNovo}
        ocupado={novo.isPending}
        aoConfirmar={() => novo.mutate()}
        aoFechar={() => setConfirmando(false)}
      />
    </Fieldset>
  );
}
