import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIOS_SIMULTANEOS_POR_USUARIO } from '../src/midia/envios-em-curso.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir } from './ajuda/ambiente.ts';

// Issue 23 item 3: a body that stops arriving is cut (ENVIO_SEM_PROGRESSO_SEGUNDOS, 1 s here), and one user holds at
// most six uploads at once.
const TEMPO_ESGOTADO = 'O envio demorou demais e foi interrompido. Tente de novo.';
const MUITOS_ENVIOS = 'Muitos envios ao mesmo tempo. Aguarde os envios em andamento terminarem e tente de novo.';
const FRONTEIRA = 'fronteira-lenta';

let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let temporaria: string;
const tmpOriginal = process.env.TMPDIR;
beforeAll(async () => {
  amb = await criarAmbiente({ ENVIO_SEM_PROGRESSO_SEGUNDOS: '1' });
  base = await ouvir(amb);
  gestor = await amb.entrar('gestorA');
  // This file runs in its own process: the video route's temporary files land here, where the test can see them.
  temporaria = mkdtempSync(path.join(tmpdir(), 'envios-em-curso-'));
  process.env.TMPDIR = temporaria;
});
afterAll(async () => {
  if (tmpOriginal === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpOriginal;
  rmSync(temporaria, { recursive: true, force: true });
  await amb.encerrar();
});

type Resposta = { status: number; data: string };

/**
 * An upload over a raw socket that sends `inicio` (headers and the start of a body of `total` declared bytes) and
 * then only what the test writes. `resposta` settles with the answer, or with status 0 when the socket closes
 * without one.
 */
function envioLento(url: string, c: Credencial | null, op: { tipo: string; total: number; inicio: Buffer }) {
  const destino = new URL(base + url);
  let ok: (r: Resposta) => void = () => {};
  const resposta = new Promise<Resposta>((r) => {
    ok = r;
  });
  const req = http.request(
    {
      host: destino.hostname,
      port: destino.port,
      path: destino.pathname + destino.search,
      method: 'POST',
      headers: { ...(cabecalhos(c) as Record<string, string>), 'content-type': op.tipo, 'content-length': String(op.total) },
    },
    (res) => {
      let corpo = '';
      res.on('data', (d) => {
        corpo += d;
      });
      res.on('end', () => ok({ status: res.statusCode ?? 0, data: JSON.parse(corpo || '{}').data }));
    },
  );
  req.on('error', () => ok({ status: 0, data: '' }));
  req.on('close', () => setTimeout(() => ok({ status: 0, data: '' }), 100));
  const fechada = new Promise<void>((ok) => req.on('socket', (s) => s.once('close', () => ok())));
  req.flushHeaders();
  req.write(op.inicio);
  return { resposta, fechada, escrever: (b: Buffer) => req.write(b), destruir: () => req.destroy() };
}

const cabecaMultipart = (campos: Record<string, string>, nome: string) =>
  Buffer.from(
    `${Object.entries(campos)
      .map(([k, v]) => `--${FRONTEIRA}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')}--${FRONTEIRA}\r\nContent-Disposition: form-data; name="file"; filename="${nome}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
const multipart = `multipart/form-data; boundary=${FRONTEIRA}`;
const urlFotos = () => `/api/revendas/${amb.ids.revendaA}/imagens?tipo=veiculo`;

/** Answers within `ms`, or status -1: the server kept the request open. */
const emAte = (p: Promise<Resposta>, ms = 10_000) =>
  Promise.race([p, new Promise<Resposta>((ok) => setTimeout(() => ok({ status: -1, data: 'sem resposta' }), ms))]);

async function esperar(condicao: () => boolean, ms = 10_000) {
  for (const fim = Date.now() + ms; !condicao(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > fim) throw new Error('condição não atingida a tempo');
}
const pastasDeEnvio = () => readdirSync(temporaria).filter((n) => n.startsWith('intermedio-envio-'));

describe('an upload whose body stops arriving', () => {
  it('a photo (multipart, read into memory) is cut with 408 and its slot given back', async () => {
    const inicio = Buffer.concat([cabecaMultipart({}, 'lenta.jpg'), Buffer.alloc(1000, 0xff)]);
    const envio = envioLento(urlFotos(), gestor, { tipo: multipart, total: 5 * 1024 * 1024, inicio });
    await esperar(() => amb.app.enviosEmCurso(amb.ids.gestorA) === 1);
    const inicioEspera = Date.now();
    expect(await emAte(envio.resposta)).toEqual({ status: 408, data: TEMPO_ESGOTADO });
    expect(Date.now() - inicioEspera).toBeGreaterThanOrEqual(900);
    // The server closes the connection itself (the stalled client does not get to hold it).
    await envio.fechada;
    await esperar(() => amb.app.enviosEmCurso(amb.ids.gestorA) === 0);
    envio.destruir();
  });

  it('a video being written to disk is cut with 408 and its temporary file removed', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(4000)]);
    const inicio = Buffer.concat([cabecaMultipart({ id_revenda: amb.ids.revendaA }, 'lento.mp4'), mp4]);
    const envio = envioLento('/api/file/upload-video', gestor, { tipo: multipart, total: 50 * 1024 * 1024, inicio });
    await esperar(() => pastasDeEnvio().some((p) => statSync(path.join(temporaria, p, 'envio'), { throwIfNoEntry: false })?.size));
    expect(await emAte(envio.resposta)).toEqual({ status: 408, data: TEMPO_ESGOTADO });
    await esperar(() => pastasDeEnvio().length === 0);
    await esperar(() => amb.app.enviosEmCurso(amb.ids.gestorA) === 0);
    envio.destruir();
  });

  it('a frame image sent as JSON is cut with 408', async () => {
    const inicio = Buffer.from(`{"id_revenda":"${amb.ids.revendaA}","file":"data:image/png;base64,AAAA`);
    const envio = envioLento('/api/file/upload-imagem-moldura', gestor, { tipo: 'application/json', total: 100_000, inicio });
    expect(await emAte(envio.resposta)).toEqual({ status: 408, data: TEMPO_ESGOTADO });
    envio.destruir();
  });

  it('a slow body that keeps arriving is not cut', async () => {
    const foto = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer();
    const cabeca = cabecaMultipart({}, 'devagar.jpg');
    const fim = Buffer.from(`\r\n--${FRONTEIRA}--\r\n`);
    const envio = envioLento(urlFotos(), gestor, { tipo: multipart, total: cabeca.length + foto.length + fim.length, inicio: cabeca });
    // 2.4 s for the whole body, one piece every 0.6 s: more than the time-out in all, never a second without a byte.
    const pedacos = [foto.subarray(0, 100), foto.subarray(100, 200), foto.subarray(200), fim];
    for (const p of pedacos) {
      await new Promise((ok) => setTimeout(ok, 600));
      envio.escrever(p);
    }
    expect((await emAte(envio.resposta)).status).toBe(200);
  });
});

