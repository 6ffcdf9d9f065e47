import { randomUUID } from 'node:crypto';
import {
  type CanalId,
  ESQUEMAS_PUBLICACAO,
  MENSAGENS_PUBLICACAO_VEICULO as M,
  MENSAGENS_SINCRONIZACAO as MS,
  type PadroesPublicacao,
  ROTULO_CANAL,
} from '@intermedio/contracts';
import { ordenarOpcoes } from '../../canais/mapeamento.ts';
import type { AnuncioCanal, PublicacaoVeiculo, SessaoCanal, VeiculoParaCanal } from '../../canais/publicacao.ts';
import { canal as adaptador } from '../../canais/registro.ts';
import type { ContextoCanal, Resultado } from '../../canais/tipos.ts';
import type { Db, Executor } from '../../db/cliente.ts';
import { emGrupo } from '../../db/em-grupo.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { LeasesEmCurso } from '../../operacao/leases-em-curso.ts';
import { explicarErro, type IntegracoesService } from '../integracoes/integracoes.service.ts';
import { padroesRepository } from '../integracoes/padroes.repository.ts';
import { vendasRepository } from '../vendas/vendas.repository.ts';
import { type AnuncioPublicado, type AnuncioRegistro, publicacaoRepository as repo, type Tomada } from './publicacao.repository.ts';
import { dadosIntermedio, paraCanal } from './veiculo-para-canal.ts';

/**
 * How long a request owns a pending send, change or removal. Longer than the slowest of them (Instagram polls its
 * containers for about 2 minutes) except a send that declares a longer wait (iCarros: `leaseDoEnvio`); after it the
 * reconciliation (or the next click) asks the channel what became of it. Kept alive by a heartbeat while the channel
 * call runs in this process (`mantendoLease`): only a request that died or gave up loses it.
 */
export const LEASE_SEGUNDOS = 180;

/**
 * A send's lease: LEASE_SEGUNDOS, or longer for a channel that may take longer to answer (iCarros waits 360 s), with a
 * minute to spare. Shorter, a click or the reconciliation would find nothing at the channel while the first call is
 * still being processed there, and send the advert a second time.
 */
export const leaseDoEnvio = (canal: CanalId) => Math.max(LEASE_SEGUNDOS, (adaptador(canal).publicacao?.esperaEnvioSegundos ?? 0) + 60);

type Dep = {
  db: Db;
  integracoes: IntegracoesService;
  publicUrl: string;
  log: (m: string) => void;
  /** A stored file's address any client may read (the originals sent to the channels); none: unchanged. */
  assinarArquivo?: (url: string) => string;
  /** Stored files by key: the photos' originals for channels that take their bytes (Webmotors). */
  lerArquivo?: (chave: string) => Promise<Buffer | null>;
  /** Tests: every lease this long (seconds) and its heartbeat every `batimentoMs` (0: none, as a process that died). */
  lease?: { segundos: number; batimentoMs?: number };
  /** This process's leases in flight: the graceful shutdown waits for them, then releases what is left. */
  leases?: LeasesEmCurso;
};
type Alvo = { veiculoId: string; canal: CanalId };
/** What a publishing request reads of the vehicle in one statement (`publicacaoRepository.veiculo`). */
/**
 * Writes a send's published answer together with the caller's own record of it (a bulk item's outcome, in one
 * statement: `publicacaoRepository`'s `publicadosJunto`); answers the stored advert, null when another answer won.
 */
export type AoPublicar = (
  a: Alvo,
  chave: string,
  anuncio: { idAnuncio: string; urlAnuncio: string | null; dados: Record<string, unknown> },
) => Promise<AnuncioPublicado | null>;
export type VeiculoCarregado = NonNullable<Awaited<ReturnType<typeof repo.veiculo>>>;
/**
 * A bulk run's turn at the channel (`comVez`): the send's channel call waits for it, so a run keeps at most its
 * limit of calls in flight per channel while the next items' database work (claim, draft, pendente) goes on.
 */
export type VezNoCanal = <T>(chamada: () => Promise<T>) => Promise<T>;
/** The channel's context and the reseller's session at it; `vez`: a bulk run's turn (`VezNoCanal`). */
type DoCanal = { ctx: ContextoCanal; sessao: SessaoCanal; vez?: VezNoCanal };
/**
 * The vehicle as the channel gets it and the reseller's channel session, already built by the caller from a read made
 * just before (a bulk item's claim, `postEmLote`): `enviar` then re-checks only removed / sold under the row's lock.
 */
export type VeiculoPreparado = { v: VeiculoParaCanal; doCanal: DoCanal };
/** How many vehicle → reseller pairs the access check keeps in memory (a vehicle never changes reseller). */
const REVENDAS_EM_MEMORIA = 50_000;

/** The channel's publishing interface; a channel without one has no routes (so this is a programming error). */
export function publicacaoDo(canal: CanalId): PublicacaoVeiculo {
  const p = adaptador(canal).publicacao;
  if (!p) throw new ErroHttp(404, M.semPublicacao(ROTULO_CANAL[canal]));
  return p;
}

const textoDoErro = (canal: CanalId, r: Resultado<unknown>) => (r.ok ? '' : explicarErro(canal, r.erro).message);

