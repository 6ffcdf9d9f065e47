import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';

/** One action of a list row: a link to a screen, a file to download or a click. */
export type AcaoLinha = {
  rotulo: string;
  para?: string;
  baixar?: string;
  aoClicar?: () => void;
  desabilitada?: boolean;
  /** A destructive action (red). */
  perigo?: boolean;
};

/**
 * A row's actions as one "Ações" button and menu: the compact form of the action buttons on a phone, so the row's
 * name and its actions fit 390 px without the table scrolling sideways (issue 15).
 */
export function MenuAcoes({ nome, acoes, rotulo }: { nome: string; acoes: readonly AcaoLinha[]; rotulo?: string }) {
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <ActionIcon variant="light" aria-label={rotulo ?? `Ações: ${nome}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {acoes.map((a) =>
          a.para ? (
            <Menu.Item key={a.rotulo} component={Link} to={a.para} disabled={a.desabilitada} color={a.perigo ? 'red' : undefined}>
              {a.rotulo}
            </Menu.Item>
          ) : a.baixar ? (
            <Menu.Item key={a.rotulo} component="a" href={a.baixar} download disabled={a.desabilitada} color={a.perigo ? 'red' : undefined}>
              {a.rotulo}
            </Menu.Item>
          ) : (
            <Menu.Item key={a.rotulo} onClick={a.aoClicar} disabled={a.desabilitada} color={a.perigo ? 'red' : undefined}>
              {a.rotulo}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
