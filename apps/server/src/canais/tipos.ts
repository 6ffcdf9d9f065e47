import type { CanalId, TipoErroCanal } from '@intermedio/contracts';
import type { PublicacaoVeiculo } from './publicacao.ts';

/** What a channel can do. Optional abilities are declared here, never stubbed. */
export type Habilidade = 'configurar' | 'renovar' | 'revogar' | 'configurarPagina' | 'publicar' | 'alterar' | 'remover';

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

/**
 * `texto`: the whole Portuguese sentence for the user when the generic one of the kind would mislead.
 * `recusadoNoCanal`: on a `rejected` answer of `consultar`, the id of the refused advert the channel still keeps
 * (Mobiauto's deal blocked by moderation stays in the dealer's inventory): the framework removes it with `excluir`.
 * `esperarSegundos`: the channel limited our requests (429) and nothing was done; retry no sooner than this.
 */
export type ErroCanal = {
  tipo: TipoErroCanal;
  mensagem: string;
  detalhe?: string;
  texto?: string;
  recusadoNoCanal?: string;
  esperarSegundos?: number;
};
export type Resultado<T> = { ok: true; valor: T } | { ok: false; erro: ErroCanal };
export const ok = <T>(valor: T): Resultado<T> => ({ ok: true, valor });
export const falha = (tipo: TipoErroCanal, mensagem: string, detalhe?: string): Resultado<never> => ({
  ok: false,
  erro: { tipo, mensagem, detalhe },
});

/** Expiry `segundos` from now, less a margin, so the renewal happens before the channel refuses the token. */
export function renovarAntes(segundos: number, agora = Date.now()): Date {
  const margem = Math.min(segundos * 0.2, 3600);
  return new Date(agora + Math.max(60, segundos - margem) * 1000);
}

/** Where and how an adapter talks to its channel. */
export type ContextoCanal = {
  /** Base address of the channel's API (by default the built-in sandbox of this server). */
  base: string;
  /** Base address of the channel's authorization server (OLX and Mercado Livre run it on another host); else `base`. */
  auth: string;
  timeoutMs: number;
  /** The integrator's own credentials at the channel (client id/secret, API key), from configuration. */
  app: { clientId: string; clientSecret: string; redirectUri: string };
  /**
   * Reads a stored file by its key (`VeiculoParaCanal.fotos[].chave`), for channels that take the photo's bytes
   * (Webmotors: base64 JPEG); set by the publishing framework from the file storage, absent elsewhere.
   */
  lerArquivo?: (chave: string) => Promise<Buffer | null>;
  /**
   * A bulk run's memo of this reseller's own lists at the channel (Webmotors' modalities, Na Pista's plan): asked
   * once per run instead of once per vehicle (`naRodada`, listas.ts). Absent on the screens, which always ask.
   */
  daRodada?: Map<string, Promise<unknown>>;
};

/**
 * What a successful configuration or renewal keeps: secrets (encrypted at rest) and plain data; `renovarEm` is
 * when the tokens must be renewed (a background job does it), absent when they do not expire.
 */
export type Configuracao = {
  segredos: Record<string, string>;
  dados: Record<string, string | number | boolean | null>;
  mensagem: string;
  renovarEm?: Date;
};

export interface Canal {
  meta: MetaCanal;
  /**
   * Checks the reseller's credentials with the channel and obtains what later calls need (hash, tokens).
   * `guardados` are the stored secrets: a channel configured by a single-use authorization code checks the stored
   * token with them when no new code comes (a stored code is never sent again).
   */
  configurar(ctx: ContextoCanal, credenciais: Record<string, string>, guardados?: Record<string, string>): Promise<Resultado<Configuracao>>;
  /**
   * Renews the stored tokens (refresh token, re-login, new hash) before they expire; only where they expire.
   * `dados` are the stored plain fields (logins); `segredos` the stored secrets.
   */
  renovar?(ctx: ContextoCanal, segredos: Record<string, string>, dados: Record<string, unknown>): Promise<Resultado<Configuracao>>;
  /** Revokes the access the reseller granted (social networks). */
  revogar?(ctx: ContextoCanal, segredos: Record<string, string>): Promise<Resultado<string>>;
  /** Links a page / account to the reseller (social networks). */
  configurarPagina?(
    ctx: ContextoCanal,
    pagina: { id: string; nome: string; token: string },
    segredos: Record<string, string>,
  ): Promise<Resultado<Configuracao>>;
  /** Per-vehicle publishing (spec 3), where the channel has it. */
  publicacao?: PublicacaoVeiculo;
}
