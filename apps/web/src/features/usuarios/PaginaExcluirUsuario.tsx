import { MENSAGENS_USUARIO, ROTULO_PAPEL } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { ConfirmacaoRemocao } from '@/ui/ConfirmacaoRemocao';
import { useRemoverUsuario, useUsuario } from './api';

/**
 * /revenda/:idRevenda/usuarios/:idUsuario/excluir: confirmation with Remover and Voltar.
 * Success → "Usuário removido com sucesso!" and the list; a refusal with a reason (e.g. removing oneself)
 * shows that reason; any other failure "Falha ao remover usuário!". On failure the page stays.
 */
export default function PaginaExcluirUsuario() {
  const { idRevenda = '', idUsuario = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, refetch } = useUsuario(idRevenda, idUsuario);
  const remover = useRemoverUsuario(idRevenda, idUsuario);
  const lista = rotas.revenda.usuarios.listar(idRevenda);

  if (error && !data) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;

  const confirmar = () =>
    remover.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MENSAGENS_USUARIO.removido });
        navigate(lista);
      },
      onError: (e) => {
        const motivo = e instanceof ApiError && e.status === 400 ? e.message : MENSAGENS_USUARIO.falhaRemover;
        notifications.show({ color: 'red', message: motivo });
      },
    });

  const linhas: [string, string | null][] = [
    ['Nome', data.nome],
    ['E-mail', data.email],
    ['Perfil', ROTULO_PAPEL[data.role]],
    ['Telefone', data.telefone1],
  ];

  return (
    <ConfirmacaoRemocao
      titulo="Excluir usuário"
      pergunta="Confirma a remoção deste usuário?"
      dados={linhas}
      aoRemover={confirmar}
      removendo={remover.isPending}
      voltarPara={lista}
    />
  );
}