it('uploads one after another on a kept-alive connection leave no watcher behind on its socket', async () => {
  const soquetes: import('node:net').Socket[] = [];
  const aoConectar = (s: import('node:net').Socket) => soquetes.push(s);
  amb.app.server.on('connection', aoConectar);
  const agente = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const corpo = Buffer.from(
    `--${FRONTEIRA}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\n\r\nnão é imagem\r\n--${FRONTEIRA}--\r\n`,
  );
  // The body comes a moment after the headers, so each request is watched while it is read.
  const enviar = () =>
    new Promise<number>((ok, falha) => {
      const destino = new URL(base + urlFotos());
      const req = http.request(
        {
          agent: agente,
          host: destino.hostname,
          port: destino.port,
          path: destino.pathname + destino.search,
          method: 'POST',
          headers: { ...(cabecalhos(gestor) as Record<string, string>), 'content-type': multipart, 'content-length': String(corpo.length) },
        },
        (res) => {
          res.resume();
          res.on('end', () => ok(res.statusCode ?? 0));
        },
      );
      req.on('error', falha);
      req.flushHeaders();
      setTimeout(() => req.end(corpo), 30);
    });
  try {
    expect(await enviar()).toBe(400);
    const [soquete] = soquetes;
    const depoisDoPrimeiro = soquete?.listenerCount('close');
    for (let i = 0; i < 12; i++) expect(await enviar()).toBe(400);
    expect(soquetes).toHaveLength(1);
    expect(soquete?.listenerCount('close')).toBe(depoisDoPrimeiro);
  } finally {
    amb.app.server.off('connection', aoConectar);
    agente.destroy();
  }
});

