import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

/**
 * pg-boss on the embedded PGlite (not an official pg-boss backend, see docs/guide toolchain §11).
 * PGlite is one connection: calls are chained so pg-boss never interleaves its own statements. SQL without
 * parameters may hold several statements (pg-boss's schema install, its `BEGIN; … COMMIT;` blocks): those go to
 * `exec`, the rest to `query`. PGlite itself queues them behind any open transaction of the application.
 */
export function adaptadorPglite(cliente: PGlite): PgBoss.Db {
  let fila: Promise<unknown> = Promise.resolve();
  return {
    executeSql(texto: string, valores?: unknown[]) {
      const vez = fila.then(async () => {
        if (valores?.length) return cliente.query(texto, valores);
        const resultados = await cliente.exec(texto);
        return { rows: resultados.at(-1)?.rows ?? [] };
      });
      fila = vez.catch(() => {});
      return vez as Promise<{ rows: never[] }>;
    },
  };
}
