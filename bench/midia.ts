/**
 * Image pipeline benchmark (issue 8): a 12-megapixel phone-like JPEG (EXIF orientation 6) uploaded through
 * POST /api/revendas/:idRevenda/imagens?tipo=veiculo to a server started here, with the reseller's footer frame
 * set, so each upload keeps the original and makes three renditions (display, thumbnail, framed).
 * - time: median of 5 uploads one after the other (after one warm-up), measured by the client;
 * - memory: the server's peak RSS while 4 such uploads run at once, minus its RSS just before (the kernel's
 *   peak counter is reset first through /proc/<pid>/clear_refs, so the peak is that of the batch). The baseline is
 *   taken on the warmed-up server: right after start-up the embedded database's own garbage makes RSS swing by
 *   hundreds of MiB either way, which would drown what the uploads add.
 * Run alone with `node --import tsx bench/midia.ts` (updates its rows in bench/resultados.md) or within `npm run bench`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { entrarComoAdmin } from './http.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export type Registrar = (medida: string, valor: number, unidade: string, meta: number) => void;

const kib = (pid: number, campo: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${campo}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** A 4000×3000 JPEG with photo-like detail (smoothed noise), tagged orientation 6 as phones do. */
async function foto12mp(): Promise<Buffer> {
  const largura = 4000;
  const altura = 3000;
  const ruido = Buffer.alloc(largura * altura * 3);
  for (let i = 0; i < ruido.length; i++) ruido[i] = (Math.random() * 256) | 0;
  const suave = await sharp(ruido, { raw: { width: largura, height: altura, channels: 3 } })
    .blur(1.2)
    .raw()
    .toBuffer();
  return sharp(suave, { raw: { width: largura, height: altura, channels: 3 } })
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function subir(dataDir: string): Promise<{ filho: ChildProcess; base: string }> {
  const porta = 4000 + Math.floor(Math.random() * 900);
  const filho = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: RAIZ,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(porta), LOG_LEVEL: 'warn', DATABASE_URL: '', ARMAZENAMENTO: 'local' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${porta}`;
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { filho, base };
    } catch {}
    if (performance.now() - t0 > 60_000) throw new Error('servidor não subiu em 60 s');
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

async function sessao(base: string) {
  const { cookie, csrf } = await entrarComoAdmin(base);
  return { cookie, 'x-csrf-token': csrf };
}

/** Gives reseller "Auto Demo Veículos" a footer frame for its vehicles; answers its id. */
async function prepararRevenda(base: string, cab: Record<string, string>): Promise<string> {
  const lista = (await (await fetch(`${base}/api/revendas`, { headers: cab })).json()) as {
    data: { id: string; penome_fantasia: string }[];
  };
  const id = lista.data.find((r) => r.penome_fantasia === 'Auto Demo Veículos')?.id ?? '';
  const moldura = await sharp({ create: { width: 1600, height: 180, channels: 4, background: '#0a3d91e6' } })
    .png()
    .toBuffer();
  const rm = await fetch(`${base}/api/file/upload-imagem-moldura`, {
    method: 'POST',
    headers: { ...cab, 'content-type': 'application/json' },
    body: JSON.stringify({ id_revenda: id, file: `data:image/png;base64,${moldura.toString('base64')}` }),
  });
  const urlMoldura = ((await rm.json()) as { data: { fileUrl: string } }).data.fileUrl;
  const revenda = ((await (await fetch(`${base}/api/revendas/${id}`, { headers: cab })).json()) as { data: Record<string, unknown> }).data;
  const r = await fetch(`${base}/api/revendas/${id}`, {
    method: 'PUT',
    headers: { ...cab, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...revenda,
      tipo_moldura_veiculo: 'imagem_rodape',
      diretorio_veiculo: 'molduras',
      imagem_moldura_veiculo: urlMoldura,
    }),
  });
  if (!r.ok) throw new Error(`moldura não gravada: ${r.status} ${await r.text()}`);
  return id;
}

export async function medirMidia(registrar: Registrar) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-midia-'));
  const { filho, base } = await subir(dataDir);
  try {
    const pid = filho.pid ?? 0;
    const cab = await sessao(base);
    const idRevenda = await prepararRevenda(base, cab);
    const foto = await foto12mp();
    const enviar = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(foto)], { type: 'image/jpeg' }), 'IMG_0001.JPG');
      const t = performance.now();
      const r = await fetch(`${base}/api/revendas/${idRevenda}/imagens?tipo=veiculo`, { method: 'POST', body: form, headers: cab });
      const corpo = (await r.json()) as { data: { fileUrl?: string } };
      if (!r.ok || !corpo.data.fileUrl?.endsWith('/moldura.jpg')) throw new Error(`envio falhou: ${r.status} ${JSON.stringify(corpo)}`);
      return performance.now() - t;
    };

    await enviar(); // warm-up
    const tempos: number[] = [];
    for (let i = 0; i < 5; i++) tempos.push(await enviar());
    tempos.sort((a, b) => a - b);
    const mb = (foto.length / 1024 / 1024).toFixed(1);
    registrar(`JPEG de 12 MP (${mb} MB, EXIF 6) pelo pipeline: original + 3 versões (mediana de 5)`, tempos[2] ?? 0, 'ms', 1500);

    const antes = kib(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    await Promise.all(Array.from({ length: 4 }, enviar));
    const pico = kib(pid, 'VmHWM');
    registrar('crescimento do pico de RSS do servidor com 4 envios de 12 MP simultâneos', (pico - antes) / 1024, 'MiB', 150);
  } finally {
    await new Promise((ok) => {
      filho.once('exit', ok);
      filho.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: measure and replace this benchmark's rows in bench/resultados.md.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const linhas: string[] = [];
  let ok = true;
  await medirMidia((medida, valor, unidade, meta) => {
    const v = Math.round(valor * 10) / 10;
    ok &&= valor <= meta;
    linhas.push(`| ${medida} | ${v} ${unidade} | ≤ ${meta} ${unidade} | ${valor <= meta ? 'ok' : 'FALHOU'} |`);
  });
  const arquivo = path.join(RAIZ, 'bench/resultados.md');
  const atuais = readFileSync(arquivo, 'utf8').trimEnd().split('\n');
  const daqui = (l: string) => /^\| (JPEG de 12 MP|crescimento do pico de RSS)/.test(l);
  // In place of the old rows, or at the end of the first table (other sections follow it).
  let onde = atuais.findIndex(daqui);
  if (onde < 0) {
    const inicio = atuais.findIndex((l) => l.startsWith('|'));
    onde = inicio < 0 ? atuais.length : inicio + atuais.slice(inicio).findIndex((l) => !l.startsWith('|'));
    if (onde < inicio) onde = atuais.length;
  }
  const restantes = atuais.filter((l) => !daqui(l));
  restantes.splice(onde, 0, ...linhas);
  writeFileSync(arquivo, `${restantes.join('\n')}\n`);
  console.log(linhas.join('\n'));
  process.exit(ok ? 0 : 1);
}
