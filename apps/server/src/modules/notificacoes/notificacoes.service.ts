import {
  MENSAGENS_NOTIFICACAO,
  MENSAGENS_REVENDA,
  type Notificacao,
  type NotificacaoEntrada,
  type PushTokenEntrada,
} from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { ClienteFcm } from '../../push/fcm.ts';
import type { Tarefa, Tarefas } from '../../tarefas/tarefas.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { type NotificacaoRegistro, notificacoesRepository as repo } from './notificacoes.repository.ts';

export const TAREFA_LEMBRETE = 'notificacoes-lembrete';

export const paraNotificacao = (r: NotificacaoRegistro): Notificacao => ({
  id: r.id,
  revenda: r.revenda_id,
  titulo: r.titulo,
  link: r.link,
  status: r.status,
  acesso: r.acesso as Notificacao['acesso'],
  created_id: r.created_id,
  created_at: r.created_at.toISOString(),
  lembrete_estado: (r.lembrete_estado as Notificacao['lembrete_estado']) ?? null,
  lembrete_mensagem: r.lembrete_mensagem,
  lembrete_em: r.lembrete_em?.toISOString() ?? null,
});

/**
 * Notifications of a reseller (admin) and their reminders (spec 2 §2, §6, §7). A reminder is a background job
 * (pg-boss): the request only queues it, so a slow push service never holds it; the row carries the state
 * (enviando → sucesso | erro) and the list shows it live. Success only when every device token succeeded; tokens
 * the service reports unregistered are removed from their users.
 */
export function criarNotificacoesService(dep: { db: Db; tarefas: Tarefas; fcm: ClienteFcm; log: (m: string) => void }) {
  const { db } = dep;
  const achar = async (idRevenda: string, id: string) => {
    const n = await repo.buscar(db, idRevenda, id);
    if (!n) throw naoEncontrado(MENSAGENS_NOTIFICACAO.naoEncontrada);
    return n;
  };

  const servico = {
    listar: (idRevenda: string) => repo.listar(db, idRevenda),
    /** One row of the list (live patching); 404 when it is gone. */
    linha: achar,

    async incluir(idRevenda: string, e: NotificacaoEntrada & { link: string | null }, quem: UsuarioDaSessao) {
      if (!(await revendasRepository.buscar(db, idRevenda))) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      return repo.incluir(db, { revenda_id: idRevenda, titulo: e.titulo, link: e.link, acesso: e.acesso ?? 'todos', created_id: quem.id });
    },

    async remover(idRevenda: string, id: string) {
      if (!(await repo.remover(db, idRevenda, id))) throw naoEncontrado(MENSAGENS_NOTIFICACAO.naoEncontrada);
    },

    /** "Send reminder": refused at once when nobody can receive it; otherwise queued. */
    async pedirLembrete(idRevenda: string, id: string) {
      const n = await achar(idRevenda, id);
      if (n.lembrete_estado === 'enviando') return paraNotificacao(n);
      if (!(await repo.destinatarios(db, idRevenda, n.acesso)).length) {
        await repo.registrarLembrete(db, n.id, 'erro', MENSAGENS_NOTIFICACAO.semDestinatarios);
        throw new ErroHttp(422, MENSAGENS_NOTIFICACAO.semDestinatarios);
      }
      await repo.registrarLembrete(db, n.id, 'enviando', MENSAGENS_NOTIFICACAO.enviando);
      await dep.tarefas.enviar(TAREFA_LEMBRETE, { idNotificacao: n.id });
      return paraNotificacao(await achar(idRevenda, id));
    },

    /** The job: one FCM v1 message per device token. Safe to run again (it sends to the tokens there are now). */
    async enviarLembrete(idNotificacao: string) {
      const n = await repo.buscarPorId(db, idNotificacao);
      if (!n) return;
      const destinos = await repo.destinatarios(db, n.revenda_id, n.acesso);
      const tokens = [...new Set(destinos.map((d) => d.token ?? ''))].filter(Boolean);
      if (!tokens.length) {
        await repo.registrarLembrete(db, n.id, 'erro', MENSAGENS_NOTIFICACAO.semDestinatarios);
        return;
      }
      try {
        const r = await dep.fcm.enviar(tokens, { titulo: MENSAGENS_NOTIFICACAO.tituloLembrete, corpo: n.titulo, link: n.link });
        await repo.removerTokens(
          db,
          r.filter((x) => x.removerToken).map((x) => x.token),
        );
        const ok = r.filter((x) => x.ok).length;
        if (ok === tokens.length) await repo.registrarLembrete(db, n.id, 'sucesso', MENSAGENS_NOTIFICACAO.enviado(ok));
        else await repo.registrarLembrete(db, n.id, 'erro', MENSAGENS_NOTIFICACAO.parcial(ok, tokens.length));
      } catch (e) {
        dep.log(`lembrete ${n.id}: ${(e as Error).message}`);
        await repo.registrarLembrete(db, n.id, 'erro', `${MENSAGENS_NOTIFICACAO.erroEnviar}: o serviço de push não aceitou o envio.`);
      }
    },

    /** The mobile app registers its device (an empty token forgets it). */
    async registrarToken(quem: UsuarioDaSessao, e: PushTokenEntrada) {
      const token = e.token.trim() || null;
      await repo.gravarToken(
        db,
        quem.id,
        token,
        token ? { plataforma: e.plataforma ?? null, registrado_em: new Date().toISOString() } : null,
      );
      return token ? MENSAGENS_NOTIFICACAO.tokenRegistrado : MENSAGENS_NOTIFICACAO.tokenRemovido;
    },
  };
  return servico;
}
export type NotificacoesService = ReturnType<typeof criarNotificacoesService>;

/** The reminder job: no automatic retry (a partial send would reach the same devices twice); the admin resends. */
export const tarefaLembrete = (s: NotificacoesService): Tarefa<{ idNotificacao: string }> => ({
  nome: TAREFA_LEMBRETE,
  executar: ({ idNotificacao }) => s.enviarLembrete(idNotificacao),
  tentativas: 0,
  limiteMinutos: 10,
});
