import { readFileSync } from 'node:fs';

/** A Firebase service account: what FCM HTTP v1 needs (OAuth2 JWT bearer grant, then one request per device). */
export type ContaServico = { projectId: string; clientEmail: string; privateKey: string; tokenUri: string };
/** `null` account: the built-in FCM sandbox of this server (its own key pair, made at start). */
export type ConfigPush = { conta: ContaServico | null; url: string | null; timeoutMs: number };

/**
 * Push settings: FCM_SERVICE_ACCOUNT_FILE (the JSON a Firebase project issues) or FCM_PROJECT_ID + FCM_CLIENT_EMAIL +
 * FCM_PRIVATE_KEY (PEM; "\n" escapes accepted); FCM_URL (default https://fcm.googleapis.com with an account, otherwise
 * the sandbox); FCM_TIMEOUT_MS. Without an account every push goes to the sandbox at /sandbox/fcm.
 */
export function lerConfigPush(env: Record<string, string | undefined>): ConfigPush {
  let conta: ContaServico | null = null;
  if (env.FCM_SERVICE_ACCOUNT_FILE) {
    const j = JSON.parse(readFileSync(env.FCM_SERVICE_ACCOUNT_FILE, 'utf8')) as Record<string, string>;
    conta = {
      projectId: j.project_id ?? '',
      clientEmail: j.client_email ?? '',
      privateKey: j.private_key ?? '',
      tokenUri: j.token_uri ?? 'https://oauth2.googleapis.com/token',
    };
  } else if (env.FCM_PROJECT_ID && env.FCM_CLIENT_EMAIL && env.FCM_PRIVATE_KEY) {
    conta = {
      projectId: env.FCM_PROJECT_ID,
      clientEmail: env.FCM_CLIENT_EMAIL,
      privateKey: env.FCM_PRIVATE_KEY.replace(/\\n/g, '\n'),
      tokenUri: env.FCM_TOKEN_URI ?? 'https://oauth2.googleapis.com/token',
    };
  }
  if (conta && (!conta.projectId || !conta.clientEmail || !conta.privateKey.includes('PRIVATE KEY')))
    throw new Error('FCM: conta de serviço incompleta (project_id, client_email e private_key)');
  const timeout = Number(env.FCM_TIMEOUT_MS ?? 10000);
  return {
    conta,
    url: (env.FCM_URL || (conta ? 'https://fcm.googleapis.com' : ''))?.replace(/\/$/, '') || null,
    timeoutMs: Number.isFinite(timeout) && timeout >= 100 ? timeout : 10000,
  };
}
