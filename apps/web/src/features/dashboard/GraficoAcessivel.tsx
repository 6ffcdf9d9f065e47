import type { BarChartSeries } from '@mantine/charts';
import { Paper, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { formatarNumero } from '@/lib/formato';

const GraficoBarras = lazy(() => import('./GraficoBarras'));

/**
 * True once the element is within `margem` px of the viewport (then stays true). Without IntersectionObserver (tests'
 * jsdom, old browsers): at once.
 */
function usePertoDaTela<T extends Element>(margem = 300) {
  const ref = useRef<T>(null);
  const [perto, setPerto] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (perto || !el) return;
    const obs = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && setPerto(true), {
      rootMargin: `${margem}px`,
    });
    obs.observe(el);
    return () => obs.disconnect();
  }, [perto, margem]);
  return [ref, perto] as const;
}

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
  /** Shown instead of an empty chart: no category at all, or every value zero (a chart of nothing says less). */
  vazio?: string;
};

/**
 * A bar chart (@mantine/charts, Recharts) with a heading, and a visually hidden table with the same numbers for
 * screen readers. The SVG itself is hidden from assistive technology and not focusable (accessibilityLayer off).
 * The heading and the table render at once; the drawing (`GraficoBarras`) loads when the chart nears the screen.
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
  const [ref, perto] = usePertoDaTela<HTMLDivElement>();
  const semNada = dados.every((d) => series.every((s) => !Number(d[s.name] ?? 0)));
  return (
    <Paper component="section" aria-labelledby={idTitulo} withBorder p="md" radius="md" data-testid={`grafico-${id}`}>
      <Title order={2} size="h4" id={idTitulo} mb="sm">
        {titulo}
      </Title>
      {semNada && <Text size="sm">{vazio}</Text>}
      {/* The drawing loads when the chart nears the screen (a phone scrolls to it; a desktop shows it at once); its
          place is kept meanwhile, so nothing below jumps. */}
      <div aria-hidden="true" hidden={semNada} ref={ref} style={{ minHeight: 220 }}>
        {perto && !semNada ? (
          <Suspense fallback={<Skeleton h={220} />}>
            <GraficoBarras dados={dados} chave={chave} series={series} empilhado={empilhado} />
          </Suspense>
        ) : (
          <Skeleton h={220} animate={false} />
        )}
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
