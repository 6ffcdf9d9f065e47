import { EventEmitter } from 'node:events';
import { type EventoMudanca, eventoMudanca } from '@intermedio/contracts';
import { z } from 'zod';
import type { Banco } from '../db/cliente.ts';
import { eventosRepository } from './eventos.repository.ts';

const INTERVALO_PODA_MS = 5 * 60_000;
const numerado = eventoMudanca.extend({ seq: z.number().int() });

/**
 * Change events of the database. They are produced by triggers (pg_notify) on every watched table, so
 * changes written by any process, on PGlite or on a real PostgreSQL server, reach every listener. Each
 * event carries `seq`, its number in the `eventos` log (the SSE event id).
 */
export class Barramento {
  readonly #emissor = new EventEmitter();
  #parar?: () => Promise<void>;
  #poda?: ReturnType<typeof setInterval>;
  #banco?: Banco;

  constructor() {
    this.#emissor.setMaxListeners(0);
  }

  async conectar(banco: Banco) {
    this.#banco = banco;
    this.#parar = await banco.escutar((payload) => {
      const r = numerado.safeParse(JSON.parse(payload));
      if (!r.success) return;
      const { seq, ...evento } = r.data;
      this.#emissor.emit('evento', evento, seq);
    });
    this.#poda = setInterval(() => void eventosRepository.podar(banco.db).catch(() => {}), INTERVALO_PODA_MS);
    this.#poda.unref();
  }

  assinar(cb: (e: EventoMudanca, seq: number) => void): () => void {
    this.#emissor.on('evento', cb);
    return () => this.#emissor.off('evento', cb);
  }

  /** Events after `seq` from the log, or null when they cannot all be replayed (the screen refetches). */
  async depoisDe(seq: number, limite: number) {
    if (!this.#banco) return null;
    return eventosRepository.depoisDe(this.#banco.db, seq, limite);
  }

  async ultimo() {
    return this.#banco ? eventosRepository.ultimo(this.#banco.db) : 0;
  }

  async fechar() {
    clearInterval(this.#poda);
    await this.#parar?.();
  }
}

const TABELAS_SO_ADMIN = new Set(['fipe_manual', 'usuarios_admin']);

/**
 * Admins see every change; other users see their own reseller's and the global catalogues'. A moderation entry of
 * their own reseller too (its id only, as every event): its validation shows on the vehicle's timeline
 * (`…/veiculos/:id/atividade`), which the reseller's screens refresh on it; the queues stay the admin's.
 */
export function podeVerEvento(usuario: { role: string; revenda_id: string | null }, e: EventoMudanca): boolean {
  if (usuario.role === 'admin') return true;
  if (TABELAS_SO_ADMIN.has(e.tabela)) return false;
  return e.revenda === null ? e.tabela === 'opcionais' || e.tabela === 'locais_anuncio' : e.revenda === usuario.revenda_id;
}
