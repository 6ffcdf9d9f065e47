import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { NavLink, useMatch } from 'react-router';

/** One top-menu entry with a single target. */
export function ItemMenu({ rotulo, para }: { rotulo: string; para: string }) {
  const ativo = useMatch({ path: para, end: true });
  return (
    <Button component={NavLink} to={para} end variant={ativo ? 'light' : 'subtle'} size="compact-sm">
      {rotulo}
    </Button>
  );
}

/** A top-menu entry with two targets (e.g. Listar / Incluir) as a dropdown. */
export function ItemMenuDuplo({ rotulo, itens }: { rotulo: string; itens: { rotulo: string; para: string }[] }) {
  return (
    <Menu trigger="click-hover" position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {rotulo}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {itens.map((i) => (
          <Menu.Item key={i.para} component={NavLink} to={i.para}>
            {i.rotulo}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The external "Solicitações" link (address with the user id and the daily hash, from the session). */
export function ItemSolicitacoes({ url }: { url: string }) {
  return (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      variant="subtle"
      size="compact-sm"
      rightSection={<IconExternalLink size={14} aria-hidden />}
    >
      Solicitações
    </Button>
  );
}
