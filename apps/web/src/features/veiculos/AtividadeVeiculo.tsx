import {
  type EstadoOperacao,
  type EventoAtividade,
  type OperacaoAnuncio,
  ROTULO_CAMPO_VEICULO,
  ROTULO_CANAL,
  ROTULO_FILA_VALIDADA,
  type Veiculo,
} from '@intermedio/contracts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { DataHora } from '@/ui/Formatados';
import { useAtividadeVeiculo } from './api';

type Linha = { texto: string; falha?: boolean };
type Evento = { chave: string; quando: string; titulo: string; cor: string; rotulo: string; linhas: Linha[] };

const vazio = (v: string) => (v === '' ? '(vazio)' : v);

/** Title of a channel operation by its result: the badge says the result in words, the colour only repeats it. */
const TITULO_OPERACAO: Record<OperacaoAnuncio, Record<EstadoOperacao, (c: string) => string>> = {
  enviar: {
    publicado: (c) => `Anúncio publicado em ${c}`,
    pendente: (c) => `Enviado para ${c}: aguardando a confirmação`,
    falhou: (c) => `Envio para ${c} falhou`,
    removido: (c) => `Anúncio excluído de ${c}`,
  },
  alterar: {
    publicado: (c) => `Anúncio alterado em ${c}`,
    pendente: (c) => `Alteração em ${c} em andamento`,
    falhou: (c) => `Alteração em ${c} falhou`,
    removido: (c) => `Anúncio excluído de ${c}`,
  },
  sincronizar: {
    publicado: (c) => `Anúncio atualizado em ${c}`,
    pendente: (c) => `Atualização em ${c} em andamento`,
    falhou: (c) => `Atualização em ${c} falhou`,
    removido: (c) => `Anúncio excluído de ${c}`,
  },
  excluir: {
    publicado: (c) => `Anúncio excluído de ${c}`,
    removido: (c) => `Anúncio excluído de ${c}`,
    pendente: (c) => `Exclusão em ${c} em andamento`,
    falhou: (c) => `Exclusão em ${c} falhou`,
  },
};
const RESULTADO: Record<EstadoOperacao, [string, string]> = {
  publicado: ['Publicado', 'green'],
  removido: ['Removido', 'gray'],
  pendente: ['Pendente', 'yellow'],
  falhou: ['Falhou', 'red'],
};
const porQuem = (quem: string | null): Linha[] => (quem ? [{ texto: `Por ${quem}` }] : []);

function evento(e: EventoAtividade): Evento {
  const base = { chave: `${e.tipo}-${e.id}`, quando: e.quando };
  switch (e.tipo) {
    case 'inclusao':
      return { ...base, titulo: 'Veículo incluído', cor: 'gray', rotulo: 'Inclusão', linhas: porQuem(e.quem) };
    case 'alteracao':
      return {
        ...base,
        titulo: `Alterado por ${e.quem ?? 'usuário'}`,
        cor: 'blue',
        rotulo: 'Alteração',
        linhas: Object.entries(e.campos).map(([c, { antiga, nova }]) => ({
          texto: `${ROTULO_CAMPO_VEICULO[c] ?? c}: ${vazio(antiga)} → ${vazio(nova)}`,
        })),
      };
    case 'venda':
      return { ...base, titulo: 'Marcado como vendido', cor: 'orange', rotulo: 'Venda', linhas: porQuem(e.quem) };
    case 'moderacao':
      return {
        ...base,
        titulo: `Validado na moderação: ${ROTULO_FILA_VALIDADA[e.fila]}`,
        cor: 'grape',
        rotulo: 'Moderação',
        linhas: porQuem(e.quem),
      };
    case 'canal': {
      const [rotulo, cor] = RESULTADO[e.estado];
      const linhas: Linha[] = [{ texto: e.quem ? `Por ${e.quem}` : 'Automático' }];
      if (e.motivo) linhas.push({ texto: `Motivo: ${e.motivo}`, falha: e.estado === 'falhou' });
      if (e.id_anuncio) linhas.push({ texto: `ID do anúncio: ${e.id_anuncio}` });
      return { ...base, titulo: TITULO_OPERACAO[e.operacao][e.estado](ROTULO_CANAL[e.canal]), cor, rotulo, linhas };
    }
  }
}

/**
 * The view's activity (issue 25 item 5), newest first, as the server answers it (GET …/atividade, at most 200):
 * the inclusion, each change (who, when, field: old → new; the .txt download has the same), the sale, every send,
 * change, update and removal on a channel with who started it (or "Automático") and its result (a failure in red
 * with the channel's reason, the result also in words), and each moderation validation with the admin's name.
 */
export const eventosVeiculo = (eventos: readonly EventoAtividade[]): Evento[] => eventos.map(evento);

export function AtividadeVeiculo({ idRevenda, v }: { idRevenda: string; v: Veiculo }) {
  const { data, error, refetch } = useAtividadeVeiculo(idRevenda, v.id);
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
          {eventosVeiculo(data).map((e) => (
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
                <Text key={l.texto} size="sm" c={l.falha ? 'red.8' : 'gray.8'} style={{ overflowWrap: 'anywhere' }}>
                  {l.texto}
                </Text>
              ))}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
