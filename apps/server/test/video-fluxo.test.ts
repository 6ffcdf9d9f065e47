import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArmazenamentoLocal, lerArquivo } from '../src/midia/armazenamento.ts';
import { criarArmazenamento } from '../src/midia/servir-arquivos.ts';
import { LIMITE_VIDEO_MB } from '../src/modules/arquivos/video.routes.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { subirS3 } from './ajuda/s3-local.ts';
import { clipe } from './ajuda/video.ts';

const MB = 1024 * 1024;
const LIMITE = LIMITE_VIDEO_MB * MB;

/** The header of an ISO BMFF `free` box of `tamanho` bytes: padding any MP4 reader skips (a valid video of any size). */
const caixaFree = (tamanho: number) => {
  const h = Buffer.alloc(8);
  h.writeUInt32BE(tamanho);
  h.write('free', 4, 'latin1');
  return h;
};

type Envio = { status: number; corpo: { status: string; data: { fileUrl: string; fileThumb: string } } };

/**
 * Sends a multipart upload as a stream (chunked, no content-length, as a browser sending a large file may): `inicio`,
 * then `zeros` bytes of zeros in 1 MB chunks from one reused buffer, so the client itself holds no copy of the file.
 * `pausa(enviados)` is awaited after each chunk.
 */
