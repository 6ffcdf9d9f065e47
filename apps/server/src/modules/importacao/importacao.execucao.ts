import { MENSAGENS_IMPORTACAO as M, type VeiculoValidado } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Executor } from '../../db/cliente.ts';
import { usuarios } from '../../db/schema/index.ts';
import { ErroHttp } from '../../lib/http.ts';
import { type ImagemGravacao, veiculosRepository } from '../veiculos/veiculos.repository.ts';
import { imagemParaApi } from '../veiculos/veiculos.service.ts';
import { type LinhaRegistro, importacaoRepository as repo } from './importacao.repository.ts';
import type { DepImportacao } from './importacao.service.ts';

/** How long a run holds an import (renewed as rows are done); a dead worker's import is taken again after it. */
export const LEASE_IMPORTACAO_SEGUNDOS = 120;
const MAX_FOTOS = 40;
/** The hold is renewed (and a progress event sent) at most this often. */
const PULSO_MS = 500;
const FOTOS_EM_PARALELO = 4;
/**
 * Runs that may fail on one row with an unexpected error (not a refusal of the form, which skips the row at once)
 * before the row is given up with its reason: a row that always fails would otherwise stop the import for good.
 */
export const LIMITE_TENTATIVAS_LINHA = 3;

/** Another run did this row step already: the transaction is undone, nothing is written twice. */
class JaFeita extends Error {}

/**
 * The import job (docs/importacao.md): rows in source order; each row's vehicle is created or changed through the
 * form's service, and the row is marked done in that same transaction (`junto`), so a re-run, a retry after a crash
 * or a second worker skips it. Photos follow, downloaded one by one through the image pipeline and attached in one
 * transaction; a failed photo is listed on its row, never fails the car.
 */
