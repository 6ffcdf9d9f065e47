import {
  CAMPOS_IMPORTACAO,
  type confirmarImportacaoEntrada,
  type ImagemVeiculoEntrada,
  MENSAGENS_IMPORTACAO as M,
  type MapeamentoImportacao,
  ROTULO_CAMPO_IMPORTACAO,
  ROTULO_RESULTADO_LINHA,
} from '@intermedio/contracts';
import type { z } from 'zod';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import { planilha } from '../exportacoes/planilha.ts';
import type { FipeService } from '../fipe/fipe.service.ts';
import type { VeiculosService } from '../veiculos/veiculos.service.ts';
import { criarCasadorFipe } from './fipe-casar.ts';
import { criarExecucao } from './importacao.execucao.ts';
import { type ImportacaoRegistro, importacaoRepository as repo } from './importacao.repository.ts';
import { adivinharMapeamento, chaveDasColunas, mapeamentoValido } from './mapeamento.ts';
import { COLUNAS_MODELO, LINHA_MODELO } from './modelo.ts';
import { ErroLeitura, lerOrigem } from './parse/index.ts';
import { planejar, resumoDaPrevia } from './previa.ts';

export const TAREFA_IMPORTACAO = 'importacao-executar';
/** Time limit to read a feed URL. */
export const IMPORTACAO_FEED_SEGUNDOS = 30;
const RECENTES = 20;

/** The fields every row needs a column for (the form requires them and has no default). */
const OBRIGATORIOS = ['marca', 'modelo', 'versao', 'ano_fabricacao', 'ano_modelo', 'valor'] as const;

export type ResultadoBusca = { ok: true; status: number; tipo: string; corpo: Buffer; urlFinal: string } | { ok: false; motivo: string };
export type ResultadoFoto = { ok: true; imagem: ImagemVeiculoEntrada } | { ok: false; motivo: string };

export type DepImportacao = {
  db: Db;
  fipe: FipeService;
  veiculos: VeiculosService;
  /** The SSRF-safe fetch (lib/rede-segura buscarSeguro) of a feed URL. */
  buscar: (url: string) => Promise<ResultadoBusca>;
  /** One photo by URL through the image pipeline (importacao/fotos-url.ts baixarFotoPorUrl). */
  baixarFoto: (idRevenda: string, url: string) => Promise<ResultadoFoto>;
  enfileirar: (nome: string, dados: object) => Promise<unknown>;
  log: (m: string) => void;
};

/**
 * Stock import (issue 27 item 1, docs/importacao.md): upload or feed URL → mapping (guessed, remembered per reseller
 * and set of columns) → preview with the form's rules → confirm (rows stored with their plan) → a durable job
 * (importacao.execucao.ts) that creates or updates each row's vehicle through the form's service.
 */
