import { LIMITES_IMAGEM, MENSAGENS_MIDIA } from '@intermedio/contracts';
import sharp from 'sharp';
import { ErroHttp } from '../lib/http.ts';
import { limparMetadados } from './metadados.ts';
import { Semaforo } from './semaforo.ts';
import { aplicarTransformacao, lerTransformacao } from './transformacao.ts';

// Memory: no libvips operation cache (each upload is seen once), two libvips threads per job and at most two jobs
// at once on this 2-core machine; further uploads wait their turn instead of decoding in parallel.
sharp.cache(false);
sharp.concurrency(2);
const fila = new Semaforo(2);

/** Every decode of an uploaded image (photos, banners, logos, frames) waits its turn in this one two-slot queue. */
export const naFilaDeImagens = <T>(tarefa: () => Promise<T>) => fila.executar(tarefa);
/** The queue's use, for the metrics (one queue per process). */
export const usoDaFilaDeImagens = () => fila.uso;

export const TAMANHO_EXIBICAO = 1600;
/** Thumbnails are shown at most 100×80 (spec 2 §9) and stored at twice that for sharp screens. */
export const TAMANHO_MINIATURA = { largura: 200, altura: 160 };
const QUALIDADE = 82;
export const LIMITE_PIXELS = LIMITES_IMAGEM.megapixels * 1_000_000;

/** At most 50 megapixels by the header, before anything is decoded (a tiny PNG may declare 16000×16000). */
export function conferirPixels(largura: number, altura: number) {
  if (largura * altura > LIMITE_PIXELS) throw new ErroHttp(413, MENSAGENS_MIDIA.pixelsDemais);
}

export type FormatoOriginal = 'jpeg' | 'png' | 'webp';
/** The reseller's frame for this kind of image (spec 1 §5: tipo_moldura_* with its image or transformation). */
export type Moldura = { tipo: 'imagem_rodape'; imagem: Buffer } | { tipo: 'personalizada'; transformacao: string };

export type Renditions = {
  formato: FormatoOriginal;
  original: Buffer;
  exibicao: Buffer;
  miniatura: Buffer;
  /** Only when the reseller has a frame for this kind. */
  moldura: Buffer | null;
};

/** The format by the file's first bytes (its content, never its name or declared type). */
export function formatoPeloConteudo(inicio: Buffer): FormatoOriginal | null {
  if (inicio.length >= 3 && inicio[0] === 0xff && inicio[1] === 0xd8 && inicio[2] === 0xff) return 'jpeg';
  if (inicio.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (inicio.subarray(0, 4).toString('latin1') === 'RIFF' && inicio.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/**
 * The image pipeline: checks the content, then makes the display size (EXIF orientation applied, ≤ 1600 px,
 * JPEG q82 with no metadata), the thumbnail and, with a frame, the framed rendition, all from one decode.
 * Everything happens in memory before anything is stored, so a refused or broken image leaves nothing behind.
 */
export async function processarImagem(dados: Buffer, moldura: Moldura | null): Promise<Renditions> {
  const formato = formatoPeloConteudo(dados);
  if (!formato) throw new ErroHttp(400, MENSAGENS_MIDIA.naoImagem);
  return fila.executar(() => processar(dados, formato, moldura));
}

async function processar(dados: Buffer, formato: FormatoOriginal, moldura: Moldura | null): Promise<Renditions> {
  const meta = await sharp(dados)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height || meta.format !== formato) throw new ErroHttp(400, MENSAGENS_MIDIA.corrompida);
  conferirPixels(meta.width, meta.height);

  // One decode: JPEG shrink-on-load makes this cheap for big photos. `failOn: 'error'` refuses truncated files.
  const base = await sharp(dados, { limitInputPixels: LIMITE_PIXELS, failOn: 'error', animated: false })
    .rotate()
    .resize({ width: TAMANHO_EXIBICAO, height: TAMANHO_EXIBICAO, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new ErroHttp(400, MENSAGENS_MIDIA.corrompida);
    });
  const raw = { dados: base.data, largura: base.info.width, altura: base.info.height };
  const deRaw = (r: typeof raw) => sharp(r.dados, { raw: { width: r.largura, height: r.altura, channels: 3 } });

  const [exibicao, miniatura, comMoldura] = await Promise.all([
    deRaw(raw).jpeg({ quality: QUALIDADE }).toBuffer(),
    deRaw(raw)
      .resize({ width: TAMANHO_MINIATURA.largura, height: TAMANHO_MINIATURA.altura, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer(),
    moldura ? aplicarMoldura(raw, moldura) : Promise.resolve(null),
  ]);
  return { formato, original: limparMetadados(dados, formato, meta.orientation), exibicao, miniatura, moldura: comMoldura };
}

type Raw = { dados: Buffer; largura: number; altura: number };

/**
 * imagem_rodape: the reseller's footer image is scaled to the photo's width and laid over its bottom edge
 * (the photo keeps its size). personalizada: the transformation text (transformacao.ts).
 */
async function aplicarMoldura(raw: Raw, moldura: Moldura): Promise<Buffer> {
  const foto = () => sharp(raw.dados, { raw: { width: raw.largura, height: raw.altura, channels: 3 } });
  if (moldura.tipo === 'personalizada') {
    const t = lerTransformacao(moldura.transformacao);
    const r = await aplicarTransformacao(raw, t);
    return sharp(r.dados, { raw: { width: r.largura, height: r.altura, channels: 3 } })
      .jpeg({ quality: t.qualidade ?? QUALIDADE })
      .toBuffer();
  }
  const rodape = await sharp(moldura.imagem)
    .rotate()
    // As wide as the photo (enlarged if needed), never taller than it.
    .resize({ width: raw.largura, height: raw.altura, fit: 'inside' })
    .png()
    .toBuffer();
  return foto()
    .composite([{ input: rodape, gravity: 'south' }])
    .jpeg({ quality: QUALIDADE })
    .toBuffer();
}
