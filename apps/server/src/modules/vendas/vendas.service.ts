import { type AlvoSocial, type CanalId, MENSAGENS_VENDA as M, MENSAGENS_VEICULO, REDE_DO_ALVO } from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import { emParalelo } from '../../lib/paralelo.ts';
import { type Armazenamento, lerArquivo } from '../../midia/armazenamento.ts';
import { chaveDoOriginal } from '../../midia/imagens-enviadas.ts';
import type { ImagensService } from '../arquivos/imagens.service.ts';
import type { BannersService } from '../banners/banners.service.ts';
import type { PublicacaoService } from '../banners/publicar.service.ts';
import { explicarErro, type IntegracoesService } from '../integracoes/integracoes.service.ts';
import { publicacaoRepository } from '../publicacao/publicacao.repository.ts';
import { LEASE_SEGUNDOS, type PublicacaoVeiculoService } from '../publicacao/publicacao.service.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { veiculosRepository } from '../veiculos/veiculos.repository.ts';
import { type RemocaoRegistro, vendasRepository as repo } from './vendas.repository.ts';

export const TAREFA_RETIRAR = 'vendas-retirar-anuncios';
export const TAREFA_VENDIDO = 'vendas-publicar-vendido';

/**
 * How the removal job spreads its calls: channels at once, removals in flight per channel (a channel's rate limit is
 * never hit by a burst of sales), how often a run looks for channels newly waiting, and how long one run takes new
 * work (below the job's 10 minutes; what is left goes to the next run).
 */
export type LimitesRetirada = { canais: number; porCanal: number; releituraMs: number; duracaoMs: number };
export const LIMITES_RETIRADA: LimitesRetirada = { canais: 4, porCanal: 3, releituraMs: 250, duracaoMs: 8 * 60_000 };

const esperar = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

type Dep = {
  db: Db;
  publicacao: PublicacaoVeiculoService;
  integracoes: IntegracoesService;
  banners: BannersService;
  publicacaoSocial: PublicacaoService;
  imagens: ImagensService;
  armazenamento: Armazenamento;
  /** Queues a background job (Tarefas.enviar). */
  enfileirar: (nome: string, dados: object) => Promise<unknown>;
  log: (m: string) => void;
};

/** The sold post goes to each network's feed where the reseller's integration is active. */
const ALVOS_VENDIDO: AlvoSocial[] = ['ig_feed', 'fb_feed'];

/**
 * "Marcar como vendido" (issue 16): the sale in one transaction, then a background job takes every advert down
 * through the channels' `excluir` (the same adapters and sessions as Excluir), each removal claimed with a lease so
 * a double click, two instances or a crash never remove an advert twice nor leave its state unknown.
 */
/** The sale already has the sold item of another run of the job. */
class JaVinculado extends Error {}

