import { MENSAGENS_REVENDA } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { encerrarSessaoLocal, useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { ConfirmacaoRemocao } from '@/ui/ConfirmacaoRemocao';
import { useRemoverRevenda, useRevenda } from './api';

/**
 * /revenda/:idRevenda/excluir (spec 1 §2): confirmation with responsible, store, e-mail and phone.
 * Removing deletes the reseller and its users, then returns to the list. A gestor removing its own
 * reseller removes its own user too: its session is forgotten and it goes to /login.
 */
export default function PaginaExcluirRevenda() {
  const { idRevenda = '' } = useParams();
  const { usuario } = useSessaoAtiva();
  const admin = usuario.role === 'admin';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, error, refetch } = useRevenda(idRevenda);
  const remover = useRemoverRevenda(idRevenda);
  const voltarPara = admin ? rotas.revendas.listar() : rotas.painel();

  if (error && !data) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;

  const confirmar = () =>
    remover.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MENSAGENS_REVENDA.removida });
        if (admin) navigate(rotas.revendas.listar());
        else {
          encerrarSessaoLocal(queryClient);
          navigate(rotas.login(), { replace: true });
        }
      },
      onError: () => {
        notifications.show({ color: 'red', message: MENSAGENS_REVENDA.falhaRemover });
        navigate(voltarPara);
      },
    });

  const linhas: [string, string | null][] = [
    ['Responsável', data.perazao_social_nome],
    ['Loja', data.penome_fantasia],
    ['E-mail', data.peemail],
    ['Telefone', data.petelefone1],
  ];

  return (
    <ConfirmacaoRemocao
      titulo="Excluir revenda"
      pergunta="Confirma a remoção desta revenda? Todos os usuários da revenda também serão removidos."
      dados={linhas}
      aoRemover={confirmar}
      removendo={remover.isPending}
      voltarPara={voltarPara}
    />
  );
}
