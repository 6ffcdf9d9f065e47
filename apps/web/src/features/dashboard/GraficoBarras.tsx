import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { formatarNumero } from '@/lib/formato';

export type GraficoBarrasProps = {
  dados: Record<string, string | number>[];
  chave: string;
  series: BarChartSeries[];
  empilhado?: boolean;
};

/**
 * The drawing of `GraficoAcessivel` (@mantine/charts, Recharts): in a chunk of its own, loaded only when a chart nears
 * the screen (Recharts with its state library is ~110 KB compressed, more than the rest of a dashboard).
 */
export default function GraficoBarras({ dados, chave, series, empilhado }: GraficoBarrasProps) {
  return (
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
  );
}
