import { FUSO_HORARIO } from '@intermedio/contracts';
import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { CampoData } from '@/ui/CampoData';
import { urlExportacoes } from './api';
import { MenuExportar } from './MenuExportar';

const diaEmSaoPaulo = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: FUSO_HORARIO }).format(d);

/** The sales of a period (São Paulo days, both included) as CSV or XLSX; the last 30 days to start with. */
export function ExportarVendas({ idRevenda }: { idRevenda: string }) {
  const [de, setDe] = useState(() => diaEmSaoPaulo(new Date(Date.now() - 30 * 86_400_000)));
  const [ate, setAte] = useState(() => diaEmSaoPaulo(new Date()));
  const invertido = de !== '' && ate !== '' && de > ate;
  return (
    <Group gap="xs" align="flex-end" role="group" aria-label="Exportar vendas de um período">
      <CampoData label="De" size="xs" value={de} onChange={setDe} w={150} />
      <CampoData
        label="Até"
        size="xs"
        value={ate}
        onChange={setAte}
        w={150}
        error={invertido ? 'A data final deve ser igual ou posterior à inicial.' : undefined}
      />
      <MenuExportar
        descricao="vendas do período"
        desabilitado={!de || !ate || invertido}
        url={(f) => urlExportacoes.vendas(idRevenda, f, de, ate)}
      />
      {(!de || !ate) && (
        <Text size="xs" c="gray.7">
          Informe as duas datas.
        </Text>
      )}
    </Group>
  );
}
