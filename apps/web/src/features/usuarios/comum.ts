import { MENSAGENS, MENSAGENS_USUARIO, PAPEIS_REVENDA, ROTULO_PAPEL } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@/lib/api';

/** Perfil options of a reseller user (spec 1 §5): Usuário (client) or Gestor. */
export const OPCOES_PAPEL = PAPEIS_REVENDA.map((p) => ({ value: p, label: ROTULO_PAPEL[p] }));

/**
 * What to show when saving a user fails (spec 1 §8): the server's field messages go on their fields;
 * a refusal (4xx) with a message of its own that no field already shows is shown as well;
 * anything else (server failure, no answer) is "Erro ao gravar usuário".
 */
export function falhaAoGravar(erro: unknown): { campos?: Record<string, string>; mensagem?: string } {
  if (!(erro instanceof ApiError) || erro.status < 400 || erro.status >= 500 || erro.status === 401)
    return { mensagem: MENSAGENS_USUARIO.erroGravar };
  const campos = erro.campos && Object.keys(erro.campos).length > 0 ? erro.campos : undefined;
  const repetida = campos && (Object.values(campos).includes(erro.message) || erro.message.startsWith(MENSAGENS.dadosInvalidos));
  return { campos, mensagem: repetida ? undefined : erro.message };
}

/**
 * What both user forms do after saving: on success a notification and back to the list; on failure the
 * server's field messages on their fields and the rest in the form's alert.
 */
export function aoGravarUsuario(op: {
  voltar: () => void;
  mostrarCampos: (campos: Record<string, string>) => void;
  mostrarErro: (mensagem: string | null) => void;
}) {
  return {
    onSuccess: () => {
      notifications.show({ color: 'green', message: MENSAGENS_USUARIO.gravado });
      op.voltar();
    },
    onError: (e: unknown) => {
      const { campos, mensagem } = falhaAoGravar(e);
      if (campos) op.mostrarCampos(campos);
      op.mostrarErro(mensagem ?? null);
    },
  };
}
