import { type LeadDetalhe, leadDetalhe, MENSAGENS_LEAD } from '@intermedio/contracts';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas } from '@/lib/lista-ao-vivo';
import { mensagemDoErro } from '@/ui/AlertaErro';

/** An idempotency key (docs/leads.md): one per answer typed, reused by every retry of that answer. */
const novaChave = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Whether the lead is a Mercado Livre question still without a sent answer. */
export const podeResponder = (l: LeadDetalhe) =>
  l.canal === 'mercadolivre' && l.tipo === 'pergunta' && !l.mensagens.some((m) => m.autor === 'revenda' && m.estado === 'enviada');

/**
 * The answer box of a Mercado Livre question (issue 26): posts the answer with its key; a double click, a retry after
 * no answer, or a resend of the same text never sends twice (the server's durable send).
 */
export function RespostaPergunta({ lead }: { lead: LeadDetalhe }) {
  const queryClient = useQueryClient();
  const [texto, setTexto] = useState('');
  const [chave, setChave] = useState(novaChave);
  const [erro, setErro] = useState<string | null>(null);
  const enviar = useMutation({
    mutationFn: () =>
      api.post(
        `/api/revendas/${encodeURIComponent(lead.revenda_id)}/leads/${encodeURIComponent(lead.id)}/respostas`,
        { texto, chave },
        { esquema: leadDetalhe },
      ),
    onSuccess: (l) => {
      queryClient.setQueryData(chaves.revenda.detalhe(l.revenda_id, 'leads', l.id), l);
      entregarAsListas({ tabela: 'leads', revenda: l.revenda_id, id: l.id, op: 'UPDATE' });
      notifications.show({ color: 'green', message: 'Resposta enviada ao Mercado Livre.' });
      setTexto('');
      setChave(novaChave());
    },
    onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
  });

  const aoEnviar = () => {
    if (!texto.trim()) return setErro(MENSAGENS_LEAD.respostaVazia);
    setErro(null);
    enviar.mutate();
  };

  return (
    <Stack gap="xs">
      <Textarea
        label="Responder no Mercado Livre"
        description="A resposta fica pública no anúncio, como nas perguntas do Mercado Livre."
        value={texto}
        onChange={(e) => {
          setTexto(e.currentTarget.value);
          setChave(novaChave()); // another text is another answer
          setErro(null);
        }}
        error={erro}
        maxLength={2000}
        autosize
        minRows={3}
        disabled={enviar.isPending}
      />
      <Group justify="flex-end">
        <Button onClick={aoEnviar} loading={enviar.isPending}>
          Enviar resposta
        </Button>
      </Group>
    </Stack>
  );
}
