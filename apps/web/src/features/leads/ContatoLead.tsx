import type { Lead } from '@intermedio/contracts';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { formatarTelefone, linkTelefone, linkWhatsapp } from './contato';

/** The lead's e-mail and phone, with tap-to-call and WhatsApp links when the phone is a Brazilian number. */
export function ContatoLead({ lead }: { lead: Pick<Lead, 'nome' | 'email' | 'telefone'> }) {
  const tel = linkTelefone(lead.telefone);
  const whats = linkWhatsapp(lead.telefone);
  const quem = lead.nome ?? 'o comprador';
  return (
    <Stack gap={2}>
      {lead.telefone && (
        <Group gap="xs" wrap="nowrap">
          {tel ? (
            <Anchor href={tel} size="sm" aria-label={`Ligar para ${quem}: ${formatarTelefone(lead.telefone)}`}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconPhone size={14} aria-hidden />
                {formatarTelefone(lead.telefone)}
              </Group>
            </Anchor>
          ) : (
            <Text size="sm">{lead.telefone}</Text>
          )}
          {whats && (
            <Anchor href={whats} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`WhatsApp de ${quem}`}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconBrandWhatsapp size={14} aria-hidden />
                WhatsApp
              </Group>
            </Anchor>
          )}
        </Group>
      )}
      {lead.email && (
        <Anchor href={`mailto:${lead.email}`} size="sm" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {lead.email}
        </Anchor>
      )}
    </Stack>
  );
}