export function criarPublicacaoVeiculoService(dep: Dep) {
  const { db } = dep;
  // The pendentes of a bulk run's sends in flight, written together (group commit): one round trip for many sends.
  const tomarEmGrupo = emGrupo((as: Tomada[]) => repo.tomarComTravaVarios(db, as), { maximo: 50, umPorUm: true });
  const lease = dep.lease?.segundos ?? LEASE_SEGUNDOS;
  const leaseEnvio = (canal: CanalId) => dep.lease?.segundos ?? leaseDoEnvio(canal);

  /**
   * Runs the channel call of an operation this process holds (its key) with its lease kept alive, a heartbeat every
   * third of `segundos`: a call that legitimately outlasts the lease (iCarros' 360 s send, then its photos) is never
   * taken for dead by the reconciliation or a second click. If the process dies the heartbeats stop and the lease
   * runs out as before.
   */
  async function mantendoLease<T>(a: Alvo, chave: string, segundos: number, chamada: () => Promise<T>): Promise<T> {
    const intervalo = dep.lease?.batimentoMs ?? (segundos * 1000) / 3;
    let emCurso: Promise<void> | undefined;
    const batida = () =>
      repo.prolongar(db, a, chave, segundos).catch((e: unknown) => {
        dep.log(`lease ${a.canal} do veículo ${a.veiculoId}: ${e instanceof Error ? e.message : String(e)}`);
      });
    const timer = intervalo
      ? setInterval(() => {
          emCurso ??= batida().finally(() => {
            emCurso = undefined;
          });
        }, intervalo)
      : undefined;
    timer?.unref();
    const parar = async () => {
      clearInterval(timer);
      await emCurso; // a heartbeat in flight lands before the outcome (or the release) is recorded, never after it
    };
    const soltar = dep.leases?.segurar({
      descricao: `${a.canal} do veículo ${a.veiculoId}`,
      parar,
      liberar: () => repo.liberarNoDesligamento(db, a, chave, M.interrompidoNoDesligamento(ROTULO_CANAL[a.canal])),
    });
    try {
      return await chamada();
    } finally {
      await parar();
      soltar?.();
    }
  }

  /**
   * A vehicle's reseller never changes: the access check of every publishing route (`revendaDoVeiculo`) reads it once
   * per vehicle and process, and a request that loads the vehicle anyway learns it for the next ones.
   */
  const revendaDe = new Map<string, string>();
  const lembrarRevenda = (idVeiculo: string, idRevenda: string) => {
    if (revendaDe.has(idVeiculo)) return;
    if (revendaDe.size >= REVENDAS_EM_MEMORIA) revendaDe.delete(revendaDe.keys().next().value ?? '');
    revendaDe.set(idVeiculo, idRevenda);
  };

  /** The vehicle, its photos and the reseller's integration of `canal`, in one statement (or what the route read). */
  async function lerVeiculo(canal: CanalId, idVeiculo: string, lido?: Promise<VeiculoCarregado | undefined>) {
    const c = await (lido ?? repo.veiculo(db, idVeiculo, { canal }));
    if (!c) throw naoEncontrado(M.veiculoNaoEncontrado);
    lembrarRevenda(c.v.id, c.v.revenda_id);
    return c;
  }

  async function carregar(canal: CanalId, idVeiculo: string, lido?: Promise<VeiculoCarregado | undefined>) {
    const c = await lerVeiculo(canal, idVeiculo, lido);
    return { c, v: paraCanal(c, dep.publicUrl, dep.assinarArquivo) };
  }

  /** The reseller's decrypted channel session; an inactive or missing integration stops here (422). */
  async function sessaoDe(canal: CanalId, idRevenda: string): Promise<{ ctx: ContextoCanal; sessao: SessaoCanal }> {
    return sessaoDaIntegracao(canal, idRevenda, await dep.integracoes.paraPublicar(idRevenda, canal));
  }

  /** `sessaoDe` from the integration read with the vehicle (`VeiculoCarregado.integracao`). */
  function sessaoDaIntegracao(
    canal: CanalId,
    idRevenda: string,
    i: ReturnType<IntegracoesService['paraPublicarDe']>,
  ): { ctx: ContextoCanal; sessao: SessaoCanal } {
    if (!i?.status) throw new ErroHttp(422, M.integracaoInativa(ROTULO_CANAL[canal]));
    const sessao: SessaoCanal = {
      segredos: i.segredos,
      dados: i.config,
      // A token the adapter renews mid-call (Webmotors' hash after "31") is stored for the next requests.
      renovada: (nova) => dep.integracoes.guardarRenovada(idRevenda, canal, nova),
    };
    if (adaptador(canal).renovar) {
      // An access token refused (401) before the job renewed it: renewed once for this operation, shared by its calls.
      let renovacao: Promise<Record<string, string> | null> | undefined;
      sessao.renovarToken = () => {
        renovacao ??= dep.integracoes.renovarAgora(idRevenda, canal, sessao.segredos).then((novos) => {
          if (novos) sessao.segredos = novos;
          return novos;
        });
        return renovacao;
      };
    }
    return { ctx: { ...i.ctx, ...(dep.lerArquivo ? { lerArquivo: dep.lerArquivo } : {}) }, sessao };
  }

  const exigir = <T>(canal: CanalId, r: Resultado<T>): T => {
    if (!r.ok) throw explicarErro(canal, r.erro);
    return r.valor;
  };

  const respostaPublicado = (reg: Pick<AnuncioRegistro, 'id_anuncio' | 'url_anuncio' | 'dados'>, canal: CanalId) => ({
    ...reg.dados,
    estado: 'publicado' as const,
    id_anuncio: reg.id_anuncio,
    url_anuncio: reg.url_anuncio,
    mensagem: `Veículo publicado em ${ROTULO_CANAL[canal]}.`,
  });

  /** Moves a pending send to what the channel answered; answers the stored row (null when another answer won). */
  async function gravarAnuncio(a: Alvo, chave: string, anuncio: AnuncioCanal, ex: Executor = db) {
    return repo.publicado(ex, a, chave, {
      idAnuncio: anuncio.idAnuncio,
      urlAnuncio: anuncio.urlAnuncio ?? null,
      dados: anuncio.dados ?? {},
    });
  }

  /** A send the channel confirms later: keeps what it answered on the pending send, for the next reconciliation round. */
  const aguardar = (a: Alvo, chave: string, anuncio: AnuncioCanal) =>
    repo.aguardandoConfirmacao(db, a, chave, {
      idAnuncio: anuncio.idAnuncio,
      urlAnuncio: anuncio.urlAnuncio ?? null,
      dados: anuncio.dados ?? {},
    });

  /**
   * Asks the channel what became of a pending send this caller has claimed: the advert exists → publicado;
   * nothing arrived or refused → falhou (the user may send again; a refused advert the channel keeps is removed
   * first); no answer → stays pending for the next round.
   */
  async function resolver(reg: AnuncioRegistro): Promise<'publicado' | 'falhou' | 'pendente'> {
    const canal = reg.canal as CanalId;
    const a = { veiculoId: reg.veiculo_id, canal };
    const chave = reg.chave ?? '';
    const { ctx, sessao } = await sessaoDe(canal, reg.revenda_id);
    const r = await publicacaoDo(canal).consultar(ctx, sessao, {
      chave,
      veiculoId: reg.veiculo_id,
      ...(reg.id_anuncio ? { idAnuncio: reg.id_anuncio } : {}),
      ...(reg.envio ? { post: reg.envio } : {}),
      ...(reg.tentativa_em ? { desde: reg.tentativa_em } : {}),
      ...(Object.keys(reg.dados).length ? { dados: reg.dados } : {}),
    });
    if (!r.ok) {
      // The channel processed the send and refused the advert (OLX moderation): it failed, with the channel's reason.
      if (r.erro.tipo === 'rejected') {
        const resto = r.erro.recusadoNoCanal;
        if (!resto) {
          await repo.falhou(db, a, chave, textoDoErro(canal, r));
          return 'falhou';
        }
        // The channel keeps the refused advert (Mobiauto's blocked deal): it fails with the reason, and the advert is
        // removed under a lease taken in the same statement, so a new send starts clean (docs/publicacao.md §3).
        const recusado = await repo.recusado(db, a, chave, textoDoErro(canal, r), resto, lease);
        if (recusado)
          await concluirExclusao(recusado).catch((e: unknown) =>
            dep.log(`remoção do anúncio recusado ${canal} do veículo ${reg.veiculo_id}: ${e instanceof Error ? e.message : String(e)}`),
          );
        return 'falhou';
      }
      // The consult had no answer: the next round or click asks again, without the wait after a send (docs/publicacao.md).
      await repo.semResposta(db, a, chave, textoDoErro(canal, r), 0);
      return 'pendente';
    }
    if (!r.valor) {
      await repo.falhou(db, a, chave, M.naoChegou);
      return 'falhou';
    }
    if (r.valor.confirmacao === 'pendente') {
      await aguardar(a, chave, r.valor);
      return 'pendente';
    }
    await gravarAnuncio(a, chave, r.valor);
    return 'publicado';
  }

  /** Calls the channel for a send this request owns and records the answer (spec 3 §4; issue 12 item 5). */
  async function chamarCanal(
    a: Alvo,
    chave: string,
    v: VeiculoParaCanal,
    post: Record<string, unknown>,
    { ctx, sessao, vez }: DoCanal,
    aoPublicar?: AoPublicar,
  ) {
    let r: Resultado<AnuncioCanal>;
    const chamar = () => publicacaoDo(a.canal).enviar(ctx, sessao, v, post, { chave, veiculoId: v.id });
    try {
      // A bulk send waits for its turn at the channel (`vez`) inside the lease's heartbeat: its pendente stays held.
      r = await mantendoLease(a, chave, leaseEnvio(a.canal), () => (vez ? vez(chamar) : chamar()));
    } catch (e) {
      // We do not know whether the channel created the advert: pending, for the reconciliation to find out.
      await repo.semResposta(db, a, chave, e instanceof Error ? e.message : String(e));
      throw e;
    }
    if (!r.ok) {
      const texto = textoDoErro(a.canal, r);
      if (r.erro.tipo === 'transient') {
        await repo.semResposta(db, a, chave, texto);
        throw new ErroHttp(502, M.naoConfirmado(ROTULO_CANAL[a.canal], r.erro.mensagem));
      }
      await repo.falhou(db, a, chave, texto);
      throw explicarErro(a.canal, r.erro);
    }
    if (r.valor.confirmacao === 'pendente') {
      await aguardar(a, chave, r.valor);
      return {
        ...r.valor.dados,
        estado: 'pendente' as const,
        id_anuncio: r.valor.idAnuncio,
        url_anuncio: r.valor.urlAnuncio ?? null,
        mensagem: M.naoConfirmado(ROTULO_CANAL[a.canal], 'aguardando a confirmação do canal'),
      };
    }
    const valor = r.valor;
    // The caller's own record of this outcome (a bulk item's) in the answer's statement: one commit for both.
    const gravado = aoPublicar
      ? await aoPublicar(a, chave, { idAnuncio: valor.idAnuncio, urlAnuncio: valor.urlAnuncio ?? null, dados: valor.dados ?? {} })
      : await gravarAnuncio(a, chave, valor);
    if (!gravado) throw new ErroHttp(409, M.emAndamento(ROTULO_CANAL[a.canal]));
    return respostaPublicado(gravado, a.canal);
  }

  /**
   * Takes a send or a change (`tomar`) only while the vehicle is not sold, in one transaction with the vehicle's row
   * read FOR SHARE (the sale locks it FOR UPDATE): once a sale commits no new lease is taken on its adverts, so the
   * sale's removal, which waits for the leases taken before it, never races a send or a change.
   */
  const seNaoVendido = <T>(idVeiculo: string, mensagem: string, tomar: (tx: Executor) => Promise<T>) =>
    db.transaction(async (tx) => {
      if (await repo.vendidoComTrava(tx, idVeiculo)) throw new ErroHttp(422, mensagem);
      return tomar(tx);
    });

  /**
   * A change of a published advert under its lease (spec 3's Alterar and the sync, issue 24): the lease is taken in its
   * own statement (vehicle not sold) BEFORE the channel is called, kept alive during the call, and the answer recorded
   * onto that change only. `ocupado`: another operation holds the advert (or it is gone); `tomado`: our lease ran out
   * and someone took the advert over before the answer was recorded. Unknown outcome → desatualizado with `incerta`'s
   * text; refusal → as it was, with the channel's reason.
   */
  async function mudarComLease(
    m: {
      a: Alvo;
      v: VeiculoParaCanal;
      lidoEm: Date;
      idAnuncio: string;
      post: Record<string, unknown>;
      vendido: string;
      /** The sync's update (issue 24): recorded as such, so that an unknown outcome may be sent again. */
      sincronizacao?: boolean;
      /** Who asked (the history's "who"); none: automatic. */
      usuarioId?: string | null;
      incerta?: (detalhe?: string) => string;
    },
    chamada: () => Promise<Resultado<AnuncioCanal>>,
  ) {
    const { a } = m;
    const rotulo = ROTULO_CANAL[a.canal];
    const incerta = m.incerta ?? ((d?: string) => M.alteracaoNaoConfirmada(rotulo, d));
    const chave = randomUUID();
    const tomado = await seNaoVendido(m.v.id, m.vendido, (tx) =>
      repo.tomarAlteracao(tx, {
        ...a,
        idAnuncio: m.idAnuncio,
        chave,
        envio: m.post,
        leaseSegundos: lease,
        sincronizacao: m.sincronizacao ?? false,
        usuarioId: m.usuarioId ?? null,
      }),
    );
    if (!tomado) return { desfecho: 'ocupado' as const };
    let r: Resultado<AnuncioCanal>;
    try {
      r = await mantendoLease(a, chave, lease, chamada);
    } catch (e) {
      await repo.alteracaoNaoFeita(db, a, chave, incerta(e instanceof Error ? e.message : undefined), true);
      throw e;
    }
    if (!r.ok) {
      if (r.erro.tipo === 'transient') {
        const texto = incerta(r.erro.mensagem);
        await repo.alteracaoNaoFeita(db, a, chave, texto, true);
        return { desfecho: 'incerto' as const, texto };
      }
      const texto = textoDoErro(a.canal, r);
      await repo.alteracaoNaoFeita(db, a, chave, texto, false);
      return { desfecho: 'recusado' as const, texto, erro: r.erro };
    }
    const gravado = await repo.alterado(db, a, chave, m.lidoEm, {
      ...(r.valor.urlAnuncio ? { urlAnuncio: r.valor.urlAnuncio } : {}),
      ...(r.valor.dados ? { dados: r.valor.dados } : {}),
    });
    if (!gravado) return { desfecho: 'tomado' as const };
    return { desfecho: 'feito' as const, r: r.valor, gravado };
  }

  /** Removes an advert at the channel with the reseller's session (Excluir, and the sale's removals). */
  async function excluirNoCanal(canal: CanalId, idRevenda: string, idAnuncio: string) {
    const { ctx, sessao } = await sessaoDe(canal, idRevenda);
    return publicacaoDo(canal).excluir(ctx, sessao, idAnuncio);
  }

  /**
   * Takes the removal of a published advert (`operacao` 'excluir', its own statement, BEFORE the channel is called).
   * Excluir and a sale's removal both go through it, so only one of them calls the channel. `null`: something else
   * holds the advert (a change, another removal) or it is gone.
   */
  const tomarExclusao = (a: Alvo, idAnuncio: string, usuarioId: string | null = null) =>
    repo.tomarExclusao(db, { ...a, idAnuncio, chave: randomUUID(), leaseSegundos: lease, usuarioId });

  /**
   * Calls the channel for a removal this caller holds (`reg`, with its key) and records the outcome onto it only:
   * removed (or already) → the advert is forgotten (a failed send keeps only its reason); refused → the advert is
   * free again with the reason; no answer → the lease ends now and the reconciliation asks again (a removal repeated
   * is answered "already removed", spec 3 §4). The advert's end and the sale's removal of it (when the vehicle
   * was sold: removido, with Instagram's manual note) are written in one transaction, whoever finishes the removal
   * (Excluir, the sale's job, the reconciliation), so a crash between them cannot leave one without the other and
   * the note never depends on who got there first. Answers the channel's result.
   */
  async function concluirExclusao(reg: AnuncioRegistro) {
    const canal = reg.canal as CanalId;
    const a = { veiculoId: reg.veiculo_id, canal };
    const chave = reg.chave ?? '';
    let r: Awaited<ReturnType<typeof excluirNoCanal>>;
    try {
      r = await mantendoLease(a, chave, lease, () => excluirNoCanal(canal, reg.revenda_id, reg.id_anuncio ?? ''));
    } catch (e) {
      // The integration is inactive or gone (422): nothing was called; the advert stays as it was.
      if (e instanceof ErroHttp) await repo.exclusaoNaoFeita(db, a, chave, motivoDaFalha(reg, e.message));
      else await repo.exclusaoAdiada(db, a, chave);
      throw e;
    }
    if (r.ok) {
      const valor = r.valor;
      await db.transaction(async (tx) => {
        // Only the removal that still holds the key ends it (a takeover writes its own end).
        if (await repo.excluido(tx, a, chave))
          await vendasRepository.anuncioRetirado(tx, a, { idAnuncio: reg.id_anuncio, manual: valor === 'manual' });
      });
    } else if (r.erro.tipo === 'transient') await repo.exclusaoAdiada(db, a, chave);
    else await repo.exclusaoNaoFeita(db, a, chave, motivoDaFalha(reg, textoDoErro(canal, r)));
    return r;
  }

  /** Why a removal did not happen, as the vehicle view shows it under the advert (or under the failed send). */
  const motivoDaFalha = (reg: AnuncioRegistro, motivo: string) =>
    reg.estado === 'falhou'
      ? `${reg.ultimo_erro ?? ''} ${M.recusadoNaoRemovido(ROTULO_CANAL[reg.canal as CanalId], motivo)}`.trim()
      : `${M.erroExcluir} ${motivo}`;

  return {
    /** The access check's reseller of a vehicle (remembered: it never changes). */
    async revendaDoVeiculo(idVeiculo: string) {
      const lembrada = revendaDe.get(idVeiculo);
      if (lembrada) return lembrada;
      const r = await repo.revendaDoVeiculo(db, idVeiculo);
      if (r) lembrarRevenda(idVeiculo, r);
      return r;
    },

    /**
     * What a route's access check reads when its handler reads the vehicle anyway (incluir, cascades): one statement
     * for both, handed to the handler (`lido`).
     */
    lerVeiculo: (canal: CanalId, idVeiculo: string) => repo.veiculo(db, idVeiculo, { canal }),

    /** `incluir` / `alterar-get`: the vehicle ("Dados Intermédio") and the channel's prefilled draft and lists. */
    async rascunho(canal: CanalId, idVeiculo: string, idAnuncio?: string, lido?: Promise<VeiculoCarregado | undefined>) {
      const c = await lerVeiculo(canal, idVeiculo, lido);
      // What enviar / alterar would refuse is refused at load, in the screen's red alert, before the form is filled.
      if (!idAnuncio && c.v.veremovido === 1) throw new ErroHttp(422, M.veiculoRemovido);
      if (c.v.vevendido === 1) throw new ErroHttp(422, idAnuncio ? M.alteracaoVendido : M.veiculoVendido);
      const v = paraCanal(c, dep.publicUrl, dep.assinarArquivo);
      const { ctx, sessao } = sessaoDaIntegracao(canal, v.revendaId, dep.integracoes.paraPublicarDe(canal, c.integracao));
      const r = exigir(canal, await publicacaoDo(canal).rascunho(ctx, sessao, v, idAnuncio));
      return { veiculo: dadosIntermedio(v), ...(r as Record<string, unknown>) };
    },

    /**
     * Bulk publish (issue 24 item 3): the post the Incluir screen would send for this vehicle, built from its draft and
     * the reseller's "Padrões de publicação" by the channel's `postPadrao`, then checked by the same schema as `enviar`.
     * `revisao`: what still needs the vehicle's Incluir screen; such a vehicle is never sent with a guessed value.
     * A bulk run passes `padroesLidos`, its cache of the defaults per reseller × channel (read once per run, not per
     * vehicle), `lido`, the vehicle as its claim's transaction read it, and `listasDaRodada`, its memo of the reseller's
     * own lists at the channel (Webmotors' modalities, Na Pista's plan: once per run and reseller, not per vehicle).
     */
    async postEmLote(
      canal: CanalId,
      idVeiculo: string,
      op: {
        padroesLidos?: Map<string, Promise<PadroesPublicacao | null>>;
        lido?: Promise<VeiculoCarregado | undefined>;
        /** The run's memo of each reseller × channel's own lists at the channel (`ContextoCanal.daRodada`). */
        listasDaRodada?: Map<string, Map<string, Promise<unknown>>>;
      } = {},
    ): Promise<{ post: Record<string, unknown>; preparado: VeiculoPreparado } | { revisao: string[] }> {
      const { padroesLidos } = op;
      const p = publicacaoDo(canal);
      if (!p.postPadrao) return { revisao: [M.semPublicacaoEmLote(ROTULO_CANAL[canal])] };
      const c = await lerVeiculo(canal, idVeiculo, op.lido);
      if (c.v.veremovido === 1) throw new ErroHttp(422, M.veiculoRemovido);
      if (c.v.vevendido === 1) throw new ErroHttp(422, M.veiculoVendido);
      const v = paraCanal(c, dep.publicUrl, dep.assinarArquivo);
      const { ctx, sessao } = sessaoDaIntegracao(canal, v.revendaId, dep.integracoes.paraPublicarDe(canal, c.integracao));
      const chavePadroes = `${v.revendaId}:${canal}`;
      if (op.listasDaRodada) {
        const memo = op.listasDaRodada.get(chavePadroes) ?? new Map<string, Promise<unknown>>();
        op.listasDaRodada.set(chavePadroes, memo);
        ctx.daRodada = memo;
      }
      const rascunho = exigir(canal, await p.rascunho(ctx, sessao, v));
      let lidos = padroesLidos?.get(chavePadroes);
      if (!lidos) {
        lidos = padroesRepository.buscar(db, v.revendaId, canal);
        padroesLidos?.set(chavePadroes, lidos);
        // A failed read is not kept: the next vehicle reads again.
        lidos.catch(() => padroesLidos?.delete(chavePadroes));
      }
      const padroes: PadroesPublicacao = (await lidos) ?? {};
      const r = p.postPadrao(rascunho, v, padroes);
      if ('revisao' in r) return r;
      const conferido = ESQUEMAS_PUBLICACAO[canal]?.post.safeParse(r.post);
      if (conferido && !conferido.success)
        return { revisao: [...new Set(conferido.error.issues.map((i) => i.path.join('.') || i.message))] };
      return { post: r.post as Record<string, unknown>, preparado: { v, doCanal: { ctx, sessao } } };
    },

    async modelos(canal: CanalId, idVeiculo: string, marca: string) {
      const p = publicacaoDo(canal);
      if (!p.modelos) throw new ErroHttp(404, M.semPublicacao(ROTULO_CANAL[canal]));
      const { c, v } = await carregar(canal, idVeiculo);
      const { ctx, sessao } = sessaoDaIntegracao(canal, v.revendaId, dep.integracoes.paraPublicarDe(canal, c.integracao));
      return ordenarOpcoes(exigir(canal, await p.modelos(ctx, sessao, v, marca)));
    },

    async versoes(canal: CanalId, idVeiculo: string, marca: string, modelo: string) {
      const p = publicacaoDo(canal);
      if (!p.versoes) throw new ErroHttp(404, M.semPublicacao(ROTULO_CANAL[canal]));
      const { c, v } = await carregar(canal, idVeiculo);
      const { ctx, sessao } = sessaoDaIntegracao(canal, v.revendaId, dep.integracoes.paraPublicarDe(canal, c.integracao));
      return ordenarOpcoes(exigir(canal, await p.versoes(ctx, sessao, v, marca, modelo)));
    },

    /**
     * `enviar`: records the send (pendente, new idempotency key, lease) in its own statement BEFORE calling the
     * channel. A send already pending answers 409 without calling the channel; one whose owner died is first
     * resolved by asking the channel (and sent again only when nothing arrived). `preparado`: the vehicle and session
     * the caller built from its own read just before (a bulk item), so the send's transaction locks and re-checks
     * only removed / sold instead of reading, converting and decrypting everything again.
     */
    async enviar(
      canal: CanalId,
      idVeiculo: string,
      post: Record<string, unknown>,
      usuarioId: string | null = null,
      aoPublicar?: AoPublicar,
      preparado?: VeiculoPreparado,
    ) {
      const a = { veiculoId: idVeiculo, canal };
      const rotulo = ROTULO_CANAL[canal];
      // The vehicle (read FOR SHARE: a sale locks it FOR UPDATE, docs/publicacao.md §7), its photos and the channel's
      // integration are read in the send's own transaction, which then records it as pendente: one transaction,
      // committed before the channel is called. Removed, sold or an inactive integration refuse with nothing recorded.
      const lerComTrava = async (tx: Executor): Promise<VeiculoPreparado> => {
        const c = await repo.veiculo(tx, idVeiculo, { canal, trava: true });
        if (!c) throw naoEncontrado(M.veiculoNaoEncontrado);
        if (c.v.veremovido === 1) throw new ErroHttp(422, M.veiculoRemovido);
        if (c.v.vevendido === 1) throw new ErroHttp(422, M.veiculoVendido);
        lembrarRevenda(c.v.id, c.v.revenda_id);
        const v = paraCanal(c, dep.publicUrl, dep.assinarArquivo);
        return { v, doCanal: sessaoDaIntegracao(canal, v.revendaId, dep.integracoes.paraPublicarDe(canal, c.integracao)) };
      };
      // With the vehicle read just before (`preparado`): the lock, the re-check of removed / sold and the pendente are
      // one statement (committed before the channel is called, as the transaction below), shared with the other bulk
      // sends in flight (`tomarEmGrupo`); why nothing was taken is read only then.
      const tomarPreparado = async (p: VeiculoPreparado) => {
        const r = await tomarEmGrupo({
          ...a,
          revendaId: p.v.revendaId,
          chave: randomUUID(),
          envio: post,
          leaseSegundos: leaseEnvio(canal),
          usuarioId,
        });
        if (!r) {
          const s = await repo.situacao(db, idVeiculo);
          if (!s) throw naoEncontrado(M.veiculoNaoEncontrado);
          if (s.veremovido === 1) throw new ErroHttp(422, M.veiculoRemovido);
          if (s.vevendido === 1) throw new ErroHttp(422, M.veiculoVendido);
        }
        return { r, ...p };
      };
      const tomar = () =>
        preparado
          ? tomarPreparado(preparado)
          : db.transaction(async (tx) => {
              const { v, doCanal } = await lerComTrava(tx);
              const r = await repo.tomar(tx, {
                ...a,
                revendaId: v.revendaId,
                chave: randomUUID(),
                envio: post,
                leaseSegundos: leaseEnvio(canal),
                usuarioId,
              });
              return { r, v, doCanal };
            });
      const tomado = await tomar();
      if (tomado.r?.chave) return chamarCanal(a, tomado.r.chave, tomado.v, post, tomado.doCanal, aoPublicar);

      const atual = await repo.buscar(db, a);
      if (atual?.estado === 'publicado') throw new ErroHttp(409, M.jaPublicado(rotulo));
      if (atual?.operacao === 'excluir') throw new ErroHttp(409, M.exclusaoEmAndamento(rotulo));
      const chave = atual?.chave ?? '';
      const retomado = atual ? await repo.reivindicar(db, a, chave, lease) : null;
      if (!retomado) throw new ErroHttp(409, M.emAndamento(rotulo));
      // A send left pending (its request died or timed out): did it reach the channel?
      const desfecho = await resolver(retomado);
      if (desfecho === 'publicado') {
        const reg = await repo.buscar(db, a);
        if (reg) return respostaPublicado(reg, canal);
      }
      // A send the channel took and confirms later (OLX import) is still in progress, not unanswered.
      if (desfecho === 'pendente' && retomado.id_anuncio) throw new ErroHttp(409, M.emAndamento(rotulo));
      if (desfecho === 'pendente') throw new ErroHttp(502, M.naoConfirmado(rotulo, 'o canal não respondeu à verificação'));
      // Nothing arrived: this request sends it again, under a fresh key.
      const novo = await tomar();
      if (!novo.r?.chave) throw new ErroHttp(409, M.emAndamento(rotulo));
      return chamarCanal(a, novo.r.chave, novo.v, post, novo.doCanal, aoPublicar);
    },

    /**
     * `alterar` (channels with a change call): takes the change's lease on the published advert (its own statement,
     * committed BEFORE the channel is called), sends it and records the answer onto that change only. A second
     * click while one is in flight answers 409 without calling the channel. A change is a full replacement of the
     * advert (Autoscar PUT, Webmotors AlterarCarro, which also replaces the photos): repeating it alone leaves the
     * channel as one did, but two at once interleave, hence the lease. When the answer is unknown (time-out, crash)
     * nothing re-sends it automatically: the advert is marked desatualizado with the reason, for the reseller to
     * send the change again (docs/publicacao.md §3).
     */
    async alterar(canal: CanalId, idVeiculo: string, idAnuncio: string, post: Record<string, unknown>, usuarioId: string | null = null) {
      const p = publicacaoDo(canal);
      const rotulo = ROTULO_CANAL[canal];
      const alterarNoCanal = p.alterar;
      if (!alterarNoCanal) throw new ErroHttp(404, M.semPublicacao(rotulo));
      const { c, v } = await carregar(canal, idVeiculo);
      const a = { veiculoId: v.id, canal };
      const reg = await repo.buscar(db, a);
      if (reg?.estado !== 'publicado' || reg.id_anuncio !== idAnuncio) throw naoEncontrado(M.anuncioNaoEncontrado);
      // An inactive integration refuses before anything is recorded.
      const { ctx, sessao } = sessaoDaIntegracao(canal, v.revendaId, dep.integracoes.paraPublicarDe(canal, c.integracao));

      const m = await mudarComLease({ a, v, lidoEm: c.v.updated_at, idAnuncio, post, vendido: M.alteracaoVendido, usuarioId }, () =>
        alterarNoCanal(ctx, sessao, v, idAnuncio, post),
      );
      if (m.desfecho === 'ocupado') {
        const atual = await repo.buscar(db, a);
        if (atual?.estado === 'publicado' && atual.id_anuncio === idAnuncio)
          throw new ErroHttp(409, atual.operacao === 'excluir' ? M.exclusaoEmAndamento(rotulo) : M.alteracaoEmAndamento(rotulo));
        throw naoEncontrado(M.anuncioNaoEncontrado); // removed meanwhile
      }
      if (m.desfecho === 'incerto') throw new ErroHttp(502, m.texto);
      if (m.desfecho === 'recusado') throw explicarErro(canal, m.erro);
      // Our lease ran out and the change was taken over (reconciled or sent again) before this answer was recorded.
      if (m.desfecho === 'tomado') throw new ErroHttp(409, M.alteracaoEmAndamento(rotulo));
      const { r, gravado } = m;
      return {
        ...r.dados,
        estado: 'publicado' as const,
        id_anuncio: idAnuncio,
        url_anuncio: gravado.url_anuncio,
        mensagem: `Anúncio alterado em ${rotulo}.`,
      };
    },

    /**
     * Sync (issue 24 item 1): one durable update of a published, desatualizado advert to the vehicle's current data,
     * through the channel's own edit operation (`postAtualizado` on the stored post, then `atualizar`), under the same
     * lease as Alterar. `atual`: nothing to do (not published, up to date, sold or removed); `sem`: the channel cannot
     * edit; `ocupado`: another operation holds the advert (it loops itself); `atualizado` with `desatualizado` true
     * when the vehicle was saved during the call. Unlike Alterar, an unknown outcome may be sent again by the next
     * round: an update is a full replacement built from the vehicle as it is then, on the same advert id.
     */
    /** `usuarioId`: who asked (a bulk "Atualizar anúncios"); none for the automatic sync after a save. */
    async atualizarAnuncio(
      canal: CanalId,
      idVeiculo: string,
      lido?: Promise<VeiculoCarregado | undefined>,
      usuarioId: string | null = null,
    ) {
      const p = publicacaoDo(canal);
      // The vehicle with the reseller's integration of the channel, one statement (or what a bulk item's claim read).
      const c = await (lido ?? repo.veiculo(db, idVeiculo, { canal }));
      if (!c || c.v.vevendido === 1 || c.v.veremovido === 1) return { desfecho: 'atual' as const };
      const a = { veiculoId: idVeiculo, canal };
      const reg = await repo.buscar(db, a);
      if (reg?.estado !== 'publicado' || !reg.desatualizado || !reg.id_anuncio) return { desfecho: 'atual' as const };
      const atualizarNoCanal = p.atualizar;
      if (!atualizarNoCanal || !p.postAtualizado) return { desfecho: 'sem' as const };
      const v = paraCanal(c, dep.publicUrl, dep.assinarArquivo);
      const { ctx, sessao } = sessaoDaIntegracao(canal, v.revendaId, dep.integracoes.paraPublicarDe(canal, c.integracao));
      const idAnuncio = reg.id_anuncio;
      const post = p.postAtualizado(v, reg.envio ?? {}) as Record<string, unknown>;
      const rotulo = ROTULO_CANAL[canal];
      try {
        const m = await mudarComLease(
          {
            a,
            v,
            lidoEm: c.v.updated_at,
            idAnuncio,
            post,
            vendido: MS.vendido,
            sincronizacao: true,
            incerta: (d) => MS.naoConfirmada(rotulo, d),
            usuarioId,
          },
          () => atualizarNoCanal(ctx, sessao, v, idAnuncio, post),
        );
        if (m.desfecho === 'feito') return { desfecho: 'atualizado' as const, desatualizado: m.gravado.desatualizado };
        return m.desfecho === 'tomado' ? { desfecho: 'ocupado' as const } : m;
      } catch (e) {
        if (e instanceof ErroHttp && e.statusCode === 422) return { desfecho: 'atual' as const }; // sold meanwhile
        throw e;
      }
    },

    /**
     * "Publicar de novo" (issue 24 item 1) for a channel that cannot edit its advert (Instagram): the stored post is
     * published again in one click. Excluir's lease first (`tomarExclusao`: no send, change or removal meanwhile), the
     * removal at the channel (Instagram answers `manual`: the old post stays there, to be removed in the app), then in
     * ONE statement the removal ends and the same row becomes the new send under enviar's lease (`republicar`), then
     * the channel's `enviar`. A crash before that statement: the reconciliation finishes the removal (the advert is
     * gone, "Não publicado"); after it: a pending send, resolved by the reconciliation (`consultar`). Never two sends.
     */
    async publicarDeNovo(canal: CanalId, idVeiculo: string, usuarioId: string | null = null) {
      const p = publicacaoDo(canal);
      const rotulo = ROTULO_CANAL[canal];
      if (p.atualizar) throw new ErroHttp(422, MS.atualizavel(rotulo));
      const { c, v } = await carregar(canal, idVeiculo);
      const a = { veiculoId: v.id, canal };
      const reg = await repo.buscar(db, a);
      if (reg?.estado === 'pendente') throw new ErroHttp(409, M.emAndamento(rotulo)); // a second click: already sending
      if (reg?.estado !== 'publicado' || !reg.id_anuncio || !reg.envio) throw naoEncontrado(M.anuncioNaoEncontrado);
      if (c.v.vevendido === 1) throw new ErroHttp(422, M.veiculoVendido);
      const doCanal = await sessaoDe(canal, v.revendaId); // an inactive integration refuses before anything is taken
      const post = reg.envio;
      const tomado = await tomarExclusao(a, reg.id_anuncio, usuarioId);
      if (!tomado) throw new ErroHttp(409, reg.operacao === 'alterar' ? M.alteracaoEmAndamento(rotulo) : M.exclusaoEmAndamento(rotulo));
      const chaveExclusao = tomado.chave ?? '';
      let r: Awaited<ReturnType<typeof excluirNoCanal>>;
      try {
        r = await mantendoLease(a, chaveExclusao, lease, () => excluirNoCanal(canal, v.revendaId, reg.id_anuncio ?? ''));
      } catch (e) {
        await repo.exclusaoAdiada(db, a, chaveExclusao);
        throw e;
      }
      if (!r.ok) {
        if (r.erro.tipo === 'transient') await repo.exclusaoAdiada(db, a, chaveExclusao);
        else await repo.exclusaoNaoFeita(db, a, chaveExclusao, `${M.erroExcluir} ${textoDoErro(canal, r)}`);
        throw new ErroHttp(explicarErro(canal, r.erro).statusCode, `${M.erroExcluir} ${explicarErro(canal, r.erro).message}`);
      }
      const chave = randomUUID();
      const novo = await seNaoVendido(v.id, M.veiculoVendido, (tx) =>
        repo.republicar(tx, a, chaveExclusao, { chave, envio: post, leaseSegundos: leaseEnvio(canal), usuarioId }),
      );
      if (!novo) throw new ErroHttp(409, M.emAndamento(rotulo));
      const resposta = await chamarCanal(a, chave, v, post, doCanal);
      return r.valor === 'manual' ? { ...resposta, mensagem: `${resposta.mensagem} ${MS.antigaNoAplicativo(rotulo)}` } : resposta;
    },

    /**
     * `excluir`: takes the advert's removal (a lease, like a send or a change) BEFORE calling the channel, so a second
     * click or the sale's removal of the same advert never calls the channel again meanwhile (409, or the advert is
     * found already removed). "Already removed" counts as removed; the record is deleted (spec 3 §4).
     */
    async excluir(
      canal: CanalId,
      idVeiculo: string,
      idAnuncio?: string,
      usuarioId: string | null = null,
      lido?: Promise<VeiculoCarregado | undefined>,
    ) {
      const { c, v } = await carregar(canal, idVeiculo, lido);
      const a = { veiculoId: v.id, canal };
      const rotulo = ROTULO_CANAL[canal];
      const reg = await repo.buscar(db, a);
      if (reg?.estado === 'pendente') throw new ErroHttp(409, M.emAndamento(rotulo));
      if (reg?.estado !== 'publicado' || !reg.id_anuncio || (idAnuncio && idAnuncio !== reg.id_anuncio))
        throw naoEncontrado(M.anuncioNaoEncontrado);
      // An inactive integration refuses before anything is taken.
      sessaoDaIntegracao(canal, v.revendaId, dep.integracoes.paraPublicarDe(canal, c.integracao));
      const tomado = await tomarExclusao(a, reg.id_anuncio, usuarioId);
      if (!tomado) {
        const atual = await repo.buscar(db, a);
        // Removed meanwhile (the sale's removal, another click): nothing left to call the channel for.
        if (!atual) return { mensagem: M.excluido, ja_removido: true };
        if (atual.estado === 'publicado' && atual.id_anuncio === reg.id_anuncio)
          throw new ErroHttp(409, atual.operacao === 'excluir' ? M.exclusaoEmAndamento(rotulo) : M.alteracaoEmAndamento(rotulo));
        throw naoEncontrado(M.anuncioNaoEncontrado);
      }
      const r = await concluirExclusao(tomado);
      if (!r.ok) throw new ErroHttp(explicarErro(canal, r.erro).statusCode, `${M.erroExcluir} ${explicarErro(canal, r.erro).message}`);
      return {
        mensagem: r.valor === 'manual' ? M.excluidoManual(rotulo) : M.excluido,
        ja_removido: r.valor === 'jaRemovido',
      };
    },

    // The sale's removals (modules/vendas): only through the removal lease, never a bare call to the channel.
    tomarExclusao,
    concluirExclusao,

    /**
     * The reconciliation (background job, at start and every minute): each removal at a channel and each pending send
     * whose lease ran out is claimed (one instance each), the removal finished and the send resolved by asking the
     * channel; each change (alterar) whose request died is marked unconfirmed, without calling the channel.
     */
    async reconciliar(limite = 50) {
      const contagem = { publicado: 0, falhou: 0, pendente: 0, alteracoes: 0, exclusoes: 0 };
      // Removals whose request died or had no answer (Excluir, a sale's removal, a blocked deal): finished, since a
      // removal repeated is answered "already removed" (the state is never left unknown). First, so that a removal
      // started by this very round (a deal found blocked below) is not repeated before the next one.
      for (const p of await repo.exclusoesVencidas(db, limite)) {
        const reg = await repo.reivindicarExclusao(db, { veiculoId: p.veiculo_id, canal: p.canal }, p.chave ?? '', lease);
        if (!reg) continue;
        try {
          const r = await concluirExclusao(reg);
          if (r.ok) contagem.exclusoes++;
        } catch (e) {
          dep.log(`exclusão ${p.canal} do veículo ${p.veiculo_id}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      for (const p of await repo.pendentesVencidos(db, limite)) {
        const reg = await repo.reivindicar(db, { veiculoId: p.veiculo_id, canal: p.canal }, p.chave ?? '', lease);
        if (!reg) continue;
        try {
          contagem[await resolver(reg)]++;
        } catch (e) {
          contagem.pendente++;
          dep.log(`publicação ${p.canal} do veículo ${p.veiculo_id}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      // Changes whose request died: nothing is re-sent (the reseller decides); the advert is marked desatualizado.
      for (const p of await repo.alteracoesVencidas(db, limite)) {
        const canal = p.canal as CanalId;
        const a = { veiculoId: p.veiculo_id, canal };
        if (await repo.alteracaoNaoFeita(db, a, p.chave ?? '', M.alteracaoInterrompida(ROTULO_CANAL[canal]), true, true))
          contagem.alteracoes++;
      }
      return contagem;
    },
  };
}
export type PublicacaoVeiculoService = ReturnType<typeof criarPublicacaoVeiculoService>;
