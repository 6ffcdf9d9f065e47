import { MENSAGENS_VEICULO } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { useIncluirVeiculo } from './api';
import { FormularioVeiculo } from './FormularioVeiculo';
import { VALORES_NOVO } from './valores';

/** /revenda/:idRevenda/veiculos/incluir: after saving, back to the vehicle list. */
export default function PaginaIncluirVeiculo() {
  const { idRevenda = '' } = useParams();
  const navigate = useNavigate();
  const incluir = useIncluirVeiculo(idRevenda);
  return (
    <FormularioVeiculo
      idRevenda={idRevenda}
      titulo="Incluir veículo"
      iniciais={VALORES_NOVO}
      gravando={incluir.isPending}
      gravar={(entrada) => incluir.mutateAsync(entrada)}
      aoGravar={() => {
        notifications.show({ color: 'green', message: MENSAGENS_VEICULO.gravado });
        navigate(rotas.revenda.veiculos.listar(idRevenda));
      }}
    />
  );
}
