import {
  CANAIS,
  type ImagemVeiculoEntrada,
  type IntegracaoVeiculo,
  LIMPEZA_DIAS,
  LIMPEZA_MAXIMO,
  MENSAGENS,
  MENSAGENS_REVENDA,
  MENSAGENS_VEICULO,
  ROTULO_CANAL,
  type Veiculo,
  type VeiculoValidado,
} from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import { codigoNoCanal } from '../../canais/publicacao.ts';
import type { Db, Executor } from '../../db/cliente.ts';
import type { LocalAnuncioVeiculo } from '../../db/schema/index.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { Armazenamento } from '../../midia/armazenamento.ts';
import { chaveDoOriginal, pastaConferida, removerImagemEnviada, urlDaRevenda } from '../../midia/imagens-enviadas.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { vendasRepository } from '../vendas/vendas.repository.ts';
import {
  type ImagemGravacao,
  type ImagemRegistro,
  type VeiculoGravacao,
  type VeiculoRegistro,
  veiculosRepository,
} from './veiculos.repository.ts';
import { textoDoCampo } from './veiculos.texto.ts';
import { atividadeDoVeiculo } from './veiculos-atividade.repository.ts';
import { veiculosListaRepository } from './veiculos-lista.repository.ts';
import { type FilaVeiculo, veiculosModeracaoRepository } from './veiculos-moderacao.repository.ts';
import { pacoteDoVeiculo } from './veiculos-pacote.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Fields compared for the change log, in form order. */
const CAMPOS_LOG = [
  'vetipoveiculo',
  'vefipe_marca',
  've_modelo',
  've_versao',
  'vefipe_codigo',
  'veano_fabricacao',
  'vefipe_ano_modelo',
  'vefipe_combustivel',
  'vecambio',
  'vecor',
  'veportas',
  'vecarroceria',
  'veiplaca',
  'vequilometragem',
  'vevalor',
  'vecodigo_interno',
  'veobservacao',
  'veveiculonovo',
  'veipva_pago',
  'veblindado',
  'vegarantia_fabrica',
  'veexibir_site',
  'opcionais',
  'locais_anuncio',
] as const;

export const imagemParaApi = (i: ImagemRegistro) => ({
  id: i.id,
  imagem: i.imagem,
  fileName: i.file_name,
  fileUrl: i.file_url,
  fileThumb: i.file_thumb ?? i.file_url,
  fileOriginal: i.file_original ?? i.file_url,
});

