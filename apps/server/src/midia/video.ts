import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

export type FormatoVideo = 'mp4' | 'mov' | 'webm';
export const MIME_VIDEO: Record<FormatoVideo, string> = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' };

/**
 * The container by the file's first bytes: ISO BMFF (`ftyp` box; brand `qt  ` is QuickTime), a QuickTime file that
 * starts with another top-level atom, or EBML with the `webm` doc type. Never the name or the declared type.
 */
export function formatoDoVideo(inicio: Buffer): FormatoVideo | null {
  const caixa = inicio.subarray(4, 8).toString('latin1');
  if (caixa === 'ftyp') return inicio.subarray(8, 12).toString('latin1') === 'qt  ' ? 'mov' : 'mp4';
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(caixa)) return 'mov';
  if (inicio.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) && inicio.subarray(0, 64).includes('webm')) return 'webm';
  return null;
}

/**
 * A JPEG thumbnail (up to 400 px wide) of the first frame of the video file at `entrada`, with the ffmpeg binary that
 * comes in the npm package @ffmpeg-installer/ffmpeg. Null when ffmpeg cannot read the video (corrupt or not really a
 * video).
 */
export async function miniaturaDoVideo(entrada: string, limiteMs = 60_000): Promise<Buffer | null> {
  const pasta = await mkdtemp(path.join(tmpdir(), 'intermedio-miniatura-'));
  try {
    const saida = path.join(pasta, 'miniatura.jpg');
    const ok = await new Promise<boolean>((fim) => {
      execFile(
        ffmpeg.path,
        ['-v', 'error', '-nostdin', '-i', entrada, '-frames:v', '1', '-vf', "scale='min(400,iw)':-2", '-q:v', '4', '-f', 'image2', saida],
        { timeout: limiteMs, maxBuffer: 1024 * 1024 },
        (erro) => fim(!erro),
      );
    });
    if (!ok) return null;
    const jpeg = await readFile(saida).catch(() => null);
    return jpeg && jpeg.length > 0 ? jpeg : null;
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
}
