import type { CanalId } from '@intermedio/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PublicacaoVeiculo } from '../../src/canais/publicacao.ts';
import { CANAIS_REGISTRADOS } from '../../src/canais/registro.ts';
import { veiculoIntegracoes, veiculoRemocoes } from '../../src/db/schema/index.ts';
import { type Ambiente, type Credencial, criarAmbiente, ouvir, semTarefasEmSegundoPlano } from './ambiente.ts';
import { chamarComo, VEICULO_EXEMPLO } from './veiculos.ts';

/**
 * Publishing through the API: the app listening with the channels' sandboxes (5 s channel limit), its caller, and
 * the managers of reseller A and B signed in.
 */
export async function ambienteDePublicacao() {
  const amb = await criarAmbiente({ CANAIS_TIMEOUT_MS: '5000' });
  const base = await ouvir(amb);
  const chamar = chamarComo(amb);
  const gestor = await amb.entrar('gestorA');
  const gestorB = await amb.entrar('gestorB');
  return { amb, base, chamar, gestor, gestorB };
}

/**
 * `ambienteDePublicacao` with Autoscar configured for reseller A (by an admin only, spec 1 §6) and no background job
 * rounds: the tests run each reconciliation or sale's removal themselves.
 */
export async function ambienteComAutoscar() {
  const r = await ambienteDePublicacao();
  await semTarefasEmSegundoPlano(r.amb);
  const admin = await r.amb.entrar('admin');
  const a = await r.chamar('PUT', `/api/revendas/${r.amb.ids.revendaA}/integracoes/autoscar`, admin, { status: true, id_autoscar: '123' });
  expect(a.statusCode, a.body).toBe(200);
  return r;
}

/** The send's record (vehicle × channel: estado, chave, id_anuncio…), as the publishing framework keeps it. */
export const registroDoEnvio = async (amb: Ambiente, idVeiculo: string, canal: string) =>
  (
    await amb.banco.db
      .select()
      .from(veiculoIntegracoes)
      .where(and(eq(veiculoIntegracoes.veiculo_id, idVeiculo), eq(veiculoIntegracoes.canal, canal)))
  )[0];

/** The sale's removal of the vehicle's advert on a channel (veiculo_remocoes: estado, ultimo_erro, id_anuncio…). */
export const remocaoDaVenda = async (amb: Ambiente, idVeiculo: string, canal: string) =>
  (
    await amb.banco.db
      .select()
      .from(veiculoRemocoes)
      .where(and(eq(veiculoRemocoes.veiculo_id, idVeiculo), eq(veiculoRemocoes.canal, canal)))
  )[0];

/** An advert as Autoscar's sandbox keeps it: the changes and the DELETEs that reached it, when it was removed. */
export type AnuncioNaSandboxAutoscar = {
  advId: string;
  description: string;
  alteracoes: number;
  exclusoes: number;
  removidoEm: string | null;
};
export const anuncioNaSandboxAutoscar = async (base: string, advId: string) =>
  ((await (await fetch(`${base}/sandbox/autoscar/_anuncios`)).json()) as { anuncios: AnuncioNaSandboxAutoscar[] }).anuncios.find(
    (a) => a.advId === advId,
  );

/**
 * Runs `acao` with the channel's `enviar` or `excluir` "dying" right after the channel answered, before the answer
 * is recorded (the request died, or the server).
 */
export async function comQuedaDepoisDoCanal<T>(canal: CanalId, chamada: 'enviar' | 'excluir', acao: () => Promise<T>): Promise<T> {
  const pub = CANAIS_REGISTRADOS[canal].publicacao;
  if (!pub) throw new Error(`${canal} sem publicação`);
  const original = pub[chamada] as (...args: unknown[]) => Promise<unknown>;
  const trocada = async (...args: unknown[]) => {
    await original(...args);
    throw new Error('queda simulada depois da resposta do canal');
  };
  Object.assign(pub, { [chamada]: trocada });
  try {
    return await acao();
  } finally {
    Object.assign(pub, { [chamada]: original });
  }
}

/**
 * The channel's `alterar` held right after the channel answered, before the server records it (as a process that
 * stalls or dies there): `chegou` resolves once the channel has the change; `soltar(erro?)` lets the call go on.
 */
export function suspenderAlterarDepoisDoCanal(canal: CanalId) {
  const pub: PublicacaoVeiculo | undefined = CANAIS_REGISTRADOS[canal].publicacao;
  if (!pub?.alterar) throw new Error(`${canal} sem alterar`);
  const original = pub.alterar;
  let avisar = () => {};
  let soltar: (erro?: Error) => void = () => {};
  const chegou = new Promise<void>((ok) => {
    avisar = ok;
  });
  const solto = new Promise<Error | undefined>((ok) => {
    soltar = ok;
  });
  pub.alterar = async (...args) => {
    const r = await original(...args);
    avisar();
    const erro = await solto;
    if (erro) throw erro;
    return r;
  };
  return { chegou, soltar, restaurar: () => (pub.alterar = original) };
}

/**
 * The channel's first `enviar` or `excluir` held just before its call reaches the channel (`antes`: a slow request or
 * channel) or right after the channel answered, before the server records it (`depois`: a process that stalls or
 * dies there). `chegou` resolves once it is held, `soltar()` lets it go on. Later calls (the ones a race would add)
 * pass through.
 */
export function suspenderNoCanal(canal: CanalId, chamada: 'enviar' | 'excluir', quando: 'antes' | 'depois') {
  const pub = CANAIS_REGISTRADOS[canal].publicacao as unknown as Record<typeof chamada, (...args: unknown[]) => Promise<unknown>>;
  if (!pub) throw new Error(`${canal} sem publicação`);
  const original = pub[chamada];
  let avisar = () => {};
  let soltar = () => {};
  const chegou = new Promise<void>((ok) => {
    avisar = ok;
  });
  const solto = new Promise<void>((ok) => {
    soltar = ok;
  });
  let primeira = true;
  pub[chamada] = async (...args) => {
    if (!primeira) return original(...args);
    primeira = false;
    const r = quando === 'depois' ? await original(...args) : null;
    avisar();
    await solto;
    return r ?? original(...args);
  };
  return { chegou, soltar, restaurar: () => (pub[chamada] = original) };
}

/** A car of reseller A published on Autoscar through the API: its id, the advert id and the post it was sent with. */
export type AnuncioAutoscar = { id: string; idAnuncio: string; post: object };

export async function publicarNaAutoscar(
  amb: Ambiente,
  chamar: ReturnType<typeof chamarComo>,
  gestor: Credencial | null,
  descricao: string,
): Promise<AnuncioAutoscar> {
  const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
  expect(v.statusCode, v.body).toBe(200);
  const id = v.json().data.id as string;
  const d = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id })).json().data;
  const post = { ...d.veiculoPost, description: descricao };
  const e = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: post });
  expect(e.statusCode, e.body).toBe(200);
  return { id, idAnuncio: e.json().data.id_anuncio as string, post };
}

/** Alterar of that advert with a new description. */
export const alterarNaAutoscar = (
  chamar: ReturnType<typeof chamarComo>,
  gestor: Credencial | null,
  p: AnuncioAutoscar,
  descricao: string,
) =>
  chamar('POST', '/api/integracao/autoscar/alterar', gestor, {
    id_veiculo: p.id,
    id_anuncio: p.idAnuncio,
    veiculo_post: { ...p.post, description: descricao },
  });
