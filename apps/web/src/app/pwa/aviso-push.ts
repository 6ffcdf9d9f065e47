/** A push message as the service worker shows it. */
export type AvisoPush = { titulo: string; corpo: string; url: string };

/**
 * Reads a push: FCM's webpush shape ({notification: {title, body}, data: {url}}), a flat object (title/titulo,
 * body/corpo/mensagem, url/link) or plain text (the body). Only addresses of this panel (`origem`) are kept.
 */
export function lerAviso(texto: string | null, origem: string): AvisoPush {
  const aviso: AvisoPush = { titulo: 'Intermédio', corpo: '', url: '/' };
  if (!texto) return aviso;
  let json: unknown;
  try {
    json = JSON.parse(texto);
  } catch {
    return { ...aviso, corpo: texto };
  }
  if (!json || typeof json !== 'object') return { ...aviso, corpo: texto };
  const raiz = json as Record<string, unknown>;
  const partes = [raiz, raiz.notification, raiz.data].filter((p): p is Record<string, unknown> => !!p && typeof p === 'object');
  const campo = (...nomes: string[]) => {
    for (const p of partes) for (const n of nomes) if (typeof p[n] === 'string' && p[n]) return p[n] as string;
    return undefined;
  };
  const url = campo('url', 'link', 'click_action');
  let daqui = false;
  try {
    daqui = !!url && new URL(url, origem).origin === origem;
  } catch {
    daqui = false;
  }
  return {
    titulo: campo('title', 'titulo') ?? aviso.titulo,
    corpo: campo('body', 'corpo', 'mensagem') ?? '',
    url: daqui && url ? url : aviso.url,
  };
}
