import {
  type Banner,
  type BannerEntrada,
  CAMPO_TEXTO,
  MENSAGENS_PUBLICACAO,
  MENSAGENS_REVENDA,
  type MidiaPublicacao,
  type TipoPublicacao,
  type Vendido,
} from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db, Executor } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import { type Armazenamento, chaveValida } from '../../midia/armazenamento.ts';
import { urlDaRevenda } from '../../midia/imagens-enviadas.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { bannersRepository, type ItemRegistro } from './banners.repository.ts';

/** What the API answers for a banner or sold item (spec 3 §3.12 field names; `revenda` is the reseller id). */
export function paraItem(tipo: TipoPublicacao, r: ItemRegistro): Banner | Vendido {
  const { texto, revenda_id, created_at, ...resto } = r;
  return { ...resto, revenda: revenda_id, created_at: created_at.toISOString(), [CAMPO_TEXTO[tipo]]: texto } as Banner | Vendido;
}

type Entrada = Omit<BannerEntrada, 'peblocotextobanners'> & { texto: string; imagem: MidiaPublicacao[] };

export function criarBannersService(db: Db, armazenamento: Armazenamento) {
  /**
   * Files must be ones this server stored for the reseller (an upload answer), never an arbitrary address; the upload's
   * keys kept beside them (public_id, asset_id) too, so a record never names another reseller's files.
   */
  const conferirArquivos = (idRevenda: string, imagem: MidiaPublicacao[]) => {
    const daRevenda = (chave: string) => chaveValida(chave) && chave.startsWith(`revendas/${idRevenda}/`);
    for (const m of imagem) {
      const urls = [m.fileUrl, m.fileThumb, m.fileOriginal].filter((u) => u);
      const chaves = [m.public_id, m.asset_id].filter((c) => c);
      if (!urls.every((u) => urlDaRevenda(armazenamento, u as string, idRevenda)) || !chaves.every((c) => daRevenda(c as string)))
        throw new ErroHttp(400, MENSAGENS_PUBLICACAO.arquivoAlheio, { imagem: MENSAGENS_PUBLICACAO.arquivoAlheio });
    }
  };

  return {
    listar: (tipo: TipoPublicacao, idRevenda: string) => bannersRepository.listar(db, tipo, idRevenda),

    async buscar(tipo: TipoPublicacao, idRevenda: string, id: string) {
      const r = await bannersRepository.buscar(db, tipo, idRevenda, id);
      if (!r) throw naoEncontrado(MENSAGENS_PUBLICACAO.naoEncontrado(tipo));
      return r;
    },

    /**
     * The item and its moderation entry in one transaction (spec 2 §3: moderation queues banners / vendidos).
     * `naTransacao` writes what else must commit with the item (a sale records the sold item it made).
     */
    async incluir(
      tipo: TipoPublicacao,
      idRevenda: string,
      e: Entrada,
      quem: Pick<UsuarioDaSessao, 'id'>,
      naTransacao?: (tx: Executor, item: ItemRegistro) => Promise<void>,
    ) {
      const revenda = await revendasRepository.buscar(db, idRevenda);
      if (!revenda) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      conferirArquivos(idRevenda, e.imagem);
      return db.transaction(async (tx) => {
        const item = await bannersRepository.incluir(
          tx,
          tipo,
          {
            revenda_id: idRevenda,
            nome_revenda: revenda.penome_fantasia,
            imagem: e.imagem.map((m) => ({ ...m, fileName: m.fileName ?? '' })),
            texto: e.texto,
            ig_stories: e.ig_stories ?? true,
            ig_feed: e.ig_feed ?? true,
            fb_feed: e.fb_feed ?? true,
            created_id: quem.id,
          },
          revenda.logotipo,
        );
        await naTransacao?.(tx, item);
        return item;
      });
    },
  };
}
export type BannersService = ReturnType<typeof criarBannersService>;
