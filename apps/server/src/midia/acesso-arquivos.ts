import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SessaoAtiva } from '../auth/auth.service.ts';
import type { Db } from '../db/cliente.ts';
import { pastaDaFoto, veiculoImagens, veiculos } from '../db/schema/index.ts';
import { type Armazenamento, chaveValida, PREFIXO_ARQUIVOS } from './armazenamento.ts';

/**
 * Who may read a stored file at /arquivos/<key> (issue 23; docs/architecture.md "Arquivos e imagens"):
 * - public renditions (exibicao, miniatura, moldura, banners, sold items, videos, logos, frames, highlight images, site
 *   banners): anyone, also embedded by other sites (Cross-Origin-Resource-Policy: cross-origin);
 * - originals (original.*) and every file of a removed vehicle: a signed-in user of the key's reseller
 *   (revendas/{idRevenda}/…) or an admin; anyone else gets 404, as for a missing file;
 * - an original of a vehicle not removed, also with its address's signature (`enderecoAssinado`): the channels fetch
 *   the photos' originals themselves, with no session.
 * Cost: no lookup for files outside a vehicle's folder; one index lookup (veiculo_imagens_pasta_idx) for a vehicle's.
 */

/** The answer's headers when the file may be read; null: refuse (404). */
export type Leitura = Record<string, string> | null;

const BASE = { 'x-content-type-options': 'nosniff' };
/** A dealer's site may also fetch() a public file or draw it on a canvas (issue 27: the site feed's photos). */
const ABERTO = { 'cross-origin-resource-policy': 'cross-origin', 'access-control-allow-origin': '*' };
/** Never changes and never becomes private: cached for a year, anywhere. */
const PUBLICO = { ...BASE, 'cache-control': 'public, max-age=31536000, immutable', ...ABERTO };
/** A vehicle's public rendition turns private when the vehicle is removed: shared caches keep it an hour at most. */
const FOTO_VEICULO = { ...BASE, 'cache-control': 'public, max-age=3600', ...ABERTO };
/** Served to whoever may read it, never kept by a shared cache nor embedded by another site. */
const PRIVADO = { ...BASE, 'cache-control': 'private, max-age=3600', 'cross-origin-resource-policy': 'same-origin' };

export const ehPublico = (leitura: Leitura) => leitura?.['cross-origin-resource-policy'] === 'cross-origin';

type Classe = { idRevenda: string | null; original: boolean; pastaVeiculo: string | null };
const UUID = /^[0-9a-f-]{36}$/;

/** What a key is, from its shape alone: revendas/{idRevenda}/{tipo}/{envio}/{arquivo}. */
export function classificar(chave: string): Classe {
  const partes = chave.split('/');
  const idRevenda = partes[0] === 'revendas' && UUID.test(partes[1] ?? '') ? (partes[1] ?? null) : null;
  return {
    idRevenda,
    original: /^original\./i.test(partes.at(-1) ?? ''),
    pastaVeiculo: idRevenda && partes[2] === 'veiculo' && partes.length === 5 ? partes.slice(0, 4).join('/') : null,
  };
}

/** The key a request asks for; null when the path is not a valid key (encoded, `..`, `//`: refused, never normalised). */
export function chaveDoPedido(url: string): string | null {
  const caminho = url.split('?')[0] ?? '';
  if (!caminho.startsWith(PREFIXO_ARQUIVOS)) return null;
  const chave = caminho.slice(PREFIXO_ARQUIVOS.length);
  // `./` would reach the same file under another shape (and dodge the vehicle folder's lookup).
  return chaveValida(chave) && chave.split('/').every((p) => p !== '.') ? chave : null;
}

const chaveHmac = (segredo: string) => createHmac('sha256', segredo).update('intermedio:arquivos').digest();
const assinatura = (segredo: string, chave: string) =>
  createHmac('sha256', chaveHmac(segredo)).update(chave).digest('base64url').slice(0, 32);

function assinaturaValida(segredo: string, chave: string, dada: unknown): boolean {
  if (typeof dada !== 'string') return false;
  const esperada = Buffer.from(assinatura(segredo, chave));
  const recebida = Buffer.from(dada);
  return recebida.length === esperada.length && timingSafeEqual(recebida, esperada);
}

/**
 * A server address any client may read an original at (/arquivos/<key>?assinatura=…), for the channels. Always this
 * server's path, also with S3_URL_PUBLICA (the bucket does not know the signature). Addresses not ours are unchanged.
 */
export function enderecoAssinado(armazenamento: Armazenamento, segredo: string, url: string): string {
  const chave = armazenamento.chaveDaUrl(url);
  return chave ? `${PREFIXO_ARQUIVOS}${chave}?assinatura=${assinatura(segredo, chave)}` : url;
}

/** Whether every vehicle using this upload folder is removed (null when none uses it): veiculo_imagens_pasta_idx. */
export const consultaVeiculoRemovido = (db: Db, pasta: string) =>
  db
    .select({ removido: sql<boolean | null>`bool_and(${veiculos.veremovido} = 1)` })
    .from(veiculoImagens)
    .innerJoin(veiculos, eq(veiculos.id, veiculoImagens.veiculo_id))
    .where(eq(pastaDaFoto(veiculoImagens.file_original), pasta));

async function veiculoRemovido(db: Db, pasta: string): Promise<boolean> {
  const [r] = await consultaVeiculoRemovido(db, pasta);
  return r?.removido === true;
}

/** The headers to read `chave` with, for this session and signature; null: refuse. */
export async function decidirLeitura(
  op: { db: Db; segredo: string },
  chave: string,
  sessao: SessaoAtiva | null,
  assinaturaDada: unknown,
): Promise<Leitura> {
  const c = classificar(chave);
  const u = sessao?.usuario;
  const daRevenda = !!u && (u.role === 'admin' || (c.idRevenda !== null && u.revenda_id === c.idRevenda));
  if (c.original) {
    if (daRevenda) return PRIVADO;
    if (!assinaturaValida(op.segredo, chave, assinaturaDada)) return null;
    return c.pastaVeiculo && (await veiculoRemovido(op.db, c.pastaVeiculo)) ? null : PRIVADO;
  }
  if (!c.pastaVeiculo) return PUBLICO;
  if (!(await veiculoRemovido(op.db, c.pastaVeiculo))) return FOTO_VEICULO;
  return daRevenda ? PRIVADO : null;
}
