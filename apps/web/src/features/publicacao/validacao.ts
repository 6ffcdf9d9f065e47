import type { z } from 'zod';

/** A channel list as Mantine select data. */
export const comoDados = (lista: readonly { id: string; nome: string }[]) => lista.map((o) => ({ value: o.id, label: o.nome }));

/** The messages of a refused submit (Olx and Mercado Livre show them one per line): the schema's for these values, each once, in the schema's (the spec's) order. */
export function mensagensDoEsquema(esquema: z.ZodType, valores: unknown): string[] {
  const r = esquema.safeParse(valores);
  return r.success ? [] : [...new Set(r.error.issues.map((i) => i.message))];
}