it('an upload through app.inject (no socket) is not watched: nothing fails once the time-out has passed', async () => {
  const form = `--${FRONTEIRA}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\n\r\nnão é imagem\r\n--${FRONTEIRA}--\r\n`;
  const r = await amb.app.inject({
    method: 'POST',
    url: urlFotos(),
    payload: form,
    headers: { ...cabecalhos(gestor), 'content-type': multipart },
  });
  expect(r.statusCode).toBe(400);
  await new Promise((ok) => setTimeout(ok, 1600)); // an uncaught error here fails the run
});

describe(`at most ${ENVIOS_SIMULTANEOS_POR_USUARIO} uploads per user at once`, () => {
  it('a client gone before its body is read (while the session was being checked) takes no slot', async () => {
    // The sessions table is held, so the request waits in the sign-in check while its client leaves.
    let soltar = () => {};
    const solta = new Promise<void>((ok) => {
      soltar = ok;
    });
    let travou = () => {};
    const travada = new Promise<void>((ok) => {
      travou = ok;
    });
    const tx = amb.banco.db.transaction(async (t) => {
      await t.execute(sql`lock table sessoes in access exclusive mode`);
      travou();
      await solta;
    });
    await travada;
    const envio = envioLento(urlFotos(), gestor, { tipo: multipart, total: 10 * 1024 * 1024, inicio: cabecaMultipart({}, 'x.jpg') });
    await new Promise((ok) => setTimeout(ok, 300));
    envio.destruir();
    await envio.fechada;
    await new Promise((ok) => setTimeout(ok, 100));
    soltar();
    await tx;
    await new Promise((ok) => setTimeout(ok, 300));
    expect(amb.app.enviosEmCurso(amb.ids.gestorA)).toBe(0);
  });

  it('the next one is 429 while they are open; another user is not affected; a cancelled one gives its slot back', async () => {
    const foto = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#963' } })
      .jpeg()
      .toBuffer();
    const enviar = async (c: Credencial | null) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(foto)]), 'f.jpg');
      const r = await fetch(base + urlFotos(), { method: 'POST', body: form, headers: cabecalhos(c) as Record<string, string> });
      const data = ((await r.json()) as { data: unknown }).data;
      // A refusal does not wait for the rest of its body: the connection is closed.
      if (r.status === 429) expect(r.headers.get('connection')).toBe('close');
      return { status: r.status, data };
    };
    const inicio = cabecaMultipart({}, 'presa.jpg');
    const presos = Array.from({ length: ENVIOS_SIMULTANEOS_POR_USUARIO }, () =>
      envioLento(urlFotos(), gestor, { tipo: multipart, total: 10 * 1024 * 1024, inicio }),
    );
    // Held open: a byte every 200 ms, so the time-out never cuts them.
    const vivos = setInterval(() => {
      for (const p of presos) p.escrever(Buffer.alloc(1));
    }, 200);
    try {
      await esperar(() => amb.app.enviosEmCurso(amb.ids.gestorA) === ENVIOS_SIMULTANEOS_POR_USUARIO);
      expect(await enviar(gestor)).toEqual({ status: 429, data: MUITOS_ENVIOS });
      expect((await enviar(await amb.entrar('admin'))).status).toBe(200);
      presos[0]?.destruir();
      await esperar(() => amb.app.enviosEmCurso(amb.ids.gestorA) === ENVIOS_SIMULTANEOS_POR_USUARIO - 1);
      expect((await enviar(gestor)).status).toBe(200);
    } finally {
      clearInterval(vivos);
      for (const p of presos) p.destruir();
    }
    await esperar(() => amb.app.enviosEmCurso(amb.ids.gestorA) === 0);
  });
});
