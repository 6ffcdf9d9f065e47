import { randomBytes } from 'node:crypto';
import type { ImagemEnviada, TipoImagem } from '@intermedio/contracts';
import { type Armazenamento, chaveValida } from './armazenamento.ts';
import type { FormatoOriginal, Renditions } from './pipeline.ts';

const EXTENSAO: Record<FormatoOriginal, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const TIPO_MIME: Record<FormatoOriginal, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** revendas/{idRevenda}/{tipo}/{id}: the folder of one upload, holding all its files. */
const PASTA_ENVIO = /^revendas\/[0-9a-f-]{36}\/(veiculo|vendido|banner)\/[0-9a-z-]{10,64}$/;

/** A file name safe to show and to put in a download (accents kept, no path, no control characters). */
export function nomeHigienizado(nome: string | undefined): string {
  const base = (nome ?? '').split(/[\\/]/).pop() ?? '';
  const limpo = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return limpo || 'imagem';
}

/**
 * Stores an upload's files under revendas/{idRevenda}/{tipo}/{id}/: original.{ext}, exibicao.jpg, miniatura.jpg and,
 * with a frame, moldura.jpg. If one write fails the ones already made are removed.
 */
export async function salvarImagemEnviada(
  armazenamento: Armazenamento,
  op: { idRevenda: string; tipo: TipoImagem; nome: string | undefined; renditions: Renditions },
): Promise<ImagemEnviada> {
  const id = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`;
  const pasta = `revendas/${op.idRevenda}/${op.tipo}/${id}`;
  const r = op.renditions;
  try {
    const [original, exibicao, miniatura, moldura] = await Promise.all([
      armazenamento.salvar(`${pasta}/original.${EXTENSAO[r.formato]}`, r.original, TIPO_MIME[r.formato]),
      armazenamento.salvar(`${pasta}/exibicao.jpg`, r.exibicao, 'image/jpeg'),
      armazenamento.salvar(`${pasta}/miniatura.jpg`, r.miniatura, 'image/jpeg'),
      r.moldura ? armazenamento.salvar(`${pasta}/moldura.jpg`, r.moldura, 'image/jpeg') : null,
    ]);
    return {
      imagem: pasta,
      fileName: nomeHigienizado(op.nome),
      fileUrl: (moldura ?? exibicao).url,
      fileThumb: miniatura.url,
      fileOriginal: original.url,
    };
  } catch (erro) {
    await armazenamento.removerPasta(pasta).catch(() => {});
    throw erro;
  }
}

/**
 * The folder of an upload of this reseller from its entry: `imagem`, or the folder of one of its addresses. A folder
 * of another reseller is never answered (folder names are public: they are in every photo address), so nothing
 * derived from it is read or removed.
 */
function pastaDoEnvio(armazenamento: Armazenamento, entry: Partial<ImagemEnviada>, idRevenda: string): string | null {
  const daRevenda = (pasta: string | null | undefined): pasta is string =>
    !!pasta && PASTA_ENVIO.test(pasta) && pasta.startsWith(`revendas/${idRevenda}/`);
  if (daRevenda(entry.imagem)) return entry.imagem;
  for (const url of [entry.fileOriginal, entry.fileUrl, entry.fileThumb]) {
    const chave = url ? armazenamento.chaveDaUrl(url) : null;
    const pasta = chave?.slice(0, chave.lastIndexOf('/'));
    if (daRevenda(pasta)) return pasta;
  }
  return null;
}

/**
 * The upload folder to store with an entry a client sent: derived from its addresses (already checked to be this
 * reseller's), never taken as sent. `undefined` when the entry names a folder that is not its own (refuse it).
 */
export function pastaConferida(
  armazenamento: Armazenamento,
  entry: Pick<ImagemEnviada, 'fileUrl' | 'fileThumb' | 'fileOriginal'> & { imagem?: string | null },
  idRevenda: string,
): string | null | undefined {
  const pasta = pastaDoEnvio(
    armazenamento,
    { fileUrl: entry.fileUrl, fileThumb: entry.fileThumb, fileOriginal: entry.fileOriginal },
    idRevenda,
  );
  if (entry.imagem && entry.imagem !== pasta) return undefined;
  return pasta;
}

/** Removes every rendition of an uploaded image of this reseller (its whole folder). Other entries are left alone. */
export async function removerImagemEnviada(armazenamento: Armazenamento, entry: Partial<ImagemEnviada>, idRevenda: string): Promise<void> {
  const pasta = pastaDoEnvio(armazenamento, entry, idRevenda);
  if (pasta) await armazenamento.removerPasta(pasta);
}

/** Whether a URL is a file of this storage under the given reseller (e.g. a vehicle's image list from a client). */
export function urlDaRevenda(armazenamento: Armazenamento, url: string, idRevenda: string): boolean {
  const chave = armazenamento.chaveDaUrl(url);
  return !!chave && chaveValida(chave) && chave.startsWith(`revendas/${idRevenda}/`);
}

/** The key of an upload's original of this reseller (zip downloads); read it with `lerArquivo` or `armazenamento.abrir`. */
export async function chaveDoOriginal(
  armazenamento: Armazenamento,
  entry: Partial<ImagemEnviada>,
  idRevenda: string,
): Promise<string | null> {
  if (entry.fileOriginal && urlDaRevenda(armazenamento, entry.fileOriginal, idRevenda)) return armazenamento.chaveDaUrl(entry.fileOriginal);
  const pasta = pastaDoEnvio(armazenamento, entry, idRevenda);
  if (!pasta) return null;
  for (const ext of Object.values(EXTENSAO)) {
    const aberto = await armazenamento.abrir(`${pasta}/original.${ext}`);
    if (aberto) {
      aberto.corpo.destroy();
      return `${pasta}/original.${ext}`;
    }
  }
  return null;
}
