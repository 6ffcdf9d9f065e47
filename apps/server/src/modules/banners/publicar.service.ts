import {
  type AlvoSocial,
  MENSAGENS_PUBLICACAO,
  type ResultadoPublicacao,
  ROTULO_CANAL,
  type TipoPublicacao,
  VALIDACAO_DO_ALVO,
} from '@intermedio/contracts';
import { medirChamada } from '../../canais/medicao.ts';
import { type Postagem, publicarFacebook, publicarInstagram } from '../../canais/social/publicar.ts';
import type { Resultado } from '../../canais/tipos.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import { explicarErro, type IntegracoesService } from '../integracoes/integracoes.service.ts';
import { bannersRepository, type ItemRegistro } from './banners.repository.ts';
import { publicacoesRepository } from './publicacoes.repository.ts';

type Rede = 'instagram' | 'facebook';
/** The id and url fields each target fills (spec 3 §4). */
const CAMPOS_DO_ALVO = {
  ig_stories: { valida: 'valida_stories', id: 'id_stories', url: 'url_stories' },
  ig_feed: { valida: 'valida_feed', id: 'id_feed', url: 'url_feed' },
  fb_feed: { valida: 'fb_valida_feed', id: 'fb_id_feed', url: 'fb_url_feed' },
} as const;

/** Requested flags as sent by the list (the whole item); only these three are read from the body. */
export type Pedido = { id: string; revenda: string; ig_stories?: boolean; ig_feed?: boolean; fb_feed?: boolean };

/** Which target a request names (spec 3 §4): Instagram stories = ig_stories true and ig_feed false, feed the reverse. */
function alvoDoPedido(rede: Rede, p: Pedido): AlvoSocial {
  if (rede === 'facebook') {
    if (p.fb_feed === false) throw new ErroHttp(400, MENSAGENS_PUBLICACAO.naoPedido);
    return 'fb_feed';
  }
  if (p.ig_stories === true && p.ig_feed !== true) return 'ig_stories';
  if (p.ig_feed === true && p.ig_stories !== true) return 'ig_feed';
  throw new ErroHttp(400, MENSAGENS_PUBLICACAO.alvoIndefinido);
}

const resultadoDoItem = (item: ItemRegistro, alvo: AlvoSocial): ResultadoPublicacao => {
  const c = CAMPOS_DO_ALVO[alvo];
  return { [c.valida]: item[c.valida], [c.id]: item[c.id], [c.url]: item[c.url] };
};

export function criarPublicacaoService(dep: { db: Db; integracoes: IntegracoesService; publicUrl: string }) {
  const { db } = dep;
  /** Graph fetches the file itself: it needs the absolute public address. */
  const absoluto = (url: string) => (/^https?:\/\//.test(url) ? url : `${dep.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

  return {
    /**
     * `POST /api/integracao/{rede}/incluir-{banner|vendido}`. Idempotent per item × target: an item already published
     * answers what is stored; a concurrent request gets 409; a retry after a crash resumes the same publication.
     */
    async publicar(tipo: TipoPublicacao, rede: Rede, pedido: Pedido) {
      const alvo = alvoDoPedido(rede, pedido);
      const item = await bannersRepository.buscar(db, tipo, pedido.revenda, pedido.id);
      if (!item) throw naoEncontrado(MENSAGENS_PUBLICACAO.naoEncontrado(tipo));
      const sucesso = MENSAGENS_PUBLICACAO.publicado(tipo, alvo);
      if (item[VALIDACAO_DO_ALVO[alvo]]) return { mensagem: sucesso, ...resultadoDoItem(item, alvo) };

      const acesso = await dep.integracoes.paraPublicar(item.revenda_id, rede);
      const destino = String(acesso?.config.page_id ?? '');
      const token = acesso?.segredos.page_token || acesso?.segredos.user_token || '';
      if (!acesso?.status || !destino || !token) throw new ErroHttp(422, MENSAGENS_PUBLICACAO.integracaoInativa(ROTULO_CANAL[rede]));

      // Spec 3 §4: a publish request sets the requested flag (Instagram: one of stories / feed).
      await bannersRepository.mesclar(
        db,
        tipo,
        item.id,
        rede === 'facebook' ? { fb_feed: true } : { ig_stories: alvo === 'ig_stories', ig_feed: alvo === 'ig_feed' },
      );

      const chave = { tipo, item_id: item.id, alvo };
      const vez = await publicacoesRepository.tomar(db, { ...chave, revenda_id: item.revenda_id });
      if (!vez) {
        const atual = await publicacoesRepository.buscar(db, chave);
        if (atual?.fase === 'concluida') return { mensagem: sucesso, ...(atual.resultado as ResultadoPublicacao) };
        throw new ErroHttp(409, MENSAGENS_PUBLICACAO.emAndamento);
      }

      const midia = item.imagem[0];
      if (!midia) throw new ErroHttp(400, MENSAGENS_PUBLICACAO.erro(tipo, alvo));
      const arquivo = { url: absoluto(midia.fileUrl), video: Boolean(midia.video) };
      const passos = {
        registrar: (fase: 'container' | 'enviando_fb', containerId?: string) =>
          publicacoesRepository.avancar(db, vez.id, fase, containerId),
      };
      const retomada = { containerId: vez.container_id, fbDesde: vez.fase === 'enviando_fb' ? vez.updated_at : null };
      let r: Resultado<Postagem>;
      try {
        // Measured as the adapters' calls are (canais/medicao.ts): this path reaches the Graph API directly.
        r = await medirChamada(alvo === 'fb_feed' ? 'facebook' : 'instagram', 'publicarPostagem', () =>
          alvo === 'fb_feed'
            ? publicarFacebook(acesso.ctx, { id: destino, token }, arquivo, item.texto, retomada, passos)
            : publicarInstagram(acesso.ctx, { id: destino, token }, alvo, arquivo, item.texto, retomada, passos),
        );
      } catch (e) {
        await publicacoesRepository.liberar(db, vez.id, true);
        throw e;
      }
      if (!r.ok) {
        await publicacoesRepository.liberar(db, vez.id, r.erro.tipo === 'transient');
        throw new ErroHttp(
          explicarErro(rede, r.erro).statusCode,
          `${MENSAGENS_PUBLICACAO.erro(tipo, alvo)} ${explicarErro(rede, r.erro).message}`,
        );
      }
      const c = CAMPOS_DO_ALVO[alvo];
      const resultado: ResultadoPublicacao = { [c.valida]: true, [c.id]: r.valor.id, [c.url]: r.valor.url };
      await db.transaction(async (tx) => {
        await bannersRepository.mesclar(tx, tipo, item.id, resultado);
        await publicacoesRepository.concluir(tx, vez.id, resultado);
      });
      return { mensagem: sucesso, ...resultado };
    },
  };
}
export type PublicacaoService = ReturnType<typeof criarPublicacaoService>;
