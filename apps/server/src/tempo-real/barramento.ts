import { EventEmitter } from 'node:events';
import { type EventoMudanca, eventoMudanca } from '@intermedio/contracts';
import type { Banco } from '../db/cliente.ts';

/**
 * Change events of the database. They are produced by triggers (pg_notify) on every watched table, so
 * changes written by any process, on PGlite or on a real PostgreSQL server, reach every listener.
 */
export class Barramento {
  readonly #emissor = new EventEmitter();
  #parar?: () => Promise<void>;

  constructor() {
    this.#emissor.setMaxListeners(0);
  }

  async conectar(banco: Banco) {
    this.#parar = await banco.escutar((payload) => {
      const r = eventoMudanca.safeParse(JSON.parse(payload));
      if (r.success) this.#emissor.emit('evento', r.data);
    });
  }

  assinar(cb: (e: EventoMudanca) => void): () => void {
    this.#emissor.on('evento', cb);
    return () => this.#emissor.off('evento', cb);
  }

  async fechar() {
    await this.#parar?.();
  }
}

const TABELAS_SO_ADMIN = new Set(['moderacao', 'fipe_manual', 'usuarios_admin']);

/** Admins see every change; other users see their own reseller's and the global catalogues'. */
export function podeVerEvento(usuario: { role: string; revenda_id: string | null }, e: EventoMudanca): boolean {
  if (usuario.role === 'admin') return true;
  if (TABELAS_SO_ADMIN.has(e.tabela)) return false;
  return e.revenda === null ? e.tabela === 'opcionais' || e.tabela === 'locais_anuncio' : e.revenda === usuario.revenda_id;
}
