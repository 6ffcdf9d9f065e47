import { createHash, randomBytes } from 'node:crypto';
import { MENSAGENS_FEED, MENSAGENS_REVENDA } from '@intermedio/contracts';
import { sessoesRepository } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { comprimir } from '../../lib/compressao.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { Barramento } from '../../tempo-real/barramento.ts';
import { documentoEmXml, montarDocumento } from './feed.documento.ts';
import { feedRepository } from './feed.repository.ts';

export type Formato = 'json' | 'xml';
type Codificacao = 'br' | 'gzip';

/** One built feed: both formats, their validators, and their compressed bodies made on first demand. */
type Entrada = {
  idRevenda: string;
  corpos: Record<Formato, Buffer>;
  etags: Record<Formato, string>;
  modificado: Date;
  expira: number;
  comprimidos: Map<string, Promise<Buffer>>;
};

/**
 * A built feed lives this long at most even without a live event: the 30-day cut of sold vehicles moves with the
 * clock, not with a change.
 */
const VALIDADE_MS = 5 * 60_000;
const MAX_ENTRADAS = 1000;
export const novoSlug = () => randomBytes(18).toString('base64url');
export const SLUG_VALIDO = /^[A-Za-z0-9_-]{24}$/;
const etag = (corpo: Buffer) => `"${createHash('sha256').update(corpo).digest('base64url').slice(0, 27)}"`;

export function criarFeedService(op: { db: Db; barramento: Barramento; publicUrl: string; limitePorMinuto: number }) {
  const cache = new Map<string, Entrada>();
  /** Bumped by every change of a reseller: a build started before it is not kept. */
  const geracao = new Map<string, number>();
  /** Last validators per slug: a rebuild with the same bytes keeps its Last-Modified. */
  const anteriores = new Map<string, { etag: string; modificado: Date }>();
  const emConstrucao = new Map<string, Promise<Entrada>>();

  const invalidar = (idRevenda: string) => {
    geracao.set(idRevenda, (geracao.get(idRevenda) ?? 0) + 1);
    for (const [slug, e] of cache) if (e.idRevenda === idRevenda) cache.delete(slug);
  };
  // Every change of the reseller, its vehicles or their sales (from any process: pg_notify) drops its built feed.
  op.barramento.assinar((e) => {
    if (e.revenda) invalidar(e.revenda);
  });

  async function construir(slug: string): Promise<Entrada> {
    const revenda = await feedRepository.revendaPorSlug(op.db, slug);
    if (!revenda) throw naoEncontrado(MENSAGENS_FEED.naoEncontrado);
    const inicio = geracao.get(revenda.id) ?? 0;
    const linhas = await feedRepository.veiculos(op.db, revenda.id);
    const fotos = await feedRepository.fotos(
      op.db,
      linhas.map((l) => l.v.id),
    );
    const doc = montarDocumento(revenda, linhas, fotos, op.publicUrl);
    const corpos = { json: Buffer.from(JSON.stringify(doc)), xml: Buffer.from(documentoEmXml(doc)) };
    // The generation date changes on every build: the validators come from the contents without it.
    const conteudo = Buffer.from(JSON.stringify({ ...doc, gerado_em: null }));
    const base = etag(conteudo);
    const antes = anteriores.get(slug);
    const modificado = antes?.etag === base ? antes.modificado : new Date(Math.floor(Date.now() / 1000) * 1000);
    anteriores.set(slug, { etag: base, modificado });
    const entrada: Entrada = {
      idRevenda: revenda.id,
      corpos,
      etags: { json: `${base.slice(0, -1)}-j"`, xml: `${base.slice(0, -1)}-x"` },
      modificado,
      expira: Date.now() + VALIDADE_MS,
      comprimidos: new Map(),
    };
    if ((geracao.get(revenda.id) ?? 0) === inicio) {
      if (cache.size >= MAX_ENTRADAS) cache.delete(cache.keys().next().value as string);
      cache.set(slug, entrada);
    }
    return entrada;
  }

  async function obter(slug: string): Promise<Entrada> {
    const e = cache.get(slug);
    if (e && e.expira > Date.now()) return e;
    const emCurso = emConstrucao.get(slug);
    if (emCurso) return emCurso;
    const p = construir(slug).finally(() => emConstrucao.delete(slug));
    emConstrucao.set(slug, p);
    return p;
  }

  return {
    invalidar,

    /**
     * Counts a request of `ip` to this feed (the sign-in's limiter, per minute); 429 beyond the limit. The address is
     * also counted over every feed (10× the limit), so guessed addresses cannot flood the limiter's table.
     */
    async contar(slug: string, ip: string) {
      const desde = new Date(Date.now() - 60_000);
      const ok = await sessoesRepository.reservarTentativa(op.db, [
        { chave: `feed:${slug}|${ip}`, limite: op.limitePorMinuto, desde },
        { chave: `feed-ip:${ip}`, limite: op.limitePorMinuto * 10, desde },
      ]);
      if (!ok) throw new ErroHttp(429, MENSAGENS_FEED.limite);
    },

    async ler(slug: string, formato: Formato) {
      const e = await obter(slug);
      return { corpo: e.corpos[formato], etag: e.etags[formato], modificado: e.modificado, entrada: e };
    },

    /** The compressed body, made once per built feed, format and encoding. */
    comprimido(e: Entrada, formato: Formato, codificacao: Codificacao): Promise<Buffer> {
      const chave = `${formato}:${codificacao}`;
      let p = e.comprimidos.get(chave);
      if (!p) {
        p = Promise.resolve(comprimir(e.corpos[formato], codificacao));
        e.comprimidos.set(chave, p);
      }
      return p;
    },

    async configuracao(idRevenda: string) {
      const c = await feedRepository.configuracao(op.db, idRevenda);
      if (!c) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      return this.enderecos(c);
    },

    async ativar(idRevenda: string, ativo: boolean) {
      const c = await feedRepository.ativar(op.db, idRevenda, ativo, novoSlug());
      if (!c) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      invalidar(idRevenda);
      return this.enderecos(c);
    },

    async novoEndereco(idRevenda: string) {
      const c = await feedRepository.trocarSlug(op.db, idRevenda, novoSlug());
      if (!c) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      invalidar(idRevenda);
      return this.enderecos(c);
    },

    enderecos(c: { ativo: boolean; slug: string | null }) {
      const base = c.ativo && c.slug ? `${op.publicUrl}/feed/${c.slug}` : null;
      return { ativo: c.ativo, json: base && `${base}.json`, xml: base && `${base}.xml` };
    },
  };
}
export type FeedService = ReturnType<typeof criarFeedService>;
