import {
  type AcaoLote,
  type CanalId,
  type CriarLoteEntrada,
  LOTES_RECENTES,
  MENSAGENS_LOTE as M,
  MENSAGENS_SINCRONIZACAO as MS,
  type PadroesPublicacao,
  ROTULO_CANAL,
} from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { emGrupo } from '../../db/em-grupo.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import { comVez, emParalelo } from '../../lib/paralelo.ts';
import type { LeasesEmCurso } from '../../operacao/leases-em-curso.ts';
import { publicacaoRepository } from '../publicacao/publicacao.repository.ts';
import type { AoPublicar, PublicacaoVeiculoService, VeiculoCarregado, VezNoCanal } from '../publicacao/publicacao.service.ts';
import type { VendasService } from '../vendas/vendas.service.ts';
import { type ItemRegistro, type ItemReivindicado, lotesRepository as repo } from './lotes.repository.ts';

export const TAREFA_LOTES = 'lotes-executar';

/**
 * How a run spreads and paces its calls: channel calls in flight per channel (channels run side by side; twice as
 * many items going, `executar`), the item's lease,
 * the back-off after a 429 / no answer / an operation in flight (`esperaSegundos` × 2^(attempt-1), at most
 * `esperaMaxSegundos`), the attempts before the item fails, and how long one run takes new work (below the job's
 * 10 minutes; what is left goes to the next run, every minute).
 */
export type LimitesLote = {
  porCanal: number;
  /** Ready items read at once per channel: the run's first read (of every channel), then each channel's next ones. */
  porLeitura: number;
  leaseSegundos: number;
  esperaSegundos: number;
  esperaMaxSegundos: number;
  tentativas: number;
  duracaoMs: number;
};
export const LIMITES_LOTE: LimitesLote = {
  porCanal: 3,
  porLeitura: 200,
  leaseSegundos: 300,
  esperaSegundos: 5,
  esperaMaxSegundos: 120,
  // 5 + 10 + 20 + 40 + 80 + 120 × 3 s ≈ 9 minutes: longer than the longest send's lease and wait (iCarros, 7 + 1
  // minutes), so a send left without an answer is resolved by publicacao.enviar (consultar) before the item gives up.
  tentativas: 9,
  duracaoMs: 8 * 60_000,
};

/** The back-off after attempt `n` (1, 2…): doubling from `esperaSegundos`, at most `esperaMaxSegundos`. */
export const esperaDaTentativa = (l: LimitesLote, n: number) => Math.min(l.esperaMaxSegundos, l.esperaSegundos * 2 ** (n - 1));

/** What one item ended as; `adiar` puts it back to aguardando for a later attempt. */
type Desfecho =
  | { estado: 'publicado' | 'feito' | 'falhou'; motivo: string | null; gravado?: boolean }
  | { estado: 'revisao'; motivo: string; revisao: string[] }
  | { adiar: string };

type Dep = {
  db: Db;
  publicacao: PublicacaoVeiculoService;
  vendas: VendasService;
  /** Queues a background job (Tarefas.enviar), which wakes this instance's worker at once. */
  enfileirar: (nome: string, dados: object) => Promise<unknown>;
  log: (m: string) => void;
  /** This process's leases in flight (graceful shutdown: waited for, then released). */
  leases?: LeasesEmCurso;
  /** True once the instance is draining: a run claims no new item. */
  drenando?: () => boolean;
};

type Pronto = { id: string; lote_id: string; acao: AcaoLote; canal: string | null };

/**
 * What one run reads once and reuses for all its items: the reseller × channel publishing defaults, and each
 * reseller × channel's own lists at the channel (Webmotors' modalities, Na Pista's plan; `ContextoCanal.daRodada`).
 */
type CacheDaRodada = { padroes: Map<string, Promise<PadroesPublicacao | null>>; listas: Map<string, Map<string, Promise<unknown>>> };

const esperar = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

/** A channel answer that means "later": rate limited, no answer, or an operation of the same advert in flight. */
const ehPassageiro = (e: ErroHttp) => e.statusCode === 429 || e.statusCode === 502 || e.statusCode === 503 || e.statusCode === 409;

/**
 * Bulk actions on the vehicle list (issue 24 item 2): the batch and its items are written in one transaction, then a
 * job (pg-boss, `unica`, every minute too) runs every open item of every batch through the same services as the
 * single-vehicle screens (publicacao.enviar / excluir, vendas.vender), whose leases and idempotency keys already make
 * a repeated item harmless: a bulk publish run twice never creates a second advert. See docs/lotes.md.
 */
