import { randomUUID } from 'node:crypto';
import { CANAIS, type CanalId, ROTULO_CANAL } from '@intermedio/contracts';
import { type ConfigCanais, contextoDoCanal } from '../../canais/config.ts';
import { canal as adaptador } from '../../canais/registro.ts';
import type { Db } from '../../db/cliente.ts';
import type { Cofre } from '../../seguranca/cripto.ts';
import { ehRecusa, explicarErro } from './erros.ts';
import { integracoesRepository, type RegistroIntegracao } from './integracoes.repository.ts';

/** Channels whose tokens or hash expire and are renewed in the background (Mercado Livre, iCarros, Mobiauto, Webmotors). */
export const CANAIS_RENOVAVEIS: readonly CanalId[] = CANAIS.filter((c) => Boolean(adaptador(c).renovar));

/** Whether the stored secrets are still those the channel refused: the access token when there is one, else all. */
const aindaRecusados = (guardados: Record<string, string>, recusados: Record<string, string>) =>
  recusados.access_token !== undefined
    ? guardados.access_token === recusados.access_token
    : Object.keys(guardados).length === Object.keys(recusados).length && Object.entries(guardados).every(([k, v]) => recusados[k] === v);

/** A renewal the channel could not do now (outage, rate limit) is tried again this much later. */
const NOVA_TENTATIVA_MS = 5 * 60_000;

export type SituacaoRenovacao =
  /** This call renewed the tokens. */
  | 'renovado'
  /** Not due yet, or another instance / call renewed them meanwhile. */
  | 'em_dia'
  /** The channel refused: the integration is now inactive, with the reason in `ultimo_erro`. */
  | 'recusado'
  /** The channel did not answer: kept active, tried again later. */
  | 'adiado'
  /** No active record of a renewable channel. */
  | 'ignorado';

export type DependenciasRenovacao = {
  db: Db;
  cofre: Cofre;
  canais: ConfigCanais;
  origemInterna: () => string;
  publicUrl: string;
  /** How long to wait between looks at a renewal held by someone else. */
  intervaloEsperaMs?: number;
};

/**
 * Token renewal. Single-use refresh tokens (Mercado Livre) must never be spent twice, even by two server
 * instances: a renewal first claims the record (conditional UPDATE, which takes the row lock), calls the channel
 * without holding a transaction, then stores the new pair and releases the claim in one UPDATE. A second
 * renewer finds the claim, waits for it to end and reads the stored result.
 */
export function criarRenovacaoService(dep: DependenciasRenovacao) {
  const { db, cofre } = dep;
  const duracaoReserva = () => Math.max(60_000, dep.canais.timeoutMs * 4);
  const segredosDe = (r: RegistroIntegracao): Record<string, string> =>
    r.segredos ? cofre.decifrar<Record<string, string>>(r.segredos) : {};

  async function esperarOutro(idRevenda: string, canal: CanalId): Promise<RegistroIntegracao | undefined> {
    const limite = Date.now() + duracaoReserva();
    for (;;) {
      const r = await integracoesRepository.buscar(db, idRevenda, canal);
      if (!r?.renovacao_ate || r.renovacao_ate.getTime() < Date.now() || Date.now() > limite) return r;
      await new Promise((ok) => setTimeout(ok, dep.intervaloEsperaMs ?? 100));
    }
  }

  /**
   * Renews one record when due (`forcar`: even if not due, e.g. after the channel refused the access token).
   * `recusados`: the secrets the channel refused. When the stored ones differ, another call renewed them after
   * they were read: 'em_dia', the channel is not asked again. Callable directly; the background job calls it for
   * every record due.
   */
  async function renovar(
    idRevenda: string,
    canal: CanalId,
    op: { forcar?: boolean; recusados?: Record<string, string> } = {},
  ): Promise<SituacaoRenovacao> {
    const a = adaptador(canal);
    if (!a.renovar) return 'ignorado';
    const dono = randomUUID();
    const reg = await integracoesRepository.reservarRenovacao(db, idRevenda, canal, dono, new Date(Date.now() + duracaoReserva()));
    if (!reg) {
      const atual = await esperarOutro(idRevenda, canal);
      return atual?.status ? 'em_dia' : 'ignorado';
    }
    const segredos = segredosDe(reg);
    const devida = op.forcar
      ? !op.recusados || aindaRecusados(segredos, op.recusados)
      : Boolean(reg.renovar_em && reg.renovar_em.getTime() <= Date.now());
    if (!devida) {
      await integracoesRepository.liberarRenovacao(db, idRevenda, canal, dono);
      return 'em_dia';
    }
    const ctx = contextoDoCanal(dep.canais, canal, dep.origemInterna(), dep.publicUrl);
    const r = await a.renovar(ctx, segredos, reg.config).catch((e: unknown) => ({
      ok: false as const,
      erro: { tipo: 'transient' as const, mensagem: (e as Error).message },
    }));
    if (r.ok) {
      const novos = { ...segredos, ...r.valor.segredos };
      await integracoesRepository.concluirRenovacao(db, idRevenda, canal, dono, {
        segredos: cofre.cifrar(novos),
        config: { ...reg.config, ...r.valor.dados },
        renovarEm: r.valor.renovarEm ?? null,
      });
      return 'renovado';
    }
    const recusa = ehRecusa(r.erro);
    const texto = recusa
      ? `${ROTULO_CANAL[canal]} recusou a renovação do acesso (${r.erro.mensagem}). Configure a integração de novo.`
      : explicarErro(canal, r.erro).message;
    await integracoesRepository.falharRenovacao(db, idRevenda, canal, dono, {
      erro: texto,
      ...(recusa ? { status: false, renovarEm: null } : { renovarEm: new Date(Date.now() + NOVA_TENTATIVA_MS) }),
    });
    return recusa ? 'recusado' : 'adiado';
  }

  /** Every active record whose renewal is due now (the background job), one after the other. */
  async function renovarDevidas(): Promise<Record<SituacaoRenovacao, number>> {
    const contagem: Record<SituacaoRenovacao, number> = { renovado: 0, em_dia: 0, recusado: 0, adiado: 0, ignorado: 0 };
    for (const d of await integracoesRepository.devidas(db, CANAIS_RENOVAVEIS, new Date())) {
      contagem[await renovar(d.idRevenda, d.canal as CanalId)]++;
    }
    return contagem;
  }

  return { renovar, renovarDevidas };
}
export type RenovacaoService = ReturnType<typeof criarRenovacaoService>;
