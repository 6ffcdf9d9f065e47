/**
 * What both sides of a channel conversation share: the adapters (server) and the channels' stand-ins
 * (`@intermedio/sandbox`) speak the same XML and agree on the integrator's sandbox credentials.
 */

export const escaparXml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An element with that local name (any namespace prefix, any attributes); its inner XML is the first group. */
const elemento = (nome: string, flags = '') => new RegExp(`<(?:\\w+:)?${nome}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${nome}>`, flags);

/** The text of the first element with that local name (ASMX answers are flat enough for this). */
export function lerTag(xml: string, nome: string): string | null {
  const m = elemento(nome).exec(xml);
  return m
    ? (m[1] ?? '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim()
    : null;
}

/** Credentials of this server as integrator at each sandboxed channel (the adapters' defaults). */
export const APP_SANDBOX = { clientId: 'intermedio-sandbox', clientSecret: 'segredo-sandbox' };

/** The raw inner XML of every element with that local name, in order (rows of an ASMX list answer). */
export function lerTags(xml: string, nome: string): string[] {
  return [...xml.matchAll(elemento(nome, 'g'))].map((m) => m[1] ?? '');
}
