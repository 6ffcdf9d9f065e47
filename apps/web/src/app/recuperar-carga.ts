/** When a screen's code could not be downloaded: a build replaced by a deploy, or the server out of reach. */
export function ehFalhaDeCarga(erro: unknown): boolean {
  if (!(erro instanceof Error)) return false;
  // Chromium, Firefox and Safari word it differently; Vite's preload helper adds its own.
  return /dynamically imported module|Importing a module script failed|module script|Unable to preload CSS|preload/i.test(erro.message);
}

const CHAVE = 'intermedio:recarregou-por-falha-de-carga';
/** A second failure within this time after the automatic reload shows the message instead of reloading again. */
const JANELA_MS = 60_000;

/**
 * Recovers from a screen whose code failed to load. With the server reachable it is a deploy: the page reloads once
 * (onto the new build); offline, or when the reload did not help, the caller shows the message with "Recarregar".
 */
export async function recuperarFalhaDeCarga(): Promise<'sem-conexao' | 'falhou'> {
  const noAr = await fetch('/api/health', { cache: 'no-store' })
    .then((r) => r.ok)
    .catch(() => false);
  if (!noAr) return 'sem-conexao';
  const ultima = Number(sessionStorage.getItem(CHAVE) ?? 0);
  if (Date.now() - ultima < JANELA_MS) return 'falhou';
  sessionStorage.setItem(CHAVE, String(Date.now()));
  window.location.reload();
  return new Promise(() => {}); // the page is going away
}
