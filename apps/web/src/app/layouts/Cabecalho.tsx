import { type Sessao, VERSAO_PAINEL } from '@intermedio/contracts';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { inicioDoPapel, useSair } from '@/lib/sessao';
import { MenuAdmin } from '../menus/MenuAdmin';
import { MenuGestor } from '../menus/MenuGestor';

/** Header: brand, the role's menu, and on the right the panel version, the user's name and Sair. */
export function Cabecalho({ sessao }: { sessao: Sessao }) {
  const { usuario, solicitacoesUrl } = sessao;
  const sair = useSair();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm" style={{ overflowX: 'auto' }}>
      <Group wrap="nowrap" gap="sm">
        <Anchor component={Link} to={inicioDoPapel(usuario)} fw={700} size="lg" underline="never">
          Intermédio
        </Anchor>
        <Group component="nav" aria-label="Menu principal" gap={2} wrap="nowrap">
          {usuario.role === 'admin' ? (
            <MenuAdmin solicitacoesUrl={solicitacoesUrl} />
          ) : (
            <MenuGestor idRevenda={usuario.revenda} solicitacoesUrl={solicitacoesUrl} />
          )}
        </Group>
      </Group>
      <Group wrap="nowrap" gap="sm">
        <Text size="xs" c="gray.7" title="Versão do painel" style={{ whiteSpace: 'nowrap' }}>
          v{VERSAO_PAINEL}
        </Text>
        <Text size="sm" fw={500} data-testid="nome-usuario" truncate="end" maw={180} title={usuario.nome}>
          {usuario.nome}
        </Text>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={sair.isPending}
          onClick={() => sair.mutate()}
        >
          Sair
        </Button>
      </Group>
    </Group>
  );
}
