import type { Importacao } from '@intermedio/contracts';
import { Alert, Anchor, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { ListaVirtual } from '@/ui/ListaVirtual';
import { urlImportacoes, useLinhasImportacao } from './api';
import { contagens, nDeN } from './rotulos';

type Props = { idRevenda: string; importacao: Importacao };

/** The job running: "Importando… n de N" and the counts so far. Live: the importacoes events refetch the import. */
export function Progresso({ importacao: i }: Props) {
  const p = i.progresso;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text fw={500} aria-live="polite">{`Importando… ${nDeN(p)}`}</Text>
        </Group>
        <Progress value={p.total ? (100 * p.feitas) / p.total : 0} aria-label={`Progresso: ${p.feitas} de ${p.total}`} />
        <Text size="sm" c="gray.7">
          {contagens(p)}
        </Text>
        <Text size="sm" c="gray.7">
          Você pode sair desta tela: a importação continua e aparece em “Importações recentes”.
        </Text>
      </Stack>
    </Paper>
  );
}

/** The end: n criados, n atualizados, n ignorados with the reasons, photo failures, the CSV report, the vehicle list. */
export function Relatorio({ idRevenda, importacao: i }: Props) {
  const linhas = useLinhasImportacao(idRevenda, i.id, true);
  const ignoradas = (linhas.data ?? []).filter((l) => l.resultado === 'ignorado');
  const comFalhas = (linhas.data ?? []).filter((l) => l.fotos_falhas.length > 0);
  return (
    <Stack gap="md">
      {i.estado === 'falhou' ? (
        <Alert color="red" variant="light" title="A importação falhou">
          {i.motivo ?? 'Motivo desconhecido.'} {`${nDeN(i.progresso)} linhas foram processadas: ${contagens(i.progresso)}.`}
        </Alert>
      ) : (
        <Alert color="green" variant="light" title="Importação concluída">
          {`${contagens(i.progresso)}.`}
          {i.progresso.fotos_falhas > 0 &&
            ` ${formatarNumero(i.progresso.fotos_falhas)} ${i.progresso.fotos_falhas === 1 ? 'foto não pôde ser baixada' : 'fotos não puderam ser baixadas'}.`}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          component="a"
          href={urlImportacoes.relatorio(idRevenda, i.id)}
          download
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Baixar relatório (CSV)
        </Button>
        <Button
          component={Link}
          to={rotas.revenda.veiculos.listar(idRevenda)}
          variant="default"
          leftSection={<IconList size={16} aria-hidden />}
        >
          Ver a lista de veículos
        </Button>
        <Anchor component={Link} to={rotas.revenda.veiculos.importar(idRevenda)} size="sm">
          Nova importação
        </Anchor>
      </Group>
      {linhas.error && <AlertaErro erro={linhas.error} tentarNovamente={() => void linhas.refetch()} />}
      {ignoradas.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">{`Linhas ignoradas (${formatarNumero(ignoradas.length)})`}</Title>
          <ListaVirtual
            itens={ignoradas}
            chave={(l) => String(l.numero)}
            rotulo="Linhas ignoradas"
            estimativa={44}
            alturaMaxima="40dvh"
            render={(l) => (
              <Text size="sm" py={4}>
                <b>{`Linha ${l.numero}: ${l.veiculo}`}</b> — {l.motivo ?? 'sem motivo informado'}
              </Text>
            )}
          />
        </Stack>
      )}
      {comFalhas.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Fotos com falha
          </Title>
          <ListaVirtual
            itens={comFalhas}
            chave={(l) => String(l.numero)}
            rotulo="Fotos com falha"
            estimativa={60}
            alturaMaxima="40dvh"
            render={(l) => (
              <Stack gap={0} py={4}>
                <Text size="sm" fw={500}>{`Linha ${l.numero}: ${l.veiculo}`}</Text>
                {l.fotos_falhas.map((f) => (
                  <Text key={f.url} size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {`${f.url}: ${f.motivo}`}
                  </Text>
                ))}
              </Stack>
            )}
          />
        </Stack>
      )}
    </Stack>
  );
}
