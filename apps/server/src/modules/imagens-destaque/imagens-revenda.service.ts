import { type ImagemRevenda, MENSAGENS_IMAGEM_REVENDA, MENSAGENS_REVENDA, type TipoImagemRevenda } from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { naoEncontrado } from '../../lib/http.ts';
import type { Armazenamento } from '../../midia/armazenamento.ts';
import { processarImagem } from '../../midia/pipeline.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { type ImagemRevendaRegistro, imagensRevendaRepository } from './imagens-revenda.repository.ts';

const EXTENSAO = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

export const paraImagemRevenda = (r: ImagemRevendaRegistro): ImagemRevenda => ({
  id: r.id,
  revenda: r.revenda_id,
  imagem_url: r.imagem_url,
  imagem_name: r.imagem_name,
  created_id: r.created_id,
  created_at: r.created_at.toISOString(),
});

/**
 * Highlight images and site banners (spec 2 §2, §7): the file is checked by content like every image, stored with
 * its pixels intact (metadata removed; a site banner is shown at full width, 4032 × 1435 recommended) under
 * revendas/{idRevenda}/{imagem-destaque|banner-site}/{timestamp}.{ext}; deleting removes the file too.
 */
export function criarImagensRevendaService(db: Db, armazenamento: Armazenamento) {
  return {
    listar: (tipo: TipoImagemRevenda, idRevenda: string) => imagensRevendaRepository.listar(db, tipo, idRevenda),
    /** One row of the list (live patching); 404 when it is gone. */
    async linha(tipo: TipoImagemRevenda, idRevenda: string, id: string) {
      const r = await imagensRevendaRepository.buscar(db, tipo, idRevenda, id);
      if (!r) throw naoEncontrado(MENSAGENS_IMAGEM_REVENDA.naoEncontrada);
      return r;
    },

    async incluir(tipo: TipoImagemRevenda, idRevenda: string, dados: Buffer, quem: UsuarioDaSessao) {
      if (!(await revendasRepository.buscar(db, idRevenda))) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      const r = await processarImagem(dados, null);
      const nome = `${Date.now()}.${EXTENSAO[r.formato]}`;
      const salvo = await armazenamento.salvar(`revendas/${idRevenda}/${tipo}/${nome}`, r.original, MIME[r.formato]);
      try {
        return await imagensRevendaRepository.incluir(db, tipo, {
          revenda_id: idRevenda,
          imagem_url: salvo.url,
          imagem_name: nome,
          created_id: quem.id,
        });
      } catch (erro) {
        await armazenamento.remover(salvo.chave).catch(() => {});
        throw erro;
      }
    },

    async remover(tipo: TipoImagemRevenda, idRevenda: string, id: string) {
      const r = await imagensRevendaRepository.remover(db, tipo, idRevenda, id);
      if (!r) throw naoEncontrado(MENSAGENS_IMAGEM_REVENDA.naoEncontrada);
      const chave = armazenamento.chaveDaUrl(r.imagem_url);
      if (chave) await armazenamento.remover(chave);
    },
  };
}
export type ImagensRevendaService = ReturnType<typeof criarImagensRevendaService>;
