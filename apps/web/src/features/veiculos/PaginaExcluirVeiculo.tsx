import { MENSAGENS_VEICULO } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { ConfirmacaoRemocao } from '@/ui/ConfirmacaoRemocao';
import { Moeda } from '@/ui/Formatados';
import { useRemoverVeiculo, useVeiculo } from './api';
import { anoVeiculo, nomeVeiculo } from './rotulos';

/**
 * /revenda/:idRevenda/veiculos/:idVeiculo/excluir (spec 2 §2, §4): a gestor's removal is soft (the vehicle
 * goes to the history), an admin's permanent; the server decides by the session. Back to the list afterwards.
 */
export default function PaginaExcluirVeiculo() {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, refetch } = useVeiculo(idRevenda, idVeiculo);
  const remover = useRemoverVeiculo(idRevenda);
  const lista = rotas.revenda.veiculos.listar(idRevenda);
  if (error && !data) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;

  const confirmar = () =>
    remover.mutate(idVeiculo, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MENSAGENS_VEICULO.removido });
        navigate(lista);
      },
      onError: () => notifications.show({ color: 'red', message: MENSAGENS_VEICULO.falhaRemover }),
    });

  return (
    <ConfirmacaoRemocao
      titulo="Excluir veículo"
      pergunta={MENSAGENS_VEICULO.confirmarRemocao}
      dados={[
        ['Veículo', nomeVeiculo(data)],
        ['Ano', anoVeiculo(data)],
        ['Valor', <Moeda key="valor" valor={data.vevalor} />],
      ]}
      aoRemover={confirmar}
      removendo={remover.isPending}
      voltarPara={lista}
    />
  );
}
