import { MENSAGENS_VEICULO, type Veiculo } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { useAlterarVeiculo, useVeiculo } from './api';
import { FormularioVeiculo } from './FormularioVeiculo';
import { valoresDe } from './valores';

/**
 * /revenda/:idRevenda/veiculos/:idVeiculo/alterar: the form starts from the stored vehicle and sends the
 * `versao` it read, so a change saved meanwhile elsewhere is refused (409) instead of overwritten.
 */
export default function PaginaAlterarVeiculo() {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const { data, error, refetch } = useVeiculo(idRevenda, idVeiculo);
  if (error && !data) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;
  return <Alteracao key={data.id} idRevenda={idRevenda} veiculo={data} />;
}

function Alteracao({ idRevenda, veiculo }: { idRevenda: string; veiculo: Veiculo }) {
  const navigate = useNavigate();
  const alterar = useAlterarVeiculo(idRevenda, veiculo.id);
  // The version read when the form opened: a live refetch of the detail must not move it.
  const [versao] = useState(veiculo.versao);
  const [iniciais] = useState(() => valoresDe(veiculo));
  return (
    <FormularioVeiculo
      idRevenda={idRevenda}
      titulo="Alterar veículo"
      iniciais={iniciais}
      gravando={alterar.isPending}
      gravar={(entrada) => alterar.mutateAsync({ ...entrada, versao })}
      aoGravar={() => {
        notifications.show({ color: 'green', message: MENSAGENS_VEICULO.gravado });
        navigate(rotas.revenda.veiculos.listar(idRevenda));
      }}
    />
  );
}
