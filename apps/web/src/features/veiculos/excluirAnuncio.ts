import { type CanalId, MENSAGENS_PUBLICACAO_VEICULO as M } from '@intermedio/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api';
import { mensagemDoErro } from '@/ui/AlertaErro';

export type AnuncioAExcluir = { canal: CanalId; idVeiculo: string; idAnuncio: string | null };

/**
 * Excluir of a published advert (spec 3 §8.1), from the vehicle view and from the moderation dashboards' channel
 * blocks: the channel is asked to remove it; the server's text in a toast ("Anúncio excluído com sucesso.", plus the
 * manual step where the channel has no removal), or "Erro ao excluir anúncio!" with the returned errors in `erro`
 * (the screen shows it in its red alert).
 */
export function useExcluirAnuncio() {
  const [erro, setErro] = useState<string | null>(null);
  const mutacao = useMutation({
    mutationFn: (a: AnuncioAExcluir) =>
      api.post<{ mensagem: string }>(`/api/integracao/${a.canal}/excluir`, { id_anuncio: a.idAnuncio, id_veiculo: a.idVeiculo }),
    onMutate: () => setErro(null),
    onSuccess: (r) => notifications.show({ color: 'green', message: r.mensagem }),
    onError: (e) => {
      const m = mensagemDoErro(e);
      setErro(m.startsWith(M.erroExcluir) ? m : `${M.erroExcluir} ${m}`);
    },
  });
  return { ...mutacao, erro, limparErro: () => setErro(null) };
}
