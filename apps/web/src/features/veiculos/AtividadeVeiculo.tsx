import { type AlteracaoVeiculo, ROTULO_CAMPO_VEICULO, ROTULO_CANAL, type Veiculo } from '@intermedio/contracts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { DataHora } from '@/ui/Formatados';
import { useAlteracoesVeiculo } from './api';

type Evento = {
  chave: string;
  quando: string;
  titulo: string;
  cor: string;
  rotulo: string;
  linhas: string[];
};

const vazio = (v: string) => (v === '' ? '(vazio)' : v);

/**
 * The view's activity (issue 25 item 5), newest first, from what the server keeps: the inclusion, each change of
 * the change log (who, when, field: old → new; the .txt download has the same), the sale, and each channel's last
 * answer (published / waiting / failed with the reason; veiculo_integracoes keeps only the last one per channel).
 */
export function eventosVeiculo(v: Veiculo, alteracoes: readonly AlteracaoVeiculo[]): Evento[] {
  const eventos: Evento[] = [
    { chave: 'incluido', quando: v.created_at, titulo: 'Veículo incluído', cor: 'gray', rotulo: 'Inclusão', linhas: [] },
  ];
  for (const a of alteracoes)
    eventos.push({
      chave: `alteracao-${a.id}`,
      quando: a.vedataalteracao,
      titulo: `Alterado por ${a.veusuarioalterou}`,
      cor: 'blue',
      rotulo: 'Alteração',
      linhas: Object.entries(a.campos).map(([c, { antiga, nova }]) => `${ROTULO_CAMPO_VEICULO[c] ?? c}: ${vazio(antiga)} → ${vazio(nova)}`),
    });
  if (v.venda)
    eventos.push({
      chave: 'venda',
      quando: v.venda.vendido_em,
      titulo: 'Marcado como vendido',
      cor: 'orange',
      rotulo: 'Venda',
      linhas: [],
    });
  for (const i of v.integracoes) {
    if (!i.sincronizado_em || !i.estado) continue;
    const canal = ROTULO_CANAL[i.canal];
    const [titulo, cor, rotulo] =
      i.estado === 'falhou'
        ? [`Envio ao ${canal} falhou`, 'red', 'Falhou']
        : i.estado === 'pendente'
          ? [`Enviado ao ${canal}: aguardando a confirmação`, 'yellow', 'Pendente']
          : [`Anúncio no ${canal} publicado`, 'green', 'Publicado'];
    eventos.push({
      chave: `canal-${i.canal}`,
      quando: i.sincronizado_em,
      titulo,
      cor,
      rotulo,
      linhas: i.ultimo_erro ? [i.ultimo_erro] : [],
    });
  }
  return eventos.sort((a, b) => Date.parse(b.quando) - Date.parse(a.quando));
}

export function AtividadeVeiculo({ idRevenda, v }: { idRevenda: string; v: Veiculo }) {
  const { data, error, refetch } = useAlteracoesVeiculo(idRevenda, v.id);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="sm">
        Atividade
      </Title>
      {error && !data ? (
        <AlertaErro erro={error} tentarNovamente={() => void refetch()} />
      ) : !data ? (
        <Carregando />
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Atividade do veículo">
          {eventosVeiculo(v, data).map((e) => (
            <li key={e.chave} style={{ borderLeft: '2px solid var(--mantine-color-gray-3)', paddingLeft: 12 }}>
              <Group gap="xs" wrap="wrap">
                <Badge color={e.cor} variant="light" size="sm">
                  {e.rotulo}
                </Badge>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.titulo}
                </Text>
                <Text size="xs" c="gray.7">
                  <DataHora valor={e.quando} />
                </Text>
              </Group>
              {e.linhas.map((l) => (
                <Text key={l} size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                  {l}
                </Text>
              ))}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
