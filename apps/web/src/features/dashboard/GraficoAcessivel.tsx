import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { formatarNumero } from '@/lib/formato';

export type GraficoAcessivelProps = {
  titulo: string;
  /** `data-testid` of the section: `grafico-${id}`. */
  id: string;
  dados: Record<string, string | number>[];
  /** Key of the category (x axis) and its column header in the table alternative. */
  chave: string;
  rotuloChave: string;
  series: BarChartSeries[];
  empilhado?: boolean;
  /** Shown instead of an empty chart when there is no category at all. */
  vazio?: string;
};

/**
 * A bar chart (@mantine/charts, Recharts) with a heading, and a visually hidden table with the same numbers for
 * screen readers. The SVG itself is hidden from assistive technology and not focusable (accessibilityLayer off).
 */
export function GraficoAcessivel({
  titulo,
  id,
  dados,
  chave,
  rotuloChave,
  series,
  empilhado,
  vazio = 'Nada para mostrar ainda.',
}: GraficoAcessivelProps) {
  const idTitulo = useId();
  return (
    <Paper component="section" aria-labelledby={idTitulo} withBorder p="md" radius="md" data-testid={`grafico-${id}`}>
      <Title order={2} size="h4" id={idTitulo} mb="sm">
        {titulo}
      </Title>
      {dados.length === 0 && <Text size="sm">{vazio}</Text>}
      <div aria-hidden="true" hidden={dados.length === 0}>
        <BarChart
          h={220}
          data={dados}
          dataKey={chave}
          series={series}
          type={empilhado ? 'stacked' : 'default'}
          withLegend={series.length > 1}
          barChartProps={{ accessibilityLayer: false }}
          // Drawn at once: no grow animation (it costs a slow phone's CPU and says nothing).
          barProps={{ isAnimationActive: false }}
          yAxisProps={{ allowDecimals: false }}
          valueFormatter={(v) => formatarNumero(v)}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{titulo}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{rotuloChave}</Table.Th>
              {series.map((s) => (
                <Table.Th scope="col" key={s.name}>
                  {s.label ?? s.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dados.map((d) => (
              <Table.Tr key={String(d[chave])}>
                <Table.Th scope="row">{d[chave]}</Table.Th>
                {series.map((s) => (
                  <Table.Td key={s.name}>{formatarNumero(Number(d[s.name] ?? 0))}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}
