import { ESTADOS_PAINEL, type FILAS_MODERACAO, type Plano, ROTULO_CANAL, ROTULO_PLANO } from '@intermedio/contracts';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatarNumero } from '@/lib/formato';
import { AlertaErro } from '@/ui/AlertaErro';
import { usePainelAdmin } from './api';
import { GraficoAcessivel } from './GraficoAcessivel';
import { COR_ESTADO, ROTULO_ESTADO } from './PainelNegocio';

const ROTULO_FILA: Record<(typeof FILAS_MODERACAO)[number], string> = {
  incluidos: 'Incluídos',
  vendidos: 'Vendidos',
  alterados: 'Alterados',
  removidos: 'Removidos',
  banners: 'Banners',
};
const nomeCanal = (c: string) => ROTULO_CANAL[c as keyof typeof ROTULO_CANAL] ?? c;

/** "há 2 h", "há 3 dias": the age of a queue's oldest entry. */
export function idade(segundos: number): string {
  if (segundos < 3600) return `há ${Math.max(1, Math.floor(segundos / 60))} min`;
  if (segundos < 86_400) return `há ${Math.floor(segundos / 3600)} h`;
  const d = Math.floor(segundos / 86_400);
  return d === 1 ? 'há 1 dia' : `há ${d} dias`;
}

function Secao({ id, titulo, children }: { id: string; titulo: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={`titulo-${id}`} withBorder p="md" radius="md" data-testid={id}>
      <Title order={2} size="h4" id={`titulo-${id}`} mb="sm">
        {titulo}
      </Title>
      {children}
    </Paper>
  );
}

/** The provider's picture under the moderation tiles (issue 25 item 2). */
export function PainelProvedor() {
  const { data, error, refetch } = usePainelAdmin();
  if (error && !data) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Secao id="saude-canais" titulo="Saúde dos canais (últimas 24 h)">
        {data.saude_canais.length === 0 && <Text size="sm">Nenhum envio nas últimas 24 horas.</Text>}
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.saude_canais.map((s) => (
            <Group component="li" key={s.canal} justify="space-between" gap="xs" data-canal={s.canal}>
              <Text size="sm" fw={500}>
                {nomeCanal(s.canal)}
              </Text>
              <Group gap="xs">
                <Text size="sm">
                  {formatarNumero(s.tentativas)} envios, {formatarNumero(s.falhas)} {s.falhas === 1 ? 'falha' : 'falhas'}
                  {s.falhas > 0 && ` em ${formatarNumero(s.revendas_com_falha)} ${s.revendas_com_falha === 1 ? 'revenda' : 'revendas'}`}
                </Text>
                {s.revendas_com_falha > 1 ? (
                  <Badge color="red.8">Possível queda do canal</Badge>
                ) : s.falhas > 0 ? (
                  <Badge color="yellow.8" variant="light">
                    Falhas isoladas
                  </Badge>
                ) : (
                  <Badge color="teal.8" variant="light">
                    Normal
                  </Badge>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      </Secao>
      <Secao id="filas-antigas" titulo="Entrada mais antiga de cada fila">
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.filas_mais_antigas.map((f) => (
            <Group component="li" key={f.fila} justify="space-between" gap="xs">
              <Text size="sm">{ROTULO_FILA[f.fila as keyof typeof ROTULO_FILA] ?? f.fila}</Text>
              <Text size="sm">{f.segundos === null ? 'Fila vazia' : idade(f.segundos)}</Text>
            </Group>
          ))}
        </Stack>
      </Secao>
      <GraficoAcessivel
        id="revendas-plano"
        titulo="Revendas por plano"
        dados={data.revendas_por_plano.map((p) => ({ plano: ROTULO_PLANO[p.plano as Plano] ?? p.plano, quantidade: p.quantidade }))}
        chave="plano"
        rotuloChave="Plano"
        vazio="Nenhuma revenda."
        series={[{ name: 'quantidade', label: 'Revendas', color: 'teal.7' }]}
      />
      <GraficoAcessivel
        id="anuncios-admin"
        titulo="Anúncios por canal"
        dados={data.anuncios_por_canal.map((c) => ({ ...c, canal: nomeCanal(c.canal) }))}
        chave="canal"
        rotuloChave="Canal"
        empilhado
        vazio="Nenhum anúncio nos canais."
        series={ESTADOS_PAINEL.map((e) => ({ name: e, label: ROTULO_ESTADO[e], color: COR_ESTADO[e] }))}
      />
    </SimpleGrid>
  );
}
