import type { CanalId, TipoErroCanal } from '@intermedio/contracts';

/** What a channel can do. Optional abilities are declared here, never stubbed. */
export type Habilidade = 'configurar' | 'revogar' | 'configurarPagina' | 'publicar' | 'alterar' | 'remover';

export type MetaCanal = {
  id: CanalId;
  rotulo: string;
  tipo: 'portal' | 'social';
  /** Only an admin configures it (spec 1 §6). */
  soAdmin: boolean;
  habilidades: readonly Habilidade[];
  /** How sure we are of the public contract (channels.md); a designed contract says so. */
  contrato: 'publico' | 'terceiros' | 'projetado';
};

export type ErroCanal = { tipo: TipoErroCanal; mensagem: string; detalhe?: string };
export type Resultado<T> = { ok: true; valor: T } | { ok: false; erro: ErroCanal };
export const ok = <T>(valor: T): Resultado<T> => ({ ok: true, valor });
export const falha = (tipo: TipoErroCanal, mensagem: string, detalhe?: string): Resultado<never> => ({
  ok: false,
  erro: { tipo, mensagem, detalhe },
});

/** Where and how an adapter talks to its channel. */
export type ContextoCanal = {
  /** Base address of the channel's API (by default the built-in sandbox of this server). */
  base: string;
  timeoutMs: number;
  /** The integrator's own credentials at the channel (client id/secret, API key), from configuration. */
  app: { clientId: string; clientSecret: string; redirectUri: string };
};

/** What a successful configuration keeps: secrets (encrypted at rest) and plain data. */
export type Configuracao = { segredos: Record<string, string>; dados: Record<string, string | number | boolean | null>; mensagem: string };

export interface Canal {
  meta: MetaCanal;
  /** Checks the reseller's credentials with the channel and obtains what later calls need (hash, tokens). */
  configurar(ctx: ContextoCanal, credenciais: Record<string, string>): Promise<Resultado<Configuracao>>;
  /** Revokes the access the reseller granted (social networks). */
  revogar?(ctx: ContextoCanal, segredos: Record<string, string>): Promise<Resultado<string>>;
  /** Links a page / account to the reseller (social networks). */
  configurarPagina?(
    ctx: ContextoCanal,
    pagina: { id: string; nome: string; token: string },
    segredos: Record<string, string>,
  ): Promise<Resultado<Configuracao>>;
}
