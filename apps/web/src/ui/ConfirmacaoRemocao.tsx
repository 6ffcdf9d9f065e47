import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  titulo: string;
  subtitulo?: string;
  pergunta: string;
  /** Label and value of what is about to be removed. */
  dados: [string, ReactNode][];
  aoRemover: () => void;
  removendo: boolean;
  voltarPara: string;
};

/** The delete confirmation pages of the spec: what will be removed, then Remover and Voltar. */
export function ConfirmacaoRemocao({ titulo, subtitulo, pergunta, dados, aoRemover, removendo, voltarPara }: Props) {
  return (
    <Stack maw={640}>
      <Title order={1}>{titulo}</Title>
      <Paper withBorder p="md">
        <Stack>
          {subtitulo && (
            <Title order={2} size="h4">
              {subtitulo}
            </Title>
          )}
          <Text fw={500}>{pergunta}</Text>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              {dados.map(([rotulo, valor]) => (
                <Table.Tr key={rotulo}>
                  <Table.Th w={160}>{rotulo}</Table.Th>
                  <Table.Td>{valor}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button color="red" onClick={aoRemover} loading={removendo} disabled={removendo}>
              Remover
            </Button>
            <Button component={Link} to={voltarPara} variant="default" disabled={removendo}>
              Voltar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
