import { APP_SANDBOX, CANAIS, type CanalId } from '@intermedio/contracts';
import type { ContextoCanal } from './tipos.ts';

/** Channels whose authorization server is another host than their API (channels.md §1, §2). */
export const CANAIS_COM_HOST_AUTH = ['olx', 'mercadolivre'] as const satisfies readonly CanalId[];
const temHostAuth = (c: CanalId) => (CANAIS_COM_HOST_AUTH as readonly CanalId[]).includes(c);

export type ConfigCanais = {
  timeoutMs: number;
  /**
   * Per channel: API base address and authorization server address (undefined = built-in sandbox) and the
   * integrator's app credentials. Facebook and Instagram share one Graph address.
   */
  porCanal: Record<CanalId, { url?: string; authUrl?: string; clientId: string; clientSecret: string }>;
  /** Facebook app for the browser's login popup; `real` when FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set. */
  social: { appId: string; real: boolean };
};

const semBarra = (v: string | undefined) => v?.replace(/\/+$/, '') || undefined;

/**
 * Channel settings from the environment: CANAL_<ID>_URL, CANAL_<ID>_CLIENT_ID, CANAL_<ID>_CLIENT_SECRET
 * (ID in upper case, e.g. CANAL_WEBMOTORS_URL), CANAL_OLX_AUTH_URL / CANAL_MERCADOLIVRE_AUTH_URL (authorization
 * server), CANAL_FACEBOOK_URL (the Graph API of both social networks), FACEBOOK_APP_ID / FACEBOOK_APP_SECRET,
 * CANAIS_TIMEOUT_MS. Without them every channel talks to its sandbox on this server.
 */
export function lerConfigCanais(env: Record<string, string | undefined>): ConfigCanais {
  const appFacebook = env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET ? { id: env.FACEBOOK_APP_ID, segredo: env.FACEBOOK_APP_SECRET } : null;
  // One Graph address for both social networks (and for the browser), so one flow never spans two backends.
  const graph = semBarra(env.CANAL_FACEBOOK_URL) ?? (appFacebook ? 'https://graph.facebook.com' : undefined);
  const porCanal = Object.fromEntries(
    CANAIS.map((c) => {
      const chave = `CANAL_${c.toUpperCase()}`;
      const social = c === 'facebook' || c === 'instagram';
      return [
        c,
        {
          url: social ? graph : semBarra(env[`${chave}_URL`]),
          authUrl: temHostAuth(c) ? semBarra(env[`${chave}_AUTH_URL`]) : undefined,
          clientId: (social ? appFacebook?.id : env[`${chave}_CLIENT_ID`]) ?? APP_SANDBOX.clientId,
          clientSecret: (social ? appFacebook?.segredo : env[`${chave}_CLIENT_SECRET`]) ?? APP_SANDBOX.clientSecret,
        },
      ];
    }),
  ) as ConfigCanais['porCanal'];
  const timeout = Number(env.CANAIS_TIMEOUT_MS ?? 15000);
  return {
    timeoutMs: Number.isFinite(timeout) && timeout >= 100 ? timeout : 15000,
    porCanal,
    social: { appId: appFacebook?.id ?? APP_SANDBOX.clientId, real: Boolean(appFacebook) },
  };
}

/** Where the sandbox of a channel answers on this server; both social networks share the Graph sandbox. */
export const caminhoSandbox = (canal: CanalId) => `/sandbox/${canal === 'instagram' ? 'facebook' : canal}`;

/**
 * The context of one channel's calls: configured addresses, or this server's sandbox (`origem` is how this
 * process reaches itself). The authorization server defaults to `<base>/auth` (where the sandboxes serve it); the
 * redirect address registered at the channel is `PUBLIC_URL/integracao/{canal}/retorno`.
 */
export function contextoDoCanal(config: ConfigCanais, canal: CanalId, origem: string, publicUrl: string): ContextoCanal {
  const c = config.porCanal[canal];
  const base = c.url ?? `${origem}${caminhoSandbox(canal)}`;
  return {
    base,
    auth: c.authUrl ?? (temHostAuth(canal) ? `${base}/auth` : base),
    timeoutMs: config.timeoutMs,
    app: { clientId: c.clientId, clientSecret: c.clientSecret, redirectUri: `${publicUrl}/integracao/${canal}/retorno` },
  };
}