export function criarExecucao(dep: DepImportacao) {
  const { db } = dep;

  async function usuario(idUsuario: string | null): Promise<UsuarioDaSessao> {
    const [u] = idUsuario ? await db.select().from(usuarios).where(eq(usuarios.id, idUsuario)) : [];
    if (u)
      return {
        id: u.id,
        email: u.email,
        nome: u.nome,
        role: u.role as UsuarioDaSessao['role'],
        revenda_id: u.revenda_id,
        ativo: u.ativo,
        empresa: u.empresa,
      };
    return { id: idUsuario ?? '', email: '', nome: 'Importação', role: 'gestor', revenda_id: null, ativo: 1, empresa: null };
  }

  /** Marks the row done inside the vehicle's transaction; throws JaFeita when another run did it. */
  const marcar = (l: LinhaRegistro, resultado: 'criado' | 'atualizado', fotos: boolean) => async (tx: Executor, id: string) => {
    if (!(await repo.travarLinha(tx, l.id, 'veiculo'))) throw new JaFeita();
    await repo.marcarLinha(tx, l.id, { resultado, veiculo_id: id, fotos_pendentes: fotos ? 1 : 0 });
  };

  /** The row's vehicle: created, or the duplicate (found at preview, or created meanwhile) changed. */
  async function passoVeiculo(l: LinhaRegistro, idRevenda: string, quem: UsuarioDaSessao) {
    const dados = l.dados as VeiculoValidado;
    let alvo = l.veiculo_id ? await veiculosRepository.buscar(db, idRevenda, l.veiculo_id) : undefined;
    if (!alvo || alvo.veremovido === 1) {
      const [dup] = await repo.duplicados(
        db,
        idRevenda,
        dados.veiplaca ? [dados.veiplaca] : [],
        dados.vecodigo_interno ? [dados.vecodigo_interno] : [],
      );
      alvo = dup;
    }
    try {
      if (!alvo) {
        await dep.veiculos.criar(idRevenda, { ...dados, imagens: [] }, quem, marcar(l, 'criado', l.fotos.length > 0));
        return;
      }
      const imagens = (await veiculosRepository.imagens(db, alvo.id)).map(imagemParaApi);
      const entrada = {
        ...dados,
        // The stored ad locations and photos stay: the import does not touch them.
        locais_anuncio: alvo.locais_anuncio.map((x) => ({
          ...x,
          codigoMarca: x.codigoMarca ?? null,
          codigoModelo: x.codigoModelo ?? null,
          codigoVersao: x.codigoVersao ?? null,
          versao: x.versao ?? null,
        })),
        imagens: imagens.map((i) => ({ ...i, imagem: i.imagem ?? undefined })),
        versao: alvo.updated_at.toISOString(),
      };
      // Photos by URL only for a vehicle without photos (a re-import never piles them up).
      await dep.veiculos.alterar(idRevenda, alvo.id, entrada, quem, marcar(l, 'atualizado', l.fotos.length > 0 && imagens.length === 0));
    } catch (e) {
      if (e instanceof JaFeita) return;
      // The form refused the row (an optional removed from the catalogue meanwhile…): skipped with its reason.
      if (e instanceof ErroHttp && (e.statusCode === 400 || e.statusCode === 404 || e.statusCode === 422)) {
        await db.transaction(async (tx) => {
          if (await repo.travarLinha(tx, l.id, 'veiculo'))
            await repo.marcarLinha(tx, l.id, { resultado: 'ignorado', motivo: e.message, fotos_pendentes: 0 });
        });
        return;
      }
      throw e;
    }
  }

  /** Downloads the row's photos (in order, a few at a time) and attaches them after the vehicle's own. */
  async function passoFotos(l: LinhaRegistro, idRevenda: string, renovar: () => Promise<void>) {
    const urls = l.fotos.slice(0, MAX_FOTOS);
    const resultados = new Array<Awaited<ReturnType<DepImportacao['baixarFoto']>>>(urls.length);
    let proxima = 0;
    await Promise.all(
      Array.from({ length: Math.min(FOTOS_EM_PARALELO, urls.length) }, async () => {
        while (proxima < urls.length) {
          const i = proxima++;
          // A refused or broken photo is { ok: false }; a throw (storage or database down) retries the row later.
          resultados[i] = await dep.baixarFoto(idRevenda, urls[i] as string);
          // Each photo keeps the hold alive: 40 slow photos may take longer than the lease.
          await renovar();
        }
      }),
    );
    const novas: ImagemGravacao[] = [];
    const falhas: { url: string; motivo: string }[] = [];
    resultados.forEach((r, i) => {
      if (r?.ok)
        novas.push({
          imagem: r.imagem.imagem ?? null,
          file_name: r.imagem.fileName,
          file_url: r.imagem.fileUrl,
          file_thumb: r.imagem.fileThumb,
          file_original: r.imagem.fileOriginal,
        });
      else falhas.push({ url: urls[i] as string, motivo: r?.motivo ?? 'falhou' });
    });
    await db.transaction(async (tx) => {
      if (!(await repo.travarLinha(tx, l.id, 'fotos'))) return;
      const v = l.veiculo_id ? await veiculosRepository.buscar(tx, idRevenda, l.veiculo_id, true) : undefined;
      if (v && novas.length) {
        const atuais = (await veiculosRepository.imagens(tx, v.id)).map((i) => ({
          imagem: i.imagem,
          file_name: i.file_name,
          file_url: i.file_url,
          file_thumb: i.file_thumb ?? i.file_url,
          file_original: i.file_original ?? i.file_url,
        }));
        await veiculosRepository.substituirImagens(tx, idRevenda, v.id, [...atuais, ...novas].slice(0, MAX_FOTOS));
      }
      await repo.marcarLinha(tx, l.id, { fotos_pendentes: 0, fotos_falhas: falhas });
    });
  }

  /** A row that failed LIMITE_TENTATIVAS_LINHA runs: skipped with its reason (its vehicle, or only its photos). */
  const desistir = (l: LinhaRegistro) =>
    db.transaction(async (tx) => {
      if (await repo.travarLinha(tx, l.id, 'veiculo'))
        await repo.marcarLinha(tx, l.id, { resultado: 'ignorado', motivo: M.linhaDesistida(l.tentativas), fotos_pendentes: 0 });
      else if (await repo.travarLinha(tx, l.id, 'fotos')) {
        const motivo = M.fotoDesistida(l.tentativas);
        await repo.marcarLinha(tx, l.id, {
          fotos_pendentes: 0,
          fotos_falhas: l.fotos.slice(0, MAX_FOTOS).map((url) => ({ url, motivo })),
        });
      }
    });

  /** One import: rows in order while this run holds it; ends it when no row is left. */
  async function executarUma(id: string) {
    if (!(await repo.reivindicar(db, id, LEASE_IMPORTACAO_SEGUNDOS))) return;
    const i = await repo.porId(db, id);
    if (!i) return;
    const quem = await usuario(i.usuario_id);
    let pulso = Date.now();
    const renovar = async () => {
      if (Date.now() - pulso < PULSO_MS) return;
      pulso = Date.now();
      await repo.atualizar(db, id, { lease_ate: new Date(Date.now() + LEASE_IMPORTACAO_SEGUNDOS * 1000) });
    };
    for (;;) {
      const lote = await repo.pendentes(db, id, 50);
      if (!lote.length) break;
      for (const l of lote) {
        if (l.tentativas >= LIMITE_TENTATIVAS_LINHA) {
          await desistir(l);
          continue;
        }
        try {
          if (l.resultado === 'aguardando') await passoVeiculo(l, i.revenda_id, quem);
          const depois = l.resultado === 'aguardando' ? await repo.linha(db, l.id) : l;
          if (depois?.fotos_pendentes === 1 && depois.resultado !== 'aguardando') await passoFotos(depois, i.revenda_id, renovar);
        } catch (e) {
          // The run stops here (the next one resumes from this row); the row remembers that it failed.
          await repo.contarFalha(db, l.id).catch(() => {});
          throw e;
        }
        await renovar();
      }
    }
    await repo.atualizar(db, id, { estado: 'concluida', concluida_em: new Date(), lease_ate: null });
  }

  return {
    /** Every import being imported (after a confirm, at start and every minute): one at a time, each resumable. */
    async executar() {
      for (const { id } of await repo.emAndamento(db)) {
        try {
          await executarUma(id);
        } catch (e) {
          // Database or unexpected: this run lets go; the next one (a minute later) resumes from the first row left.
          dep.log(`importação ${id}: ${e instanceof Error ? e.message : String(e)}`);
          await repo.atualizar(db, id, { lease_ate: null }).catch(() => {});
        }
      }
    },
  };
}
