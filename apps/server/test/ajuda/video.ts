import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/** A real one-second clip made here with the packaged ffmpeg (test pattern, 160×120, 10 fps). */
export function clipe(formato: 'mp4' | 'webm' = 'mp4'): Buffer {
  const pasta = mkdtempSync(path.join(tmpdir(), 'clipe-'));
  const destino = path.join(pasta, `clipe.${formato}`);
  const codec = formato === 'mp4' ? ['-c:v', 'mpeg4'] : ['-c:v', 'libvpx'];
  const args = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', ...codec, '-pix_fmt', 'yuv420p'];
  execFileSync(ffmpeg.path, [...args, destino]);
  const dados = readFileSync(destino);
  rmSync(pasta, { recursive: true, force: true });
  return dados;
}