async function enviarEmFluxo(
  base: string,
  c: Credencial | null,
  op: { idRevenda: string; inicio: Buffer; zeros: number; pausa?: (enviados: number) => Promise<void> },
): Promise<Envio> {
  const fronteira = 'fronteira-de-teste-1234';
  const cabeca = Buffer.from(
    `--${fronteira}\r\nContent-Disposition: form-data; name="id_revenda"\r\n\r\n${op.idRevenda}\r\n` +
      `--${fronteira}\r\nContent-Disposition: form-data; name="file"; filename="grande.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const zero = Buffer.alloc(MB);
  async function* corpo() {
    yield cabeca;
    yield op.inicio;
    let enviados = op.inicio.length;
    for (let resta = op.zeros; resta > 0; resta -= MB) {
      yield resta >= MB ? zero : zero.subarray(0, resta);
      enviados += Math.min(resta, MB);
      await op.pausa?.(enviados);
    }
    yield Buffer.from(`\r\n--${fronteira}--\r\n`);
  }
  const r = await fetch(`${base}/api/file/upload-video`, {
    method: 'POST',
    headers: { ...(cabecalhos(c) as Record<string, string>), 'content-type': `multipart/form-data; boundary=${fronteira}` },
    body: ReadableStream.from(corpo()),
    duplex: 'half',
  } as RequestInit);
  return { status: r.status, corpo: (await r.json()) as Envio['corpo'] };
}

/** The upload files the route has open in the temporary folder (the test points TMPDIR at its own folder). */
const enviosEmCurso = (pasta: string) =>
  readdirSync(pasta)
    .filter((n) => n.startsWith('intermedio-envio-'))
    .map((n) => path.join(pasta, n, 'envio'))
    .filter((f) => existsSync(f));

/** The upload folders still in the temporary folder (each holds one upload's file while it is received). */
const pastasDeEnvio = (pasta: string) => readdirSync(pasta).filter((n) => n.startsWith('intermedio-envio-'));

async function esperar(condicao: () => boolean, ms = 10_000) {
  for (const fim = Date.now() + ms; !condicao(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > fim) throw new Error('condição não atingida a tempo');
}

describe('POST /api/file/upload-video streams the file (never whole in memory)', () => {
  let amb: Ambiente;
  let base: string;
  let gestor: Credencial | null;
  let mp4: Buffer;
  let temporaria: string;
  const tmpOriginal = process.env.TMPDIR;
  beforeAll(async () => {
    amb = await criarAmbiente();
    base = await ouvir(amb);
    gestor = await amb.entrar('gestorA');
    mp4 = clipe();
    // This file runs in its own process: the route's temporary files land here, where the test can see them.
    temporaria = mkdtempSync(path.join(tmpdir(), 'video-fluxo-'));
    process.env.TMPDIR = temporaria;
  });
  afterAll(async () => {
    if (tmpOriginal === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpOriginal;
    rmSync(temporaria, { recursive: true, force: true });
    await amb.encerrar();
  });

  it('a video of exactly 100 MB is written to disk as it arrives and stored byte for byte; memory grows far less than the file', {
    timeout: 120_000,
  }, async () => {
    const zeros = LIMITE - mp4.length - 8;
    const inicio = Buffer.concat([mp4, caixaFree(zeros + 8)]);
    let noDiscoNaPausa = 0;
    let picoBuffers = 0;
    let picoRss = 0;
    const antes = process.memoryUsage();
    const amostra = setInterval(() => {
      const m = process.memoryUsage();
      picoBuffers = Math.max(picoBuffers, m.arrayBuffers);
      picoRss = Math.max(picoRss, m.rss);
    }, 5);
    const hash = createHash('sha256').update(inicio);
    const zero = Buffer.alloc(MB);
    for (let resta = zeros; resta > 0; resta -= MB) hash.update(resta >= MB ? zero : zero.subarray(0, resta));
    let r: Envio;
    try {
      r = await enviarEmFluxo(base, gestor, {
        idRevenda: amb.ids.revendaA,
        inicio,
        zeros,
        // Halfway the client stops sending: what the server received is already in its temporary file.
        async pausa(enviados) {
          if (noDiscoNaPausa || enviados < 40 * MB) return;
          const limite = Date.now() + 20_000;
          while (Date.now() < limite) {
            noDiscoNaPausa = Math.max(0, ...enviosEmCurso(temporaria).map((f) => statSync(f).size));
            if (noDiscoNaPausa >= 30 * MB) return;
            await new Promise((ok) => setTimeout(ok, 50));
          }
        },
      });
    } finally {
      clearInterval(amostra);
    }
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(noDiscoNaPausa).toBeGreaterThanOrEqual(30 * MB);
    // Buffers in this process (server and client alike) never held more than a fraction of the 100 MB file;
    // reading it into memory (the route before) took over 200 MB here (the chunks, then one concatenated copy).
    const crescimento = picoBuffers - antes.arrayBuffers;
    console.info(
      `upload de 100 MB: pico de buffers +${(crescimento / MB).toFixed(1)} MB, RSS +${((picoRss - antes.rss) / MB).toFixed(1)} MB`,
    );
    expect(crescimento).toBeLessThan(60 * MB);

    const armazenamento = criarArmazenamento(amb.config);
    const chave = armazenamento.chaveDaUrl(r.corpo.data.fileUrl) ?? '';
    const aberto = await armazenamento.abrir(chave);
    expect(aberto?.tamanho).toBe(LIMITE);
    const guardado = createHash('sha256');
    for await (const parte of aberto?.corpo ?? []) guardado.update(parte as Buffer);
    expect(guardado.digest('hex')).toBe(hash.digest('hex'));
    expect((await lerArquivo(armazenamento, armazenamento.chaveDaUrl(r.corpo.data.fileThumb) ?? ''))?.subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
    // The temporary file is gone once the answer is sent.
    expect(enviosEmCurso(temporaria)).toEqual([]);
  });

  it('one byte over 100 MB without a declared length: 413 with the limit, nothing stored, no temporary file left', {
    timeout: 120_000,
  }, async () => {
    const pasta = path.join(amb.config.dataDir, 'arquivos', 'revendas', amb.ids.revendaA, 'video');
    const antes = existsSync(pasta) ? readdirSync(pasta).length : 0;
    const zeros = LIMITE - mp4.length - 8 + 1;
    const r = await enviarEmFluxo(base, gestor, { idRevenda: amb.ids.revendaA, inicio: Buffer.concat([mp4, caixaFree(zeros + 8)]), zeros });
    expect([r.status, r.corpo.data]).toEqual([413, 'O vídeo deve ter no máximo 100 MB.']);
    expect(existsSync(pasta) ? readdirSync(pasta).length : 0).toBe(antes);
    expect(enviosEmCurso(temporaria)).toEqual([]);
  });

  it('a declared length over the limit is refused before the body is read', async () => {
    const url = new URL(`${base}/api/file/upload-video`);
    const resposta = await new Promise<{ status: number; corpo: string }>((ok, falha) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            ...(cabecalhos(gestor) as Record<string, string>),
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(LIMITE * 2),
          },
        },
        (res) => {
          let corpo = '';
          res.on('data', (d) => {
            corpo += d;
          });
          res.on('end', () => {
            ok({ status: res.statusCode ?? 0, corpo });
            req.destroy();
          });
        },
      );
      req.on('error', falha);
      // Only the first kilobyte of the 200 MB declared is ever sent.
      req.write(Buffer.alloc(1024));
    });
    expect(resposta.status).toBe(413);
    expect(JSON.parse(resposta.corpo).data).toBe('O vídeo deve ter no máximo 100 MB.');
  });

  it('a large file that is not a video is refused by its first bytes: 400, and none of it is written', { timeout: 60_000 }, async () => {
    let maior = 0;
    const r = await enviarEmFluxo(base, gestor, {
      idRevenda: amb.ids.revendaA,
      inicio: Buffer.from('isto não é um vídeo, é texto '.repeat(10)),
      zeros: 20 * MB,
      async pausa() {
        maior = Math.max(maior, ...enviosEmCurso(temporaria).map((f) => statSync(f).size));
      },
    });
    expect([r.status, r.corpo.data]).toEqual([400, 'O arquivo enviado não é um vídeo MP4, MOV ou WebM.']);
    expect(maior).toBe(0);
    expect(enviosEmCurso(temporaria)).toEqual([]);
  });

  it('a client that gives up halfway: the partial file is removed', { timeout: 60_000 }, async () => {
    const url = new URL(`${base}/api/file/upload-video`);
    const fronteira = 'fronteira-abandonada';
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { ...(cabecalhos(gestor) as Record<string, string>), 'content-type': `multipart/form-data; boundary=${fronteira}` },
    });
    req.on('error', () => {}); // the socket is destroyed by the test itself
    req.write(
      `--${fronteira}\r\nContent-Disposition: form-data; name="id_revenda"\r\n\r\n${amb.ids.revendaA}\r\n` +
        `--${fronteira}\r\nContent-Disposition: form-data; name="file"; filename="meio.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    req.write(Buffer.concat([mp4, caixaFree(50 * MB)]));
    for (let i = 0; i < 4; i++) req.write(Buffer.alloc(MB));
    await esperar(() => enviosEmCurso(temporaria).some((f) => statSync(f).size > mp4.length));
    req.destroy();
    await esperar(() => pastasDeEnvio(temporaria).length === 0);
    expect(pastasDeEnvio(temporaria)).toEqual([]);
  });

  it('the storage refuses the thumbnail while the video is still being copied: nothing is left in storage', {
    timeout: 60_000,
  }, async () => {
    const { salvar, salvarArquivo } = ArmazenamentoLocal.prototype;
    let copiado = () => {};
    const copia = new Promise<void>((ok) => {
      copiado = ok;
    });
    ArmazenamentoLocal.prototype.salvar = async () => {
      throw new Error('armazenamento indisponível');
    };
    ArmazenamentoLocal.prototype.salvarArquivo = async function (this: ArmazenamentoLocal, ...args) {
      await new Promise((r) => setTimeout(r, 300)); // a slow copy, still running when the thumbnail fails
      try {
        return await salvarArquivo.apply(this, args);
      } finally {
        copiado();
      }
    };
    const pasta = path.join(amb.config.dataDir, 'arquivos', 'revendas', amb.ids.revendaA, 'video');
    const guardados = () => (existsSync(pasta) ? readdirSync(pasta, { recursive: true }).sort() : []);
    const antes = guardados();
    try {
      const r = await enviarEmFluxo(base, gestor, { idRevenda: amb.ids.revendaA, inicio: mp4, zeros: 0 });
      expect(r.status).toBe(500);
      await copia;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      Object.assign(ArmazenamentoLocal.prototype, { salvar, salvarArquivo });
    }
    // Nothing of this upload in storage, not even its folder.
    expect(guardados()).toEqual(antes);
    expect(pastasDeEnvio(temporaria)).toEqual([]);
  });

  it('ffmpeg cannot read it (an MP4 header, then nothing of a video): 400, the file removed', { timeout: 60_000 }, async () => {
    const r = await enviarEmFluxo(base, gestor, { idRevenda: amb.ids.revendaA, inicio: mp4.subarray(0, 64), zeros: 2 * MB });
    expect([r.status, r.corpo.data]).toEqual([400, 'Não foi possível ler o vídeo (arquivo corrompido ou incompleto).']);
    expect(pastasDeEnvio(temporaria)).toEqual([]);
  });
});

describe('the video on ARMAZENAMENTO=s3', () => {
  let s3: Awaited<ReturnType<typeof subirS3>>;
  let amb: Ambiente;
  beforeAll(async () => {
    s3 = await subirS3();
    amb = await criarAmbiente(s3.env);
  });
  afterAll(async () => {
    await amb.encerrar();
    await s3.parar();
  });

  it('is streamed from its temporary file into the bucket, byte for byte', async () => {
    const base = await ouvir(amb);
    const mp4 = clipe();
    const zeros = 3 * MB;
    const r = await enviarEmFluxo(base, await amb.entrar('gestorA'), {
      idRevenda: amb.ids.revendaA,
      inicio: Buffer.concat([mp4, caixaFree(zeros + 8)]),
      zeros,
    });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    const armazenamento = criarArmazenamento(amb.config);
    const guardado = await lerArquivo(armazenamento, armazenamento.chaveDaUrl(r.corpo.data.fileUrl) ?? '');
    expect(guardado?.length).toBe(mp4.length + 8 + zeros);
    expect(guardado?.subarray(0, mp4.length).equals(mp4)).toBe(true);
    expect(guardado?.subarray(mp4.length + 8).every((b) => b === 0)).toBe(true);
  });
});