export function criarImportacaoService(dep: DepImportacao) {
  const { db } = dep;
  const execucao = criarExecucao(dep);

  async function registro(idRevenda: string, id: string) {
    const i = await repo.buscar(db, idRevenda, id);
    if (!i) throw naoEncontrado(M.naoEncontrada);
    return i;
  }

  const vazio = { total: 0, feitas: 0, criados: 0, atualizados: 0, ignorados: 0, fotos_falhas: 0 };
  async function paraApi(lista: ImportacaoRegistro[]) {
    const progresso = await repo.progresso(
      db,
      lista.filter((i) => i.estado !== 'rascunho').map((i) => i.id),
    );
    return lista.map((i) => ({
      id: i.id,
      origem: i.origem,
      nome: i.nome,
      estado: i.estado,
      colunas: i.colunas,
      total_linhas: i.total_linhas,
      mapeamento: i.mapeamento,
      progresso: progresso.get(i.id) ?? vazio,
      motivo: i.motivo,
      created_at: i.created_at.toISOString(),
      concluida_em: i.concluida_em?.toISOString() ?? null,
    }));
  }
  async function resposta(i: ImportacaoRegistro) {
    const [api] = await paraApi([i]);
    return { ...(api as NonNullable<typeof api>), amostra: await repo.amostra(db, i.id, 5) };
  }

  async function criar(idRevenda: string, quem: UsuarioDaSessao, nome: string, dados: Buffer, feed: boolean) {
    let t: Awaited<ReturnType<typeof lerOrigem>>;
    try {
      t = await lerOrigem(dados, { feed });
    } catch (e) {
      if (e instanceof ErroLeitura) throw new ErroHttp(422, e.message);
      throw e;
    }
    const lembrado = await repo.lembrado(db, idRevenda, chaveDasColunas(t.colunas));
    const mapeamento = lembrado ? mapeamentoValido(lembrado, t.colunas) : adivinharMapeamento(t.colunas);
    const i = await db.transaction((tx) =>
      repo.criar(tx, { idRevenda, idUsuario: quem.id, origem: t.origem, nome, colunas: t.colunas, linhas: t.linhas, mapeamento }),
    );
    return resposta(i);
  }

  /** The mapping as sent, checked against the source's columns and the required fields. */
  function conferirMapeamento(i: ImportacaoRegistro, m: MapeamentoImportacao): MapeamentoImportacao {
    for (const c of CAMPOS_IMPORTACAO) {
      const coluna = m[c];
      if (coluna && !i.colunas.includes(coluna)) throw new ErroHttp(400, M.colunaInexistente(coluna), { [c]: M.colunaInexistente(coluna) });
    }
    const falta = OBRIGATORIOS.find((c) => !m[c]);
    if (falta)
      throw new ErroHttp(422, M.semMapeamento(ROTULO_CAMPO_IMPORTACAO[falta]), {
        [falta]: M.semMapeamento(ROTULO_CAMPO_IMPORTACAO[falta]),
      });
    return Object.fromEntries(CAMPOS_IMPORTACAO.map((c) => [c, m[c] ?? null]));
  }

  async function planoDe(i: ImportacaoRegistro, mapeamento: MapeamentoImportacao, escolhas?: Record<string, string>) {
    const linhas = await repo.fonte(db, i.id);
    return planejar(db, criarCasadorFipe(dep.fipe), { idRevenda: i.revenda_id, linhas, mapeamento, escolhas });
  }

  return {
    async listar(idRevenda: string) {
      return paraApi(await repo.recentes(db, idRevenda, RECENTES));
    },

    async ler(idRevenda: string, id: string) {
      return resposta(await registro(idRevenda, id));
    },

    daArquivo: (idRevenda: string, quem: UsuarioDaSessao, nome: string, dados: Buffer) => criar(idRevenda, quem, nome, dados, false),

    async daUrl(idRevenda: string, quem: UsuarioDaSessao, url: string) {
      const r = await dep.buscar(url);
      if (!r.ok) throw new ErroHttp(422, M.urlFalhou(r.motivo));
      if (r.status < 200 || r.status > 299) throw new ErroHttp(422, M.urlFalhou(`HTTP ${r.status}`));
      return criar(idRevenda, quem, url, r.corpo, true);
    },

    /** The preview; the mapping is remembered for this reseller and set of columns. */
    async previa(idRevenda: string, id: string, mapeamento: MapeamentoImportacao) {
      const i = await registro(idRevenda, id);
      const m = conferirMapeamento(i, mapeamento);
      const planos = await planoDe(i, m);
      await db.transaction(async (tx) => {
        await repo.lembrar(tx, idRevenda, chaveDasColunas(i.colunas), m);
        if (i.estado === 'rascunho') await repo.atualizar(tx, i.id, { mapeamento: m });
      });
      return resumoDaPrevia(planos);
    },

    /**
     * Confirm: the plan of every row is stored with the import turned `importando` in one transaction (a second
     * confirm finds it taken: 409), then the job is queued. Ambiguous rows take the version chosen in `escolhas`.
     */
    async confirmar(idRevenda: string, id: string, e: z.output<typeof confirmarImportacaoEntrada>) {
      const i = await registro(idRevenda, id);
      if (i.estado !== 'rascunho') throw new ErroHttp(409, M.jaConfirmada);
      const m = conferirMapeamento(i, e.mapeamento);
      const planos = await planoDe(i, m, e.escolhas);
      if (!planos.some((p) => p.acao !== 'ignorar')) throw new ErroHttp(422, M.semNada);
      await db.transaction(async (tx) => {
        const atual = await repo.buscar(tx, idRevenda, id, true);
        if (atual?.estado !== 'rascunho') throw new ErroHttp(409, M.jaConfirmada);
        await repo.inserirLinhas(
          tx,
          id,
          idRevenda,
          planos.map((p) => ({
            numero: p.numero,
            acao: p.acao,
            veiculo: p.veiculo,
            dados: p.dados as Record<string, unknown> | null,
            veiculo_id: p.veiculo_id,
            resultado: p.acao === 'ignorar' ? 'ignorado' : 'aguardando',
            motivo: p.acao === 'ignorar' ? p.erros.map((x) => `${ROTULO_CAMPO_IMPORTACAO[x.campo]}: ${x.mensagem}`).join(' · ') : null,
            fotos: p.acao === 'ignorar' ? [] : p.urls,
          })),
        );
        await repo.atualizar(tx, id, { estado: 'importando', mapeamento: m });
        await repo.lembrar(tx, idRevenda, chaveDasColunas(i.colunas), m);
      });
      await dep.enfileirar(TAREFA_IMPORTACAO, {}).catch((x: unknown) => dep.log(`importação ${id}: ${String(x)}`));
      return resposta(await registro(idRevenda, id));
    },

    async linhas(idRevenda: string, id: string) {
      const i = await registro(idRevenda, id);
      if (i.estado === 'rascunho') throw new ErroHttp(409, M.naoConfirmada);
      return (await repo.linhas(db, id)).map((l) => ({
        numero: l.numero,
        veiculo: l.veiculo,
        resultado: l.resultado,
        veiculo_id: l.veiculo_id && l.resultado !== 'ignorado' && l.resultado !== 'aguardando' ? l.veiculo_id : null,
        motivo: l.motivo,
        fotos_falhas: l.fotos_falhas,
      }));
    },

    /** The report: one line per source row (Linha;Veículo;Resultado;Motivo;Fotos com falha), CSV as the exports. */
    async relatorio(idRevenda: string, id: string) {
      const linhas = await this.linhas(idRevenda, id);
      const arquivo = planilha(
        'csv',
        [
          { titulo: 'Linha', tipo: 'inteiro', valor: (l: (typeof linhas)[number]) => l.numero },
          { titulo: 'Veículo', tipo: 'texto', valor: (l) => l.veiculo },
          { titulo: 'Resultado', tipo: 'texto', valor: (l) => ROTULO_RESULTADO_LINHA[l.resultado] },
          { titulo: 'Motivo', tipo: 'texto', valor: (l) => l.motivo },
          { titulo: 'Fotos com falha', tipo: 'texto', valor: (l) => l.fotos_falhas.map((f) => `${f.url} (${f.motivo})`).join(' · ') },
        ],
        linhas,
        'Importação',
      );
      return { nome: `importacao-${id.slice(0, 8)}.csv`, arquivo };
    },

    /** The template: the panel's columns and one example row. */
    modelo(formato: 'csv' | 'xlsx') {
      return { nome: `modelo-importacao.${formato}`, arquivo: planilha(formato, COLUNAS_MODELO, [LINHA_MODELO], 'Estoque') };
    },

    executar: execucao.executar,
  };
}
export type ImportacaoService = ReturnType<typeof criarImportacaoService>;
