import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { clipe } from './ajuda/video.ts';

let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let mp4: Buffer;
let webm: Buffer;

beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
  gestor = await amb.entrar('gestorA');
  gestorB = await amb.entrar('gestorB');
  mp4 = clipe('mp4');
  webm = clipe('webm');
});
afterAll(() => amb.encerrar());

async function enviar(c: Credencial | null, dados: Buffer, nome: string, idRevenda = amb.ids.revendaA) {
  const corpo = new FormData();
  corpo.append('api_key', 'ignorada');
  corpo.append('id_revenda', idRevenda);
  corpo.append('file', new Blob([new Uint8Array(dados)]), nome);
  const r = await fetch(`${base}/api/file/upload-video`, { method: 'POST', headers: cabecalhos(c) as Record<string, string>, body: corpo });
  return { status: r.status, corpo: (await r.json()) as { status: string; data: never } };
}
const pastaVideos = () => path.join(amb.config.dataDir, 'arquivos', 'revendas', amb.ids.revendaA, 'video');
const local = (url: string) => path.join(amb.config.dataDir, 'arquivos', url.replace(/^\/arquivos\//, ''));

describe('POST /api/file/upload-video (spec 3 §7)', () => {
  it('stores an MP4 and a JPEG thumbnail of its first frame, answering the spec fields', async () => {
    const r = await enviar(gestor, mp4, 'Vídeo do feirão.mp4');
    expect(r.status).toBe(200);
    const d = r.corpo.data as Record<string, string | boolean>;
    expect(d).toMatchObject({ fileName: 'Vídeo do feirão.mp4', video: true });
    expect(String(d.fileUrlImage)).toMatch(new RegExp(`^/arquivos/revendas/${amb.ids.revendaA}/video/.+/video\\.mp4$`));
    expect(readFileSync(local(String(d.fileUrlImage))).equals(mp4)).toBe(true);
    const meta = await sharp(local(String(d.fileThumbImage))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 160, 120]);
    expect(d.public_id).toBeTruthy();
    expect(d.asset_id).toBeTruthy();
  });

  it('accepts WebM by content', async () => {
    const r = await enviar(gestor, webm, 'clipe.webm');
    expect(r.status).toBe(200);
    expect(String((r.corpo.data as { fileUrlImage: string }).fileUrlImage)).toMatch(/video\.webm$/);
  });

  it('refuses what is not a video, or a broken one, with a clear message and stores nothing', async () => {
    const antes = existsSync(pastaVideos()) ? readdirSync(pastaVideos()).length : 0;
    const texto = await enviar(gestor, Buffer.from('isto não é um vídeo'), 'falso.mp4');
    expect(texto.status).toBe(400);
    expect(texto.corpo.data).toBe('O arquivo enviado não é um vídeo MP4, MOV ou WebM.');
    // An MP4 header with the rest cut off: the container looks right, ffmpeg cannot read it.
    const cortado = await enviar(gestor, mp4.subarray(0, 64), 'cortado.mp4');
    expect(cortado.status).toBe(400);
    expect(cortado.corpo.data).toBe('Não foi possível ler o vídeo (arquivo corrompido ou incompleto).');
    expect(existsSync(pastaVideos()) ? readdirSync(pastaVideos()).length : 0).toBe(antes);
  });

  it('checks the reseller against the session', async () => {
    expect((await enviar(gestorB, mp4, 'x.mp4')).status).toBe(403);
    expect((await enviar(gestor, mp4, 'x.mp4', 'nao-e-um-id')).status).toBe(400);
  });

  it('an id_revenda of the right length that is not a UUID: 400 with the message, also for the admin (was a 500)', async () => {
    const admin = await amb.entrar('admin');
    for (const id of ['-'.repeat(36), '0'.repeat(36)])
      expect(await enviar(admin, mp4, 'x.mp4', id)).toEqual({
        status: 400,
        corpo: { status: 'error', data: 'Informe a revenda (id_revenda).' },
      });
  });
});
