import type { FormErrors } from '@mantine/form';

/** A channel list as Mantine select data. */
export const comoDados = (lista: readonly { id: string; nome: string }[]) => lista.map((o) => ({ value: o.id, label: o.nome }));

/** The messages of a refused submit, each once, in the form's order (Olx and Mercado Livre show them one per line). */
export const mensagensDoForm = (erros: FormErrors) => [...new Set(Object.values(erros).filter(Boolean).map(String))];
