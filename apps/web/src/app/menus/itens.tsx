import { NavLink as MantineNavLink } from '@mantine/core';
import { IconExternalLink, IconMessages } from '@tabler/icons-react';

/** The navigation's icons: one size, decorative (the label names the entry). */
export const ICONE = { size: 18, stroke: 1.7, 'aria-hidden': true } as const;

import { type ReactNode, useState } from 'react';
import { NavLink, useLocation, useMatch } from 'react-router';

/** One navigation entry with a single target; `icone` (decorative, aria-hidden) helps a dealer find it at a glance. */
export function ItemMenu({ rotulo, para, icone }: { rotulo: string; para: string; icone?: ReactNode }) {
  const ativo = useMatch({ path: para, end: true });
  return (
    <MantineNavLink
      component={NavLink}
      to={para}
      end
      label={rotulo}
      leftSection={icone}
      active={Boolean(ativo)}
      aria-current={ativo ? 'page' : undefined}
    />
  );
}

/**
 * An entry with two targets (e.g. Listar / Incluir): a group that opens in place, open when one of them is current.
 * Its head is a button with aria-expanded (Mantine's default, an <a> without href, is out of the Tab order).
 */
export function ItemMenuDuplo({ rotulo, itens, icone }: { rotulo: string; itens: { rotulo: string; para: string }[]; icone?: ReactNode }) {
  const { pathname } = useLocation();
  const contemAtual = itens.some((i) => i.para === pathname);
  const [aberto, setAberto] = useState(contemAtual);
  return (
    <MantineNavLink
      component="button"
      type="button"
      label={rotulo}
      leftSection={icone}
      opened={aberto}
      onChange={setAberto}
      aria-expanded={aberto}
      childrenOffset="md"
    >
      {itens.map((i) => (
        <ItemMenu key={i.para} rotulo={i.rotulo} para={i.para} />
      ))}
    </MantineNavLink>
  );
}

/** The external "Solicitações" link (address with the user id and the daily hash, from the session). */
export function ItemSolicitacoes({ url }: { url: string }) {
  return (
    <MantineNavLink
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      label="Solicitações"
      leftSection={<IconMessages {...ICONE} />}
      rightSection={<IconExternalLink size={14} aria-label="(abre em nova aba)" />}
    />
  );
}
