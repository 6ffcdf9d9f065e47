import { type ImagemVeiculoEntrada, LIMITES_IMAGEM, MENSAGENS_MIDIA } from '@intermedio/contracts';
import type { Config } from '../../config.ts';
import { ErroHttp } from '../../lib/http.ts';
import { buscarSeguro, MENSAGENS_REDE_SEGURA, type RedeSegura, redeReal } from '../../lib/rede-segura/index.ts';
import type { ImagensService } from '../arquivos/imagens.service.ts';

/** The same size limit as an uploaded photo (imagens.routes.ts). */
const LIMITE_BYTES = LIMITES_IMAGEM.megabytes * 1024 * 1024;

/**
 * Photo content types a URL may answer. octet-stream too: storage services often serve photos so, and the pipeline
 * trusts only the file's first bytes (JPEG, PNG or WebP) anyway.
 */
const TIPOS_FOTO = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/webp', 'application/octet-stream', 'binary/octet-stream'];

export type ContextoFotosUrl = {
  /** The upload pipeline of vehicle photos (renditions, the reseller's frame, storage, orphan record). */
  imagens: ImagensService;
  config: Pick<Config, 'importacaoPermitirLoopback' | 'importacaoFotoSegundos'>;
  /** Tests only: a stubbed network; by default the real one, with the config's test-only loopback allowance. */
  rede?: RedeSegura;
};

export type ResultadoFotoUrl = { ok: true; imagem: ImagemVeiculoEntrada } | { ok: false; motivo: string };

/**
 * Downloads one photo of an import by its URL (lib/rede-segura: public addresses only, every redirect checked, the
 * upload's 15 MB, IMPORTACAO_FOTO_SEGUNDOS) and runs it through the vehicle photo pipeline, as if uploaded: the pixel
 * limit read from the header before decoding, renditions, frame, storage. A refused or broken photo is
 * `{ ok: false, motivo }` (listed in the report; the car is imported without it). Anything else (storage or database
 * down) is thrown, so the job can retry the row.
 */
export async function baixarFotoPorUrl(ctx: ContextoFotosUrl, idRevenda: string, url: string): Promise<ResultadoFotoUrl> {
  const r = await buscarSeguro(url, {
    maxBytes: LIMITE_BYTES,
    timeoutMs: ctx.config.importacaoFotoSegundos * 1000,
    aceitar: TIPOS_FOTO,
    rede: ctx.rede ?? redeReal({ permitirLoopback: ctx.config.importacaoPermitirLoopback }),
  });
  if (!r.ok)
    return { ok: false, motivo: r.motivo === MENSAGENS_REDE_SEGURA.grande(LIMITE_BYTES) ? MENSAGENS_MIDIA.grandeDemais : r.motivo };
  if (r.corpo.length === 0) return { ok: false, motivo: MENSAGENS_MIDIA.naoImagem };
  try {
    const imagem = await ctx.imagens.enviar(idRevenda, 'veiculo', { dados: r.corpo, nome: nomeDaUrl(r.urlFinal) });
    return { ok: true, imagem };
  } catch (erro) {
    if (erro instanceof ErroHttp && erro.statusCode < 500) return { ok: false, motivo: erro.message };
    throw erro;
  }
}

/** The file name a photo keeps (shown in the form): the last part of its address, decoded. */
function nomeDaUrl(url: string): string | undefined {
  const ultimo = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(ultimo) || undefined;
  } catch {
    return ultimo || undefined;
  }
}
