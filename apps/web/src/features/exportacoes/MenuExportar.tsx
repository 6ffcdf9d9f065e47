import type { FormatoExportacao } from '@intermedio/contracts';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';

/**
 * "Exportar" (issue 25 item 6): a menu with the two formats, each a plain download link (GET with the session's
 * cookie; the server names the file). `descricao` says what is exported, for screen readers ("Exportar estoque").
 */
export function MenuExportar({
  url,
  descricao,
  desabilitado = false,
}: {
  url: (formato: FormatoExportacao) => string;
  descricao: string;
  desabilitado?: boolean;
}) {
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          disabled={desabilitado}
          aria-label={`Exportar ${descricao}`}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Exportar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={url('csv')} download leftSection={<IconFileTypeCsv size={16} aria-hidden />}>
          CSV (Excel, separado por ;)
        </Menu.Item>
        <Menu.Item component="a" href={url('xlsx')} download leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
          XLSX (planilha do Excel)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