export function criarVeiculosService(
  db: Db,
  armazenamento: Armazenamento,
  log: (m: string) => void = () => {},
  /** After a save that marked published adverts desatualizado (committed): the sync (issue 24 item 1). */
  aposDesatualizar?: (idRevenda: string) => Promise<unknown>,
) {
  async function revendaDe(idRevenda: string) {
    const r = await revendasRepository.buscar(db, idRevenda);
    if (!r) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
    return r;
  }

  async function registro(ex: Executor, idRevenda: string, idVeiculo: string, travar = false) {
    const v = await veiculosRepository.buscar(ex, idRevenda, idVeiculo, travar);
    if (!v) throw naoEncontrado(MENSAGENS_VEICULO.naoEncontrado);
    return v;
  }

  /**
   * Photos must be files this product stored for this reseller (the upload route's answer), never any address. The
   * stored folder is derived from the checked addresses: a folder as sent (another reseller's) would be removed later.
   */
  function conferirImagens(idRevenda: string, imagens: ImagemVeiculoEntrada[]): ImagemGravacao[] {
    const invalida = () => new ErroHttp(400, MENSAGENS_VEICULO.imagemInvalida, { imagens: MENSAGENS_VEICULO.imagemInvalida });
    return imagens.map((im) => {
      if (![im.fileUrl, im.fileThumb, im.fileOriginal].every((url) => urlDaRevenda(armazenamento, url, idRevenda))) throw invalida();
      const pasta = pastaConferida(armazenamento, im, idRevenda);
      if (pasta === undefined) throw invalida();
      return {
        imagem: pasta,
        file_name: im.fileName,
        file_url: im.fileUrl,
        file_thumb: im.fileThumb,
        file_original: im.fileOriginal,
      };
    });
  }

  /**
   * Removes the files of photos no longer used (every rendition: the upload's folder, and the three addresses for
   * files stored elsewhere); photos still listed in `manter` stay. A failure is logged, never undoes the save.
   */
  async function apagarArquivos(idRevenda: string, imagens: ImagemRegistro[], manter: ImagemGravacao[] = []) {
    const usadas = new Set(manter.flatMap((i) => [i.imagem, i.file_url, i.file_thumb, i.file_original]));
    const alvos = imagens.filter((i) => ![i.imagem, i.file_url, i.file_thumb, i.file_original].some((u) => u && usadas.has(u)));
    await Promise.all(
      alvos.map(async (i) => {
        const entrada = {
          imagem: i.imagem ?? undefined,
          fileUrl: i.file_url,
          fileThumb: i.file_thumb ?? undefined,
          fileOriginal: i.file_original ?? undefined,
        };
        const chaves = [i.file_url, i.file_thumb, i.file_original]
          .flatMap((u) => (u && urlDaRevenda(armazenamento, u, idRevenda) ? [armazenamento.chaveDaUrl(u)] : []))
          .filter((c) => c !== null);
        try {
          await removerImagemEnviada(armazenamento, entrada, idRevenda);
          await Promise.all(chaves.map((c) => armazenamento.remover(c)));
        } catch (e) {
          log(`falha ao remover os arquivos da foto ${i.file_url}: ${String(e)}`);
        }
      }),
    );
  }

  /** Form values → stored values (spec 2 §3–§5), with the catalogue ids resolved on the server. */
  async function paraGravacao(
    ex: Executor,
    idRevenda: string,
    d: VeiculoValidado,
    siteRevenda: boolean,
    atual?: VeiculoRegistro,
  ): Promise<VeiculoGravacao> {
    const ids = [...new Set(d.opcionais)];
    const opcionais = await veiculosRepository.opcionaisPorId(ex, ids);
    if (opcionais.length !== ids.length)
      throw new ErroHttp(400, MENSAGENS_VEICULO.opcionalInvalido, { opcionais: MENSAGENS_VEICULO.opcionalInvalido });
    opcionais.sort((a, b) => b.ordenacao - a.ordenacao || a.descricao.localeCompare(b.descricao, 'pt-BR'));
    const idsLocais = [...new Set(d.locais_anuncio.map((l) => l.id))];
    const locais = await veiculosRepository.locaisDaRevenda(ex, idRevenda, idsLocais);
    if (locais.length !== idsLocais.length)
      throw new ErroHttp(400, MENSAGENS_VEICULO.localInvalido, { locais_anuncio: MENSAGENS_VEICULO.localInvalido });
    const escolhas = new Map(d.locais_anuncio.map((l) => [l.id, l]));
    const locaisGravados: LocalAnuncioVeiculo[] = locais.map((l) => {
      const e = escolhas.get(l.id);
      const codigoVersao = e?.codigoVersao ?? null;
      // The version's name goes with its code (shown instead of the code); no code, no name.
      return {
        ...l,
        codigoMarca: e?.codigoMarca ?? null,
        codigoModelo: e?.codigoModelo ?? null,
        codigoVersao,
        versao: codigoVersao ? (e?.versao ?? null) : null,
      };
    });
    return {
      vetipoveiculo: d.vetipoveiculo,
      vefipe_marca: d.vefipe_marca,
      ve_modelo: d.ve_modelo,
      ve_versao: d.ve_versao,
      vefipe_name: `${d.ve_modelo} ${d.ve_versao}`,
      vefipe_codigo: d.vefipe_codigo,
      veano_fabricacao: d.veano_fabricacao,
      vefipe_ano_modelo: d.vefipe_ano_modelo,
      vefipe_combustivel: d.vefipe_combustivel,
      vecambio: d.vecambio,
      vecor: d.vecor,
      veportas: d.veportas,
      vecarroceria: d.vetipoveiculo === 'carro' ? d.vecarroceria : null,
      veiplaca: d.veiplaca || null,
      // A new (0 km) vehicle is saved with km 0 (spec 2 §4).
      vequilometragem: d.veveiculonovo === 1 ? '0' : String(Number(d.vequilometragem)),
      vevalor: d.vevalor,
      vecodigo_interno: d.vecodigo_interno,
      veobservacao: d.veobservacao,
      veveiculonovo: d.veveiculonovo,
      veipva_pago: d.veipva_pago,
      veblindado: d.veblindado,
      vegarantia_fabrica: d.vegarantia_fabrica,
      // The checkbox exists only when the reseller has site_revenda; otherwise the stored value stays.
      veexibir_site: siteRevenda ? d.veexibir_site : (atual?.veexibir_site ?? true),
      opcionais,
      locais_anuncio: locaisGravados,
    };
  }

  /** What the moderation screens show (spec 2 §3): the vehicle's headline and each channel's status. */
  async function enfileirar(
    ex: Executor,
    fila: FilaVeiculo,
    r: { penome_fantasia: string; logotipo: string | null },
    v: VeiculoRegistro,
    imagens: { file_thumb: string | null; file_url: string }[],
  ) {
    const { daRevenda, doVeiculo } = await veiculosRepository.integracoes(ex, v.revenda_id, v.id);
    await veiculosModeracaoRepository.enfileirar(ex, fila, {
      idRevenda: v.revenda_id,
      idVeiculo: v.id,
      revenda: r.penome_fantasia,
      logo_revenda: r.logotipo,
      vedataremovido: v.vedataremovido,
      dados: {
        veiculo: {
          imagens: imagens.slice(0, 1).map((i) => ({ fileThumb: i.file_thumb ?? i.file_url })),
          vefipe_marca: v.vefipe_marca,
          vefipe_name: v.vefipe_name,
          veano_fabricacao: v.veano_fabricacao,
          vefipe_ano_modelo: v.vefipe_ano_modelo,
        },
        integracao_revenda: Object.fromEntries(daRevenda.map((i) => [i.canal, { status: i.status }])),
        integracao_veiculo: Object.fromEntries(doVeiculo.map((i) => [i.canal, { status: i.status, id_anuncio: i.id_anuncio }])),
      },
    });
  }

  return {
    listar: (idRevenda: string) => veiculosListaRepository.listar(db, idRevenda),
    historico: (idRevenda: string) => veiculosListaRepository.historico(db, idRevenda),

    /** One row of the list, for patching a cached list on a live event; 404 when it left the list. */
    async linha(idRevenda: string, idVeiculo: string) {
      const l = await veiculosListaRepository.linha(db, idRevenda, idVeiculo);
      if (!l) throw naoEncontrado(MENSAGENS_VEICULO.naoEncontrado);
      return l;
    },
    async linhaHistorico(idRevenda: string, idVeiculo: string) {
      const l = await veiculosListaRepository.linhaHistorico(db, idRevenda, idVeiculo);
      if (!l) throw naoEncontrado(MENSAGENS_VEICULO.naoEncontrado);
      return l;
    },

    /** The whole vehicle (view and change screens). A removed vehicle is for admins only (spec 2 §6). */
    async buscar(idRevenda: string, idVeiculo: string, quem: UsuarioDaSessao): Promise<Veiculo> {
      const v = await registro(db, idRevenda, idVeiculo);
      if (v.veremovido === 1 && quem.role !== 'admin') throw new ErroHttp(403, MENSAGENS_VEICULO.removidoSoAdmin);
      const [imagens, { daRevenda, doVeiculo }, venda] = await Promise.all([
        veiculosRepository.imagens(db, idVeiculo),
        veiculosRepository.integracoes(db, idRevenda, idVeiculo),
        vendasRepository.daVeiculo(db, idVeiculo),
      ]);
      const integracoes: IntegracaoVeiculo[] = CANAIS.map((canal) => {
        const cfg = daRevenda.find((i) => i.canal === canal);
        const anuncio = doVeiculo.find((i) => i.canal === canal);
        return {
          canal,
          descricao: ROTULO_CANAL[canal],
          configurada: Boolean(cfg),
          status_configuracao: cfg?.status ?? false,
          publicado: anuncio?.status ?? false,
          id_anuncio: anuncio?.id_anuncio ?? null,
          url_anuncio: anuncio?.url_anuncio ?? null,
          codigo_anuncio: codigoNoCanal(canal, anuncio?.dados),
          estado: anuncio?.estado ?? null,
          ultimo_erro: anuncio?.ultimo_erro ?? null,
          desatualizado: anuncio?.desatualizado ?? false,
          operacao: anuncio?.operacao ?? null,
          sincronizado_em: iso(anuncio?.respondido_em ?? null),
        };
      });
      return {
        ...v,
        imagens: imagens.map(imagemParaApi),
        vedataremovido: iso(v.vedataremovido),
        created_at: v.created_at.toISOString(),
        updated_at: v.updated_at.toISOString(),
        versao: v.updated_at.toISOString(),
        integracoes,
        venda,
      };
    },

    /**
     * Include (spec 2 §4): every flag 0; moderation entry "incluidos" in the same transaction. `junto` runs in that
     * transaction too (the stock import marks its row done there; a throw undoes the include).
     */
    async criar(idRevenda: string, d: VeiculoValidado, quem: UsuarioDaSessao, junto?: (tx: Executor, id: string) => Promise<void>) {
      const r = await revendaDe(idRevenda);
      const imagens = conferirImagens(idRevenda, d.imagens);
      return db.transaction(async (tx) => {
        const dados = await paraGravacao(tx, idRevenda, d, Boolean(r.recursos?.site_revenda));
        const v = await veiculosRepository.inserir(tx, idRevenda, dados, quem.id);
        await veiculosRepository.substituirImagens(tx, idRevenda, v.id, imagens);
        await enfileirar(tx, 'incluidos', r, v, imagens);
        await junto?.(tx, v.id);
        return { id: v.id };
      });
    },

    /**
     * Change (spec 2 §4): optimistic lock on `versao`, vealterado=1 and vevalidacaoalterado=0, one change-log entry
     * with each changed field old → new, and an "alterados" entry, all in one transaction (with `junto`, as in criar).
     */
    async alterar(
      idRevenda: string,
      idVeiculo: string,
      d: VeiculoValidado & { versao: string },
      quem: UsuarioDaSessao,
      junto?: (tx: Executor, id: string) => Promise<void>,
    ) {
      const r = await revendaDe(idRevenda);
      const imagens = conferirImagens(idRevenda, d.imagens);
      const { antigas, desatualizados } = await db.transaction(async (tx) => {
        const atual = await registro(tx, idRevenda, idVeiculo, true);
        if (atual.updated_at.getTime() !== new Date(d.versao).getTime()) throw new ErroHttp(409, MENSAGENS.conflitoVersao);
        if (atual.veremovido === 1) throw new ErroHttp(409, MENSAGENS_VEICULO.removidoNaoAltera); // a removed vehicle is not changed
        const dados = await paraGravacao(tx, idRevenda, d, Boolean(r.recursos?.site_revenda), atual);
        const campos: Record<string, { antiga: string; nova: string }> = {};
        for (const campo of CAMPOS_LOG) {
          const antiga = textoDoCampo(campo, atual[campo]);
          const nova = textoDoCampo(campo, dados[campo]);
          if (antiga !== nova) campos[campo] = { antiga, nova };
        }
        const imagensAtuais = (await veiculosRepository.imagens(tx, idVeiculo)).map(imagemParaApi);
        const antes = textoDoCampo('imagens', imagensAtuais);
        const depois = textoDoCampo(
          'imagens',
          imagens.map((i) => ({ fileName: i.file_name })),
        );
        if (antes !== depois) campos.imagens = { antiga: antes, nova: depois };
        const antigas = await veiculosRepository.substituirImagens(tx, idRevenda, idVeiculo, imagens);
        // Saving unchanged data changes nothing (no flag, no log entry, no moderation entry).
        if (Object.keys(campos).length === 0) {
          await junto?.(tx, idVeiculo);
          return { antigas: [], desatualizados: 0 };
        }
        const v = await veiculosRepository.atualizar(tx, idVeiculo, { ...dados, vealterado: 1, vevalidacaoalterado: 0 }, quem.id);
        await veiculosRepository.registrarAlteracao(tx, { idRevenda, idVeiculo, usuarioId: quem.id, usuarioNome: quem.nome, campos });
        const desatualizados = await veiculosRepository.marcarAnunciosDesatualizados(tx, idVeiculo);
        await enfileirar(tx, 'alterados', r, v, imagens);
        await junto?.(tx, idVeiculo);
        return { antigas, desatualizados };
      });
      // A lost queueing is picked up by the next reconciliation round (the adverts stay desatualizado meanwhile).
      if (desatualizados && aposDesatualizar)
        await aposDesatualizar(idRevenda).catch((e: unknown) =>
          log(`atualização dos anúncios: ${e instanceof Error ? e.message : String(e)}`),
        );
      await apagarArquivos(idRevenda, antigas, imagens);
      return { id: idVeiculo };
    },

    /**
     * Delete (spec 2 §4): a reseller user's removal of an active vehicle is soft (history, "removidos" entry); an admin's
     * removal, or removing a vehicle already in the history, is permanent and removes the photo files.
     */
    async remover(idRevenda: string, idVeiculo: string, quem: UsuarioDaSessao) {
      const r = await revendaDe(idRevenda);
      const resultado = await db.transaction(async (tx) => {
        const atual = await registro(tx, idRevenda, idVeiculo, true);
        if (quem.role !== 'admin' && atual.veremovido === 0) {
          const v = await veiculosRepository.atualizar(
            tx,
            idVeiculo,
            {
              veremovido: 1,
              vevalidacaoremovido: 0,
              imagens_verificado: 0,
              veremovido_usuario: quem.id,
              veremovido_usuario_nome: quem.nome,
              vedataremovido: new Date(),
            },
            quem.id,
          );
          await enfileirar(tx, 'removidos', r, v, await veiculosRepository.imagens(tx, idVeiculo));
          return { definitiva: false, imagens: [] as ImagemRegistro[] };
        }
        await veiculosModeracaoRepository.descartarDoVeiculo(tx, idVeiculo);
        return { definitiva: true, imagens: await veiculosRepository.apagar(tx, idVeiculo) };
      });
      await apagarArquivos(idRevenda, resultado.imagens);
      return { definitiva: resultado.definitiva };
    },

    /** Admin: permanently delete history vehicles removed more than 59 days ago or without a date (at most 50). */
    async limparHistorico(idRevenda: string) {
      await revendaDe(idRevenda);
      const alvos = await veiculosRepository.elegiveisLimpeza(db, idRevenda, LIMPEZA_DIAS, LIMPEZA_MAXIMO);
      let n = 0;
      for (const { id } of alvos) {
        const imagens = await db.transaction(async (tx) => {
          await veiculosModeracaoRepository.descartarDoVeiculo(tx, id);
          return veiculosRepository.apagar(tx, id);
        });
        await apagarArquivos(idRevenda, imagens);
        n++;
      }
      return { veiculos: n };
    },

    /** Admin: history vehicles keep only their first photo (at most 50 vehicles a run). */
    async limparImagens(idRevenda: string) {
      await revendaDe(idRevenda);
      const alvos = await veiculosRepository.elegiveisLimpezaImagens(db, idRevenda, LIMPEZA_MAXIMO);
      for (const { id } of alvos) {
        const removidas = await db.transaction((tx) => veiculosRepository.manterPrimeiraImagem(tx, id));
        await apagarArquivos(idRevenda, removidas);
      }
      return { veiculos: alvos.length };
    },

    /** The view's timeline (issue 25 item 5): same access as the view (a removed vehicle: admins only). */
    async atividade(idRevenda: string, idVeiculo: string, quem: UsuarioDaSessao) {
      const v = await registro(db, idRevenda, idVeiculo);
      if (v.veremovido === 1 && quem.role !== 'admin') throw new ErroHttp(403, MENSAGENS_VEICULO.removidoSoAdmin);
      return atividadeDoVeiculo(db, v);
    },

    async alteracoes(idRevenda: string, idVeiculo: string) {
      const v = await registro(db, idRevenda, idVeiculo);
      return { veiculo: v, alteracoes: await veiculosRepository.alteracoes(db, idVeiculo), revenda: await revendaDe(idRevenda) };
    },

    /** The package download: the vehicle (same access as the view) and its zip, streamed. */
    async pacote(idRevenda: string, idVeiculo: string, quem: UsuarioDaSessao) {
      const veiculo = await this.buscar(idRevenda, idVeiculo, quem);
      const revenda = await revendaDe(idRevenda);
      return { veiculo, arquivo: pacoteDoVeiculo(veiculo, idRevenda, revenda.penome_fantasia, armazenamento, log) };
    },

    /** One photo's original file, as a download. */
    async fotoOriginal(idRevenda: string, idVeiculo: string, idImagem: string, quem: UsuarioDaSessao) {
      const v = await this.buscar(idRevenda, idVeiculo, quem);
      const im = v.imagens.find((i) => i.id === idImagem);
      const chave = im ? await chaveDoOriginal(armazenamento, { ...im, imagem: im.imagem ?? undefined }, idRevenda) : null;
      const aberto = chave ? await armazenamento.abrir(chave) : null;
      if (!im || !chave || !aberto) throw naoEncontrado(MENSAGENS_VEICULO.imagemNaoCarregou);
      const extensao = chave.match(/\.(\w+)$/)?.[1]?.toLowerCase() ?? 'jpg';
      const tipo = aberto.tipo ?? ({ png: 'image/png', webp: 'image/webp' }[extensao] || 'image/jpeg');
      const nome = im.fileName.includes('.') ? im.fileName : `${im.fileName}.${extensao}`;
      return { corpo: aberto.corpo, tamanho: aberto.tamanho, tipo, nome };
    },

    revendaDe,
  };
}
export type VeiculosService = ReturnType<typeof criarVeiculosService>;
