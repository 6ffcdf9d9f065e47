import { createVerify, generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { aleatorio, aplicarChaves, PUBLICO } from './comum.ts';

/** A Firebase service account, as the server's push client reads it. */
export type ContaServico = { projectId: string; clientEmail: string; privateKey: string; tokenUri: string };

/**
 * Firebase's side for push (FCM HTTP v1), under /sandbox/fcm: the OAuth2 token endpoint (checks the service account's
 * RS256 JWT assertion) and `POST /v1/projects/{id}/messages:send` (one device token per message). What the device
 * token contains decides the answer: "naoregistrado" → 404 UNREGISTERED, "invalido" → 400 INVALID_ARGUMENT,
 * "falhar" → 500, "lento" → after 2 s; anything else is delivered. `GET /sandbox/fcm/_mensagens` lists what was sent.
 */
const PROJETO = 'intermedio-sandbox';
const EMAIL = 'push@intermedio-sandbox.iam.gserviceaccount.com';
let chaves: { privada: string; publica: string } | null = null;

/** The sandbox's service account (a key pair made once per process); `tokenUri` is this server's endpoint. */
export function contaSandbox(origem: string): ContaServico {
  chaves ??= (() => {
    const par = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      privada: par.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publica: par.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  })();
  return { projectId: PROJETO, clientEmail: EMAIL, privateKey: chaves.privada, tokenUri: `${origem}/sandbox/fcm/token` };
}

const erroFcm = (reply: FastifyReply, code: number, status: string, message: string, errorCode?: string) =>
  reply.code(code).send({
    error: {
      code,
      message,
      status,
      ...(errorCode ? { details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } : {}),
    },
  });

function assercaoValida(jwt: string): boolean {
  const [cab, corpo, assinatura] = jwt.split('.');
  if (!cab || !corpo || !assinatura || !chaves) return false;
  const ok = createVerify('RSA-SHA256').update(`${cab}.${corpo}`).verify(chaves.publica, Buffer.from(assinatura, 'base64url'));
  if (!ok) return false;
  const c = JSON.parse(Buffer.from(corpo, 'base64url').toString()) as { iss?: string; scope?: string; exp?: number };
  return c.iss === EMAIL && (c.scope ?? '').includes('firebase.messaging') && (c.exp ?? 0) * 1000 > Date.now();
}

export async function sandboxFcm(app: FastifyInstance) {
  const acessos = new Set<string>();
  const mensagens: { id: string; token: string; title: string; body: string; data?: Record<string, string> }[] = [];

  app.post('/token', PUBLICO, async (req, reply) => {
    const c = (req.body ?? {}) as Record<string, string | undefined>;
    if (c.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !assercaoValida(c.assertion ?? ''))
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    const token = `sbxfcm.${aleatorio()}${aleatorio()}`;
    acessos.add(token);
    return { access_token: token, expires_in: 3599, token_type: 'Bearer' };
  });

  app.post<{ Params: { projeto: string } }>('/v1/projects/:projeto/messages:send', PUBLICO, async (req, reply) => {
    const acesso = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!acessos.has(acesso)) return erroFcm(reply, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    if (req.params.projeto !== PROJETO)
      return erroFcm(reply, 403, 'PERMISSION_DENIED', 'Permission denied on project.', 'SENDER_ID_MISMATCH');
    const m = (
      req.body as { message?: { token?: string; notification?: { title?: string; body?: string }; data?: Record<string, string> } }
    )?.message;
    const token = m?.token ?? '';
    if (!token) return erroFcm(reply, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', 'INVALID_ARGUMENT');
    if (/naoregistrado/i.test(token)) return erroFcm(reply, 404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
    if (/invalido/i.test(token))
      return erroFcm(reply, 400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT');
    if ((await aplicarChaves(req, token)) === 'falhar') return erroFcm(reply, 500, 'INTERNAL', 'Internal error encountered.', 'INTERNAL');
    const id = `0:${Date.now()}%${aleatorio()}`;
    mensagens.push({ id, token, title: m?.notification?.title ?? '', body: m?.notification?.body ?? '', data: m?.data });
    return { name: `projects/${PROJETO}/messages/${id}` };
  });

  app.get('/_mensagens', PUBLICO, async () => ({ data: mensagens }));
}
