import { Modal, Table } from '@mantine/core';
import { useVeiculo } from '@/features/veiculos/api';
import { dadosVeiculo } from '@/features/veiculos/dados-veiculo';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';

/** "Dados do veículo" (spec 2 §2): every field of the entry's vehicle, read-only; closed with its X or Esc. */
export function DadosVeiculoModal({ alvo, aoFechar }: { alvo: { idRevenda: string; idVeiculo: string } | null; aoFechar: () => void }) {
  return (
    <Modal
      opened={alvo !== null}
      onClose={aoFechar}
      title="Dados do veículo"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {alvo && <Conteudo idRevenda={alvo.idRevenda} idVeiculo={alvo.idVeiculo} />}
    </Modal>
  );
}

function Conteudo({ idRevenda, idVeiculo }: { idRevenda: string; idVeiculo: string }) {
  const { data: v, error, refetch } = useVeiculo(idRevenda, idVeiculo);
  if (error && !v) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!v) return <Carregando />;
  return (
    <Table striped withTableBorder aria-label="Dados do veículo">
      <Table.Tbody>
        {dadosVeiculo(v).map(([rotulo, valor]) => (
          <Table.Tr key={rotulo}>
            <Table.Th w="40%">{rotulo}</Table.Th>
            <Table.Td>{valor}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th>Opcionais</Table.Th>
          <Table.Td>{v.opcionais.map((o) => o.descricao).join(', ')}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
