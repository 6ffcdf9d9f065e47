import { CANAIS, type CanalId } from '@intermedio/contracts';
import { APP_SANDBOX } from '../sandbox/comum.ts';

export type ConfigCanais = {
  timeoutMs: number;
  /** Per channel: base address (undefined = built-in sandbox) and the integrator's app credentials. */
  porCanal: Record<CanalId, { url?: string; clientId: string; clientSecret: string }>;
  /** Facebook app for the browser's login popup; `real` when FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set. */
  social: { appId: string; real: boolean };
};

/**
 * Channel settings from the environment: CANAL_<ID>_URL, CANAL_<ID>_CLIENT_ID, CANAL_<ID>_CLIENT_SECRET
 * (ID in upper case, e.g. CANAL_WEBMOTORS_URL), FACEBOOK_APP_ID / FACEBOOK_APP_SECRET for both social
 * networks, CANAIS_TIMEOUT_MS. Without them every channel talks to its sandbox on this server.
 */
export function lerConfigCanais(env: Record<string, string | undefined>): ConfigCanais {
  const appFacebook = env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET ? { id: env.FACEBOOK_APP_ID, segredo: env.FACEBOOK_APP_SECRET } : null;
  const porCanal = Object.fromEntries(
    CANAIS.map((c) => {
      const chave = `CANAL_${c.toUpperCase()}`;
      const social = c === 'facebook' || c === 'instagram';
      const urlPadrao = social && appFacebook ? 'https://graph.facebook.com' : undefined;
      return [
        c,
        {
          url: (env[`${chave}_URL`] || urlPadrao)?.replace(/\/$/, ''),
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