export function criarLotesService(dep: Dep) {
  const { db } = dep;
  // The answers of the items in flight, written together (group commit, db/em-grupo.ts): one round trip for many.
  const publicadosEmGrupo = emGrupo((rs: Parameters<typeof repo.publicadosComItens>[1]) => repo.publicadosComItens(db, rs), {
    maximo: 50,
    umPorUm: true,
  });

  /**
   * The reseller's batch's progress (404 when it is not the reseller's): every item, or with `desde` (a previous
   * answer's cursor) only those written since.
   */
  async function resposta(idRevenda: string, idLote: string, desde?: string) {
    const l = await repo.progresso(db, idRevenda, idLote);
    if (!l) throw naoEncontrado(M.naoEncontrado);
    const itens = await repo.itens(db, idLote, desde);
    return {
      id: l.id,
      acao: l.acao,
      canais: l.canais,
      estado: l.estado,
      total: l.total,
      concluidos: l.concluidos,
      created_at: l.created_at.toISOString(),
      concluido_em: l.concluido_em?.toISOString() ?? null,
      itens: itens.map((i) => ({ ...i, veiculo: i.veiculo || i.veiculo_id })),
      parcial: Boolean(desde),
      cursor: l.cursor,
    };
  }

  /** A channel's refusal or "later" as the item keeps it. */
  function porErro(e: unknown): Desfecho {
    if (e instanceof ErroHttp) return ehPassageiro(e) ? { adiar: e.message } : { estado: 'falhou', motivo: e.message };
    // Unexpected (the channel call threw: a send left pendente for the reconciliation): try again later.
    return { adiar: e instanceof Error ? e.message : String(e) };
  }

  /** `anuncio`: the advert's state as the claim read it (an advert already published is not sent again). */
  async function publicar(
    item: ItemReivindicado,
    rodada: CacheDaRodada,
    lido: VeiculoCarregado | undefined,
    vez: VezNoCanal,
  ): Promise<Desfecho> {
    const canal = item.canal as CanalId;
    const idVeiculo = item.veiculo_id;
    if (item.anuncio_estado === 'publicado') return { estado: 'publicado', motivo: M.jaPublicado };
    let gravado = false;
    // The item's outcome is written with the advert's answer (one statement, shared with the other answers in
    // flight), only while this claim holds it.
    const aoPublicar: AoPublicar = async (a, chave, anuncio) => {
      const g = await publicadosEmGrupo({ a, chave, r: anuncio, item });
      if (g) gravado = true;
      return g;
    };
    try {
      const r = await dep.publicacao.postEmLote(canal, idVeiculo, {
        padroesLidos: rodada.padroes,
        listasDaRodada: rodada.listas,
        lido: lido ? Promise.resolve(lido) : undefined,
      });
      if ('revisao' in r) return { estado: 'revisao', motivo: M.precisaRevisao(r.revisao.join(', ')), revisao: r.revisao };
      // The send reuses the vehicle and session the draft was built from (the claim's read): its own transaction
      // only locks the vehicle and re-checks removed / sold before the pendente is written.
      // Only the channel call waits for the run's turn at the channel (`vez`): the claim, draft and pendente before it
      // and the answer after it run while other items' calls are in flight.
      const preparado = { ...r.preparado, doCanal: { ...r.preparado.doCanal, vez } };
      const enviado = await dep.publicacao.enviar(canal, idVeiculo, r.post, item.lote_usuario_id, aoPublicar, preparado);
      return enviado.estado === 'pendente'
        ? { estado: 'feito', motivo: M.aguardandoConfirmacao(ROTULO_CANAL[canal]) }
        : { estado: 'publicado', motivo: null, gravado };
    } catch (e) {
      // "Já publicado" (a previous run, a click on the screen): done, never sent again.
      const agora = await publicacaoRepository.buscar(db, { veiculoId: idVeiculo, canal });
      if (agora?.estado === 'publicado') return { estado: 'publicado', motivo: M.jaPublicado };
      return porErro(e);
    }
  }

  async function retirar(
    canal: CanalId,
    idVeiculo: string,
    anuncio: string | null,
    quem: string | null,
    lido?: VeiculoCarregado,
  ): Promise<Desfecho> {
    if (anuncio === 'pendente') return { adiar: M.aguardandoConfirmacao(ROTULO_CANAL[canal]) };
    if (anuncio !== 'publicado') return { estado: 'feito', motivo: M.semAnuncio(ROTULO_CANAL[canal]) };
    try {
      const r = await dep.publicacao.excluir(canal, idVeiculo, undefined, quem, lido ? Promise.resolve(lido) : undefined);
      return { estado: 'feito', motivo: r.mensagem };
    } catch (e) {
      if (!(await publicacaoRepository.buscar(db, { veiculoId: idVeiculo, canal }))) return { estado: 'feito', motivo: M.retirado };
      return porErro(e);
    }
  }

  /**
   * One advert through the sync's durable update (issue 24 item 1, `publicacao.atualizarAnuncio`: the channel's own
   * edit operation under the advert's lease). An advert already current is not sent; a channel without an edit
   * operation says so; another operation in flight or an unknown outcome → back-off (the update is sent again, as
   * the sync's own rounds do).
   */
  async function atualizar(canal: CanalId, idVeiculo: string, quem: string | null, lido?: VeiculoCarregado): Promise<Desfecho> {
    try {
      const r = await dep.publicacao.atualizarAnuncio(canal, idVeiculo, lido ? Promise.resolve(lido) : undefined, quem);
      if (r.desfecho === 'atualizado') return { estado: 'feito', motivo: M.atualizado };
      if (r.desfecho === 'atual') return { estado: 'feito', motivo: M.jaAtualizado };
      if (r.desfecho === 'sem') return { estado: 'falhou', motivo: canal === 'instagram' ? MS.instagram : MS.semAtualizacao };
      if (r.desfecho === 'ocupado') return { adiar: M.operacaoEmAndamento(ROTULO_CANAL[canal]) };
      if (r.desfecho === 'incerto') return { adiar: r.texto };
      return { estado: 'falhou', motivo: r.texto };
    } catch (e) {
      return porErro(e);
    }
  }

  async function vender(item: ItemRegistro, quem: UsuarioDaSessao): Promise<Desfecho> {
    try {
      const r = await dep.vendas.vender(item.revenda_id, item.veiculo_id, false, quem);
      return { estado: 'feito', motivo: r.mensagem };
    } catch (e) {
      // Already sold (a previous run, a click): done.
      if (e instanceof ErroHttp && e.statusCode === 409) return { estado: 'feito', motivo: e.message };
      return porErro(e);
    }
  }

  /**
   * Keeps the item's lease alive while its channel call runs (every third of the lease, as publicacao's
   * `mantendoLease` for sends): a send longer than the lease (iCarros, up to 7 minutes) is never claimed twice. Only
   * a worker that died stops beating, and its item is taken again once the lease runs out.
   */
  async function mantendoLease<T>(item: ItemRegistro, limites: LimitesLote, chamada: () => Promise<T>): Promise<T> {
    let emCurso: Promise<unknown> | undefined;
    const timer = setInterval(
      () => {
        emCurso ??= repo
          .prolongar(db, item, limites.leaseSegundos)
          .catch((e: unknown) => dep.log(`lease do item ${item.id}: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            emCurso = undefined;
          });
      },
      (limites.leaseSegundos * 1000) / 3,
    );
    timer.unref();
    const parar = async () => {
      clearInterval(timer);
      await emCurso;
    };
    const soltar = dep.leases?.segurar({
      descricao: `item ${item.id} do lote ${item.lote_id}`,
      parar,
      liberar: async () => {
        await repo.liberar(db, item);
      },
    });
    try {
      return await chamada();
    } finally {
      await parar();
      soltar?.();
    }
  }

  /**
   * Claims an item (its own statement, committed before any channel call). The claim's statement also reads the
   * vehicle with the reseller's integration of the channel when the action will need it (`reivindicarComVeiculo`):
   * a publish for its draft (none when already published), a removal or an update of a published advert for the
   * channel's session. A sale's item reads nothing more.
   */
  async function reivindicar(
    id: string,
    acao: AcaoLote,
    canal: string | null,
    limites: LimitesLote,
    comVeiculo: (id: string) => Promise<Awaited<ReturnType<typeof repo.reivindicarComVeiculo>>[number]>,
  ) {
    if (acao === 'vendido' || !canal) {
      const item = await repo.reivindicar(db, id, limites.leaseSegundos);
      return item && { item, lido: undefined };
    }
    return comVeiculo(id);
  }

  /**
   * Runs one claimed item and writes its outcome (or its back-off) onto it. The batch's action and the advert's
   * state come with the claim; whether the batch is over is checked once per batch of the round (`executar`).
   */
  async function executarItem(
    item: ItemReivindicado,
    limites: LimitesLote,
    rodada: CacheDaRodada,
    vez: VezNoCanal,
    lido?: VeiculoCarregado,
  ) {
    const canal = item.canal as CanalId;
    let d: Desfecho;
    if (item.acao === 'publicar') d = await publicar(item, rodada, lido, vez);
    else if (item.acao === 'retirar') d = await vez(() => retirar(canal, item.veiculo_id, item.anuncio_estado, item.lote_usuario_id, lido));
    else if (item.acao === 'atualizar') d = await vez(() => atualizar(canal, item.veiculo_id, item.lote_usuario_id, lido));
    else d = await vez(() => vender(item, { id: item.lote_usuario_id ?? '' } as UsuarioDaSessao));
    if ('adiar' in d) {
      if (item.tentativas >= limites.tentativas) await repo.concluir(db, item, 'falhou', M.esgotado(d.adiar));
      else await repo.adiar(db, item, d.adiar, esperaDaTentativa(limites, item.tentativas));
    } else if (!('gravado' in d && d.gravado)) await repo.concluir(db, item, d.estado, d.motivo, 'revisao' in d ? d.revisao : []);
  }

  return {
    /**
     * Creates the batch: every vehicle must be the reseller's (a foreign or removed id refuses the whole request,
     * nothing done), one item per vehicle × channel (per vehicle for "vendido"), then the job is queued.
     */
    async criar(idRevenda: string, entrada: CriarLoteEntrada & { canais: CanalId[] }, quem: UsuarioDaSessao) {
      const ids = [...new Set(entrada.veiculos)];
      const encontrados = await repo.daRevenda(db, idRevenda, ids);
      if (encontrados.length !== ids.length) throw new ErroHttp(404, M.veiculoDeOutraRevenda);
      const canais = [...new Set(entrada.canais)];
      let itens: { veiculo_id: string; canal: CanalId | null }[];
      if (entrada.acao === 'vendido') itens = ids.map((veiculo_id) => ({ veiculo_id, canal: null }));
      else if (entrada.acao === 'atualizar') {
        const publicados = await repo.publicados(db, ids);
        itens = publicados
          .filter((p) => !canais.length || canais.includes(p.canal as CanalId))
          .map((p) => ({ veiculo_id: p.veiculo_id, canal: p.canal as CanalId }))
          .sort((a, b) => ids.indexOf(a.veiculo_id) - ids.indexOf(b.veiculo_id));
        if (!itens.length) throw new ErroHttp(422, M.nadaAFazer);
      } else itens = ids.flatMap((veiculo_id) => canais.map((canal) => ({ veiculo_id, canal })));
      const l = await db.transaction((tx) => repo.criar(tx, { idRevenda, idUsuario: quem.id, acao: entrada.acao, canais }, itens));
      await dep.enfileirar(TAREFA_LOTES, {});
      return resposta(idRevenda, l.id);
    },

    /** The reseller's last LOTES_RECENTES batches (the list's "Ações em lote" menu), newest first, without items. */
    async recentes(idRevenda: string) {
      const ls = await repo.recentes(db, idRevenda, LOTES_RECENTES);
      return ls.map((l) => ({
        ...l,
        created_at: l.created_at.toISOString(),
        concluido_em: l.concluido_em?.toISOString() ?? null,
      }));
    },

    async ler(idRevenda: string, idLote: string, desde?: string) {
      return resposta(idRevenda, idLote, desde);
    },

    /** Items not started become cancelado; the one in flight finishes and is recorded as it ends. */
    async cancelar(idRevenda: string, idLote: string) {
      if (!(await repo.buscar(db, idRevenda, idLote))) throw naoEncontrado(M.naoEncontrado);
      if (!(await db.transaction((tx) => repo.cancelar(tx, idLote)))) throw new ErroHttp(409, M.jaTerminou);
      return resposta(idRevenda, idLote);
    },

    /**
     * The job (after a batch is created, and every minute on every instance): claims the ready items of every batch
     * (a lease each, so two instances never run one; a dead worker's item is taken again once its lease ends), at
     * most `porCanal` in flight per channel, channels side by side. Items put off by a back-off due within the run
     * are waited for; later ones go to the next run.
     */
    async executar(limites: LimitesLote = LIMITES_LOTE) {
      const contagem = { itens: 0 };
      const ate = Date.now() + limites.duracaoMs;
      // Read once per run, not per item: the reseller × channel publishing defaults (they change rarely, and a run
      // lasts minutes at most; an item sent meanwhile is what the screen would have sent a moment before).
      const rodada: CacheDaRodada = { padroes: new Map(), listas: new Map() };
      // The claims made while one is running are made together (group commit): one statement for many items.
      const comVeiculo = emGrupo((ids: string[]) => repo.reivindicarComVeiculo(db, ids, limites.leaseSegundos), {
        maximo: 50,
        umPorUm: true,
      });
      // Items of each batch taken and not yet ended (every channel's): the batch is checked for its end once its count
      // falls to 0 (`terminarSeVazio` looks at the database, so another channel's items still open keep it going).
      const restantes = new Map<string, number>();
      const tomados = (prontos: Pronto[]) => {
        for (const p of prontos) restantes.set(p.lote_id, (restantes.get(p.lote_id) ?? 0) + 1);
      };
      const terminou = async (idLote: string) => {
        const n = (restantes.get(idLote) ?? 1) - 1;
        restantes.set(idLote, n);
        if (n === 0) await repo.terminarSeVazio(db, idLote);
      };
      const uma = async ({ id, lote_id, acao, canal }: Pronto, vez: VezNoCanal) => {
        try {
          if (dep.drenando?.()) return; // shutting down: left for another instance
          const tomado = await reivindicar(id, acao, canal, limites, comVeiculo);
          if (!tomado) return; // another run or instance took it
          const { item, lido } = tomado;
          contagem.itens++;
          await mantendoLease(item, limites, () => executarItem(item, limites, rodada, vez, lido));
        } catch (e) {
          // Unexpected (database): the lease stays, so the item is taken again once it runs out.
          dep.log(`lote ${lote_id}, item ${id}: ${e instanceof Error ? e.message : String(e)}`);
        } finally {
          await terminou(lote_id).catch((e: unknown) => dep.log(`lote ${lote_id}: ${e instanceof Error ? e.message : String(e)}`));
        }
      };
      const seguir = () => Date.now() < ate && !dep.drenando?.();
      // One loop per channel (a sale, with no channel, is one too): its ready items, oldest first, at most `porCanal`
      // calls in flight (its turn, `vez`) and twice as many items going, so the next items' claims, drafts and
      // pendentes are written while the calls run; then its next ready items. Channels never wait for one another: a
      // slow portal (Webmotors sends a car in four calls) does not hold a fast one's adverts back.
      const rodando = new Map<string, Promise<void>>();
      const doCanal = async (canal: string, primeiros: Pronto[]) => {
        const vez = comVez(limites.porCanal);
        const emCurso = canal ? 2 * limites.porCanal : limites.porCanal;
        try {
          for (let prontos = primeiros; prontos.length; ) {
            await emParalelo(prontos, emCurso, (p) => uma(p, vez));
            if (!seguir()) return;
            prontos = await repo.aExecutar(db, limites.porLeitura, { canal });
            tomados(prontos);
          }
        } catch (e) {
          // The database failed the next read: this loop ends, and the run's next read (of every channel with no loop)
          // or the next run takes the channel's items again. A loop never rejects: the others go on.
          dep.log(`ações em lote, ${canal || 'vendas'}: ${e instanceof Error ? e.message : String(e)}`);
        }
      };
      // Channels with ready items and no loop get one (a batch created meanwhile is taken within a second); with
      // none running, items put off by a back-off due within the run are waited for; later ones go to the next run.
      while (seguir()) {
        const prontos = await repo.aExecutar(db, limites.porLeitura, { exceto: [...rodando.keys()] });
        tomados(prontos);
        const porCanal = new Map<string, Pronto[]>();
        for (const p of prontos) porCanal.set(p.canal ?? '', [...(porCanal.get(p.canal ?? '') ?? []), p]);
        for (const [canal, fila] of porCanal) {
          const loop = doCanal(canal, fila).finally(() => rodando.delete(canal));
          rodando.set(canal, loop);
        }
        if (rodando.size) {
          await Promise.race([...rodando.values(), esperar(1000)]);
          continue;
        }
        const proxima = await repo.proximaEspera(db);
        if (!proxima || proxima.getTime() > ate) break;
        // In small steps: a batch created meanwhile is taken at once, not after the back-off. A few ms past the item's
        // time: the database keeps microseconds, a Date milliseconds, and a timer may fire a millisecond early; woken
        // just before the item is due, the run would find nothing ready and nothing waiting, and end.
        await esperar(Math.min(1000, Math.max(50, proxima.getTime() - Date.now() + 5)));
      }
      await Promise.all(rodando.values());
      return contagem;
    },
  };
}
export type LotesService = ReturnType<typeof criarLotesService>;