export function criarVendasService(dep: Dep) {
  const { db } = dep;

  async function veiculoDaRevenda(idRevenda: string, idVeiculo: string) {
    const v = await veiculosRepository.buscar(db, idRevenda, idVeiculo);
    if (!v) throw naoEncontrado(MENSAGENS_VEICULO.naoEncontrado);
    return v;
  }

  async function vendaDoVeiculo(idVeiculo: string) {
    const venda = await repo.daVeiculo(db, idVeiculo);
    if (!venda) throw new ErroHttp(409, M.naoVendido);
    return venda;
  }

  /**
   * One removal this worker claimed. A send still pending waits for the publishing reconciliation, a change
   * (alterar) in flight for its answer, a removal in flight (Excluir, a blocked deal) for its end: each holds the
   * advert's lease, and no send or change takes a new one on a sold vehicle. The channel is called only under the
   * advert's own removal lease (`tomarExclusao`, shared with Excluir), so Excluir and the sale never both call it.
   * An advert whose record is gone was removed meanwhile (Excluir): nothing to call. After a crash the lease runs
   * out and the removal is repeated (the channel answers "already removed"); nothing ever published counts as
   * removed without a call.
   */
  async function retirar(r: RemocaoRegistro): Promise<'removido' | 'falhou' | 'removendo'> {
    const canal = r.canal as CanalId;
    const a = { veiculoId: r.veiculo_id, canal };
    const anuncio = await publicacaoRepository.buscar(db, a);
    if (anuncio?.estado === 'pendente') {
      await repo.adiar(db, r.id, M.aguardandoEnvio);
      return 'removendo';
    }
    // A change or removal held past its lease died: it does not hold the removal (the removal takes it over).
    if (anuncio?.lease_ate && anuncio.lease_ate.getTime() > Date.now()) {
      await repo.adiar(db, r.id, anuncio.operacao === 'excluir' ? M.aguardandoExclusao : M.aguardandoAlteracao);
      return 'removendo';
    }
    if (anuncio?.estado !== 'publicado' || !anuncio.id_anuncio) {
      // Nothing online: never published, the send failed, or the advert was removed meanwhile (Excluir, the
      // reconciliation: that removal already marked this one removido, with its note, and this write matches nothing).
      await repo.removido(db, r);
      return 'removido';
    }
    const idAnuncio = anuncio.id_anuncio;
    const tomado = await dep.publicacao.tomarExclusao(a, idAnuncio);
    if (!tomado) {
      // Taken by Excluir or a change between the read and the lease: the next round sees how it ended.
      await repo.adiar(db, r.id, M.aguardandoExclusao);
      return 'removendo';
    }
    let resposta: Awaited<ReturnType<PublicacaoVeiculoService['concluirExclusao']>>;
    try {
      // Removed (or already) → the advert's record is deleted and this removal removido (with Instagram's manual
      // note), in one transaction (`anuncioRetirado`); no answer → the advert's lease ends for a new try.
      resposta = await dep.publicacao.concluirExclusao(tomado);
    } catch (e) {
      // The integration is inactive or gone (422): the dealer must act, then "Tentar de novo".
      if (e instanceof ErroHttp) {
        await repo.falhou(db, r.id, e.message);
        return 'falhou';
      }
      throw e;
    }
    if (!resposta.ok) {
      const texto = explicarErro(canal, resposta.erro).message;
      // Unknown outcome (time-out, 5xx): asked again at the next round.
      if (resposta.erro.tipo === 'transient') {
        await repo.adiar(db, r.id, texto);
        return 'removendo';
      }
      await repo.falhou(db, r.id, texto);
      return 'falhou';
    }
    return 'removido';
  }

  /** The sold item from the vehicle's first photo (with the reseller's sold frame) and sold text, made once. */
  async function criarVendido(idVeiculo: string, idRevenda: string, idUsuario: string) {
    const revenda = await revendasRepository.buscar(db, idRevenda);
    const [foto] = await veiculosRepository.imagens(db, idVeiculo);
    const chave = foto
      ? await chaveDoOriginal(
          dep.armazenamento,
          {
            imagem: foto.imagem ?? undefined,
            fileOriginal: foto.file_original ?? undefined,
            fileUrl: foto.file_url,
          },
          idRevenda,
        )
      : null;
    const dados = chave ? await lerArquivo(dep.armazenamento, chave) : null;
    if (!revenda || !foto || !dados) return null;
    const imagem = await dep.imagens.enviar(idRevenda, 'vendido', { dados, nome: foto.file_name });
    const ativa = async (rede: 'instagram' | 'facebook') => Boolean((await dep.integracoes.paraPublicar(idRevenda, rede))?.status);
    const [instagram, facebook] = await Promise.all([ativa('instagram'), ativa('facebook')]);
    return dep.banners.incluir(
      'vendido',
      idRevenda,
      { imagem: [imagem], texto: revenda.peblocotextovendidos ?? '', ig_stories: false, ig_feed: instagram, fb_feed: facebook },
      { id: idUsuario },
      async (tx, item) => {
        if (!(await repo.vincularVendido(tx, idVeiculo, item.id))) throw new JaVinculado();
      },
    );
  }

  return {
    /**
     * Marks the vehicle sold: sale row, vevendido = 1 and a removal per advert in ONE transaction (a second click
     * finds the sale: 409, nothing removed twice), then the jobs are queued.
     */
    async vender(idRevenda: string, idVeiculo: string, publicarVendido: boolean, quem: UsuarioDaSessao) {
      const venda = await db.transaction(async (tx) => {
        const v = await veiculosRepository.buscar(tx, idRevenda, idVeiculo, true);
        if (!v) throw naoEncontrado(MENSAGENS_VEICULO.naoEncontrado);
        if (v.veremovido === 1) throw new ErroHttp(422, M.veiculoRemovido);
        if (v.vevendido === 1) throw new ErroHttp(409, M.jaVendido);
        const nova = await repo.vender(tx, { idRevenda, idVeiculo, idUsuario: quem.id, publicarVendido });
        if (!nova) throw new ErroHttp(409, M.jaVendido);
        return nova;
      });
      await dep.enfileirar(TAREFA_RETIRAR, {});
      if (venda.publicar_vendido) await dep.enfileirar(TAREFA_VENDIDO, { idVeiculo });
      const atual = await vendaDoVeiculo(idVeiculo);
      // On no channel, nothing is being removed: the answer only says the sale was recorded (issue 23 item 20).
      return { mensagem: atual.remocoes.length === 0 ? M.vendidoSemCanais : M.vendido, venda: atual };
    },

    /** "Desfazer venda": the same day only; never republishes (the answer says so). */
    async desfazer(idRevenda: string, idVeiculo: string, quem: UsuarioDaSessao) {
      await veiculoDaRevenda(idRevenda, idVeiculo);
      const r = await db.transaction((tx) => repo.desfazer(tx, idVeiculo, quem.id));
      if (r === 'naoVendido') throw new ErroHttp(409, M.naoVendido);
      if (r === 'foraDoDia') throw new ErroHttp(422, M.foraDoDia);
      return { mensagem: M.desfeito };
    },

    /** "Tentar de novo": a failed removal goes back to removendo and the job runs. */
    async tentarDeNovo(idRevenda: string, idVeiculo: string, canal: CanalId) {
      await veiculoDaRevenda(idRevenda, idVeiculo);
      if (!(await repo.tentarDeNovo(db, idVeiculo, canal))) throw new ErroHttp(409, M.naoFalhou);
      await dep.enfileirar(TAREFA_RETIRAR, {});
      return { mensagem: M.tentarDeNovo, venda: await vendaDoVeiculo(idVeiculo) };
    },

    /**
     * The removal job (after a sale, a retry, and every minute): every removal waiting (new, transient failure, or
     * claimed by a worker that died and whose lease ran out) is claimed and taken to the channel. Channels run side
     * by side (at most `limites.canais` at once), each with at most `limites.porCanal` removals in flight, and the run
     * goes on until nothing is left: a sale made during it is taken by it (its channel's lane reads again, and new
     * channels are looked for every `releituraMs`). A removal put off during the run (a send still pending, no
     * answer) waits for the next run, so one run never spins on it.
     */
    async retirarAnuncios(limites: LimitesRetirada = LIMITES_RETIRADA) {
      const contagem = { removido: 0, falhou: 0, removendo: 0 };
      const desde = await repo.agora(db);
      const ate = Date.now() + limites.duracaoMs;
      const uma = async (id: string) => {
        const r = await repo.reivindicar(db, id, LEASE_SEGUNDOS);
        if (!r) return; // another run or instance took it
        try {
          contagem[await retirar(r)]++;
        } catch (e) {
          // Unexpected (database, programming): the lease stays, so the row is taken again once it runs out.
          contagem.removendo++;
          dep.log(`retirada do anúncio ${r.canal} do veículo ${r.veiculo_id}: ${e instanceof Error ? e.message : String(e)}`);
        }
      };
      // One lane per channel: reads its waiting removals a few at a time until none is left.
      const faixa = async (canal: string) => {
        while (Date.now() < ate) {
          const lote = await repo.aRemover(db, { canal, desde, limite: limites.porCanal * 4 });
          if (!lote.length) return;
          await emParalelo(
            lote.map((l) => l.id),
            limites.porCanal,
            uma,
          );
        }
      };
      const faixas = new Map<string, Promise<void>>();
      for (;;) {
        if (faixas.size < limites.canais && Date.now() < ate) {
          for (const canal of await repo.canaisARemover(db, desde)) {
            if (faixas.size >= limites.canais) break;
            if (faixas.has(canal)) continue;
            const p = faixa(canal)
              .catch((e) => dep.log(`retirada de anúncios ${canal}: ${e instanceof Error ? e.message : String(e)}`))
              .finally(() => faixas.delete(canal));
            faixas.set(canal, p);
          }
        }
        if (!faixas.size) break;
        await Promise.race([...faixas.values(), esperar(limites.releituraMs)]);
      }
      return contagem;
    },

    /**
     * "Publicar vendido": creates the sold item once (linked to the sale in the same transaction) and publishes it to
     * each network whose integration is active, through the sold screens' idempotent publishing.
     */
    async publicarVendido(idVeiculo: string) {
      const venda = await repo.venda(db, idVeiculo);
      if (!venda?.publicar_vendido) return;
      let idVendido = venda.vendido_id;
      if (!idVendido) {
        try {
          const item = await criarVendido(idVeiculo, venda.revenda_id, venda.usuario_id ?? '');
          if (!item) return repo.erroVendido(db, idVeiculo, M.semFoto);
          idVendido = item.id;
        } catch (e) {
          // Another run of the job (a retry, a second instance) linked its item first: ours was rolled back.
          if (!(e instanceof JaVinculado)) throw e;
          idVendido = (await repo.venda(db, idVeiculo))?.vendido_id ?? null;
          if (!idVendido) return;
        }
      }
      const item = await dep.banners.buscar('vendido', venda.revenda_id, idVendido);
      const alvos = ALVOS_VENDIDO.filter((a) => item[a]);
      if (!alvos.length) return repo.erroVendido(db, idVeiculo, M.semRedes);
      const erros: string[] = [];
      for (const alvo of alvos) {
        try {
          await dep.publicacaoSocial.publicar('vendido', REDE_DO_ALVO[alvo], {
            id: item.id,
            revenda: item.revenda_id,
            ig_stories: false,
            ig_feed: alvo === 'ig_feed',
            fb_feed: alvo === 'fb_feed',
          });
        } catch (e) {
          // 409: another run of the job is publishing this very post (each target is published once): not a failure.
          if (e instanceof ErroHttp && e.statusCode === 409) continue;
          erros.push(e instanceof Error ? e.message : String(e));
        }
      }
      await repo.erroVendido(db, idVeiculo, erros.length ? erros.join(' ') : null);
    },
  };
}
export type VendasService = ReturnType<typeof criarVendasService>;
