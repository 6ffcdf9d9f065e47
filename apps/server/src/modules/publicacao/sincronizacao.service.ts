import { CANAIS, type CanalId, type ModoSincronizacao, MENSAGENS_SINCRONIZACAO as MS } from '@intermedio/contracts';
import { canal as adaptador } from '../../canais/registro.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { PublicacaoVeiculoService } from './publicacao.service.ts';
import { sincronizacaoRepository as repo } from './sincronizacao.repository.ts';

/** The sync job's queue (one run waiting at most; the run takes everything waiting, as the sale's removals). */
export const TAREFA_SINCRONIZAR = 'publicacao-sincronizar';

/** Updates in flight at once in a run (each on its own vehicle × channel), and the rounds of one advert in a run. */
const PARALELO = 8;
const VOLTAS_POR_ANUNCIO = 5;
/** A run stops taking new work after this (the job's limit is 10 minutes). */
const LIMITE_RUN_MS = 8 * 60_000;

type Dep = {
  db: Db;
  publicacao: PublicacaoVeiculoService;
  /** Queues the sync job now (Tarefas.enviar, which wakes this instance's worker). */
  enfileirar: () => Promise<unknown>;
  log: (m: string) => void;
};

const podeAtualizar = (c: CanalId) => Boolean(adaptador(c).publicacao?.atualizar && adaptador(c).publicacao?.postAtualizado);
const publica = (c: CanalId) => Boolean(adaptador(c).publicacao);

/**
 * Sync of published adverts (issue 24 item 1, docs/publicacao.md "Sync"): after a vehicle save (reseller setting
 * "automático"), the button "Atualizar em todos os canais" or "Tentar de novo", the job updates each published,
 * desatualizado advert at its channel, per advert in parallel, each as a durable change (`atualizarAnuncio`).
 */
export function criarSincronizacaoService(dep: Dep) {
  const { db } = dep;

  /**
   * One advert: updated until it is current, its update failed or another runner holds it (that runner loops). Two
   * saves in a row: the second is sent once the first update has answered, never at the same time.
   */
  async function atualizar(veiculoId: string, canal: CanalId) {
    for (let volta = 0; volta < VOLTAS_POR_ANUNCIO; volta++) {
      const r = await dep.publicacao.atualizarAnuncio(canal, veiculoId);
      if (r.desfecho !== 'atualizado') return r.desfecho;
      if (!r.desatualizado) return 'atualizado';
    }
    return 'atualizado';
  }

  return {
    /** The job's run: every advert waiting, until none is left (new saves during the run included). */
    async executar() {
      const desde = new Date();
      const canais = CANAIS.filter(podeAtualizar);
      const motivos = Object.fromEntries(
        CANAIS.filter((c) => publica(c) && !podeAtualizar(c)).map((c) => [c, c === 'instagram' ? MS.instagram : MS.semAtualizacao]),
      );
      await repo.semAtualizacao(db, motivos);
      const contagem: Record<string, number> = {};
      const feitos = new Set<string>();
      while (Date.now() - desde.getTime() < LIMITE_RUN_MS) {
        const lista = (await repo.aSincronizar(db, canais, desde, 200)).filter((x) => !feitos.has(`${x.veiculoId}|${x.canal}`));
        if (lista.length === 0) break;
        let i = 0;
        const faixa = async () => {
          for (let x = lista[i++]; x; x = lista[i++]) {
            feitos.add(`${x.veiculoId}|${x.canal}`);
            try {
              const d = await atualizar(x.veiculoId, x.canal as CanalId);
              contagem[d] = (contagem[d] ?? 0) + 1;
            } catch (e) {
              contagem.erro = (contagem.erro ?? 0) + 1;
              dep.log(`atualização ${x.canal} do veículo ${x.veiculoId}: ${e instanceof Error ? e.message : String(e)}`);
            }
          }
        };
        // Each advert once per run: its lane already looped over saves made during its update; a save after that
        // queued the next run.
        await Promise.all(Array.from({ length: Math.min(PARALELO, lista.length) }, faixa));
      }
      return contagem;
    },

    /** After a save that marked adverts desatualizado: queues the job when the reseller's setting is "automático". */
    async aposSalvar(idRevenda: string) {
      if ((await repo.modo(db, idRevenda)) !== 'automatico') return false;
      await dep.enfileirar();
      return true;
    },

    /** "Atualizar em todos os canais" / "Tentar de novo" (one channel): recorded, then the job queued; answers at once. */
    async pedir(idVeiculo: string, canal?: CanalId) {
      const n = await repo.pedir(db, idVeiculo, canal);
      if (n === 0) throw new ErroHttp(409, MS.nadaAAtualizar);
      await dep.enfileirar();
      return { mensagem: MS.pedida, anuncios: n };
    },

    async modo(idRevenda: string): Promise<ModoSincronizacao> {
      const m = await repo.modo(db, idRevenda);
      if (!m) throw naoEncontrado('Revenda não encontrada.');
      return m;
    },

    async definirModo(idRevenda: string, modo: ModoSincronizacao) {
      const m = await repo.definirModo(db, idRevenda, modo);
      if (!m) throw naoEncontrado('Revenda não encontrada.');
      return m;
    },
  };
}
export type SincronizacaoService = ReturnType<typeof criarSincronizacaoService>;
