import { type Sessao, VERSAO_PAINEL } from '@intermedio/contracts';
import { Anchor, Burger, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { inicioDoPapel, useSair } from '@/lib/sessao';
import { IdentidadeRevenda } from './IdentidadeRevenda';
import { Marca } from './Marca';

/**
 * Header: the burger (below 992 px), the brand, the gestor's reseller (logo and name), and on the right the panel version, the user's name and Sair.
 * At 390 px the version hides and the name shortens so that Sair always fits.
 */
export function Cabecalho({ sessao, menuAberto, alternarMenu }: { sessao: Sessao; menuAberto: boolean; alternarMenu: () => void }) {
  const { usuario } = sessao;
  const sair = useSair();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group wrap="nowrap" gap="xs" style={{ minWidth: 0 }}>
        <Burger
          opened={menuAberto}
          onClick={alternarMenu}
          hiddenFrom="md"
          size="sm"
          aria-label={menuAberto ? 'Fechar menu' : 'Abrir menu'}
          aria-controls="menu-principal"
          aria-expanded={menuAberto}
        />
        <Anchor component={Link} to={inicioDoPapel(usuario)} underline="never" aria-label="Intermédio: início">
          <Marca />
        </Anchor>
        {usuario.revenda && usuario.role !== 'admin' && <IdentidadeRevenda idRevenda={usuario.revenda} />}
      </Group>
      <Group wrap="nowrap" gap="xs" style={{ minWidth: 0 }}>
        <Text size="xs" c="gray.7" title="Versão do painel" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
          v{VERSAO_PAINEL}
        </Text>
        <Text size="sm" fw={500} data-testid="nome-usuario" truncate="end" maw={{ base: 96, sm: 200 }} title={usuario.nome}>
          {usuario.nome}
        </Text>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={sair.isPending}
          onClick={() => sair.mutate()}
          style={{ flexShrink: 0 }}
        >
          Sair
        </Button>
      </Group>
    </Group>
  );
}
