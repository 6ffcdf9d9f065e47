/**
 * Group commit: calls made while a write is running are written together by the next one, in ONE statement (at most
 * `maximo` at a time), so N calls in flight pay one round trip instead of N. A batch starts on the next turn of the
 * event loop (`setImmediate`), not with the first call alone: on PGlite the write runs on this thread, so the calls
 * already made in this turn (one I/O callback each) would otherwise wait for a write of one (bench/leads-webhook.ts,
 * bench/publicar-lote.ts). `gravar` answers one result per item, in order.
 *
 * A failed write rejects every call of its batch; with `umPorUm` it is first tried again one call at a time, so one
 * entry that breaks the statement (a row two entries touch, a deadlock) fails only its own call.
 */
export function emGrupo<T, R>(gravar: (itens: T[]) => Promise<R[]>, op: { maximo?: number; umPorUm?: boolean } = {}) {
  const maximo = op.maximo ?? 200;
  const fila: { item: T; ok: (r: R) => void; erro: (e: unknown) => void }[] = [];
  let gravando = false;
  let marcado = false;
  const umAUm = async (vez: typeof fila) => {
    for (const v of vez) {
      try {
        const [r] = await gravar([v.item]);
        v.ok(r as R);
      } catch (e) {
        v.erro(e);
      }
    }
  };
  const esvaziar = async () => {
    marcado = false;
    if (gravando) return;
    gravando = true;
    try {
      while (fila.length) {
        const vez = fila.splice(0, maximo);
        try {
          const rs = await gravar(vez.map((v) => v.item));
          for (const [i, v] of vez.entries()) v.ok(rs[i] as R);
        } catch (e) {
          if (op.umPorUm && vez.length > 1) await umAUm(vez);
          else for (const v of vez) v.erro(e);
        }
        // Calls made during this write are taken on the next turn, with those arriving meanwhile.
        if (fila.length) await new Promise((ok) => setImmediate(ok));
      }
    } finally {
      gravando = false;
    }
  };
  return (item: T) =>
    new Promise<R>((ok, erro) => {
      fila.push({ item, ok, erro });
      if (gravando || marcado) return;
      marcado = true;
      setImmediate(() => void esvaziar());
    });
}
