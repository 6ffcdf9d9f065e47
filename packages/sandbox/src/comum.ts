import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Switches shared by every sandbox, read from any credential the caller sends (login, e-mail, code, id):
 * - contains "recusar": the channel refuses the credentials, in its own error shape;
 * - contains "falhar": the channel answers an internal error (HTTP 500);
 * - contains "lento": the channel answers after 2 s;
 * - contains "travar": the channel never answers (the adapter's time limit applies).
 * Autoscar ids are digits: 404 unknown dealer, 409 inactive, 500 failure, 408 never answers, 999 slow.
 */
export type Desfecho = 'recusar' | 'falhar' | 'ok';

export async function aplicarChaves(req: FastifyRequest, ...valores: (string | undefined | null)[]): Promise<Desfecho> {
  const texto = valores.filter(Boolean).join(' ').toLowerCase();
  if (texto.includes('travar') || /(^|\s)408(\s|$)/.test(texto)) {
    await new Promise<void>((fim) => {
      const t = setTimeout(fim, 120_000);
      // The socket, not the request: a request with a body emits 'close' as soon as the body is read.
      req.raw.socket.once('close', () => {
        clearTimeout(t);
        fim();
      });
    });
  }
  if (texto.includes('lento') || /(^|\s)999(\s|$)/.test(texto)) await new Promise((ok) => setTimeout(ok, 2000));
  if (texto.includes('falhar') || /(^|\s)500(\s|$)/.test(texto)) return 'falhar';
  if (texto.includes('recusar')) return 'recusar';
  return 'ok';
}

/** Sandboxes speak their channel's formats: form bodies (OAuth) and XML (SOAP). Scoped to the sandbox plugin. */
export function aceitarFormatosDosCanais(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, corpo, pronto) => {
    pronto(null, Object.fromEntries(new URLSearchParams(String(corpo))));
  });
  app.addContentTypeParser(['text/xml', 'application/soap+xml'], { parseAs: 'string' }, (_req, corpo, pronto) => pronto(null, corpo));
}

export const PUBLICO = { config: { acesso: 'publico' as const }, schema: { hide: true } };
export const aleatorio = () => Math.random().toString(36).slice(2, 12);

export { APP_SANDBOX } from '@intermedio/contracts';
