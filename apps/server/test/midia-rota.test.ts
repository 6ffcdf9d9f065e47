import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { imagemEnviada } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revendas } from '../src/db/schema/index.ts';
import { ArmazenamentoLocal } from '../src/midia/armazenamento.ts';
import { removerImagemEnviada, urlDaRevenda } from '../src/midia/imagens-enviadas.ts';
import { type Ambiente, type Credencial, criarAmbiente, ouvir } from './ajuda/ambiente.ts';

const cabecalhos = (c: Credencial | null): Record<string, string> => (c ? { cookie: c.cookie, 'x-csrf-token': c.csrf } : {});

let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let pasta: (tipo: string) => string;
beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
  gestor = await amb.entrar('gestorA');
  pasta = (tipo) => path.join(amb.config.dataDir, 'arquivos', 'revendas', amb.ids.revendaA, tipo);
});
afterAll(() => amb.encerrar());

const solida = (w: number, h: number, cor: string) => sharp({ create: { width: w, height: h, channels: 3, background: cor } });
const arquivosEm = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0);

async function enviar(dados: Buffer, nome: string, op: { tipo?: string; revenda?: string; c?: Credencial | null } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(dados)]), nome);
  const url = `${base}/api/revendas/${op.revenda ?? amb.ids.revendaA}/imagens?tipo=${op.tipo ?? 'veiculo'}`;
  const r = await fetch(url, { method: 'POST', body: form, headers: cabecalhos(op.c === undefined ? gestor : op.c) });
  return { status: r.status, corpo: (await r.json()) as { status: string; data: unknown } };
}
// Originals need a session of the reseller (issue 23): the gestor reads every file.
const baixar = async (url: string) => Buffer.from(await (await fetch(base + url, { headers: cabecalhos(gestor) })).arrayBuffer());
async function pixel(img: Buffer, x: number, y: number) {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i], data[i + 1], data[i + 2]];
}

async function definirMoldura(campos: Partial<typeof revendas.$inferInsert>) {
  await amb.banco.db.update(revendas).set(campos).where(eq(revendas.id, amb.ids.revendaA));
}

describe('POST /api/revendas/:idRevenda/imagens', () => {
  it('stores the original and the renditions under revendas/{id}/veiculo/ and answers the contract', async () => {
    await definirMoldura({ tipo_moldura_veiculo: null });
    const foto = await solida(3000, 2000, '#3366aa').jpeg().toBuffer();
    const { status, corpo } = await enviar(foto, 'Foto do Carro\u0007 nº 1.JPG');
    expect(status).toBe(200);
    const e = imagemEnviada.parse(corpo.data);
    expect(e.fileName).toBe('Foto do Carro nº 1.JPG');
    expect(e.imagem).toMatch(new RegExp(`^revendas/${amb.ids.revendaA}/veiculo/[0-9a-z-]+$`));
    for (const url of [e.fileUrl, e.fileThumb, e.fileOriginal]) expect(url.startsWith(`/arquivos/${e.imagem}/`)).toBe(true);
    expect(e.fileUrl).toMatch(/exibicao\.jpg$/);
    const exib = await sharp(await baixar(e.fileUrl)).metadata();
    expect([exib.format, exib.width, exib.height]).toEqual(['jpeg', 1600, 1067]);
    const mini = await sharp(await baixar(e.fileThumb)).metadata();
    expect([mini.width, mini.height]).toEqual([200, 133]);
    expect((await sharp(await baixar(e.fileOriginal)).metadata()).width).toBe(3000);
  });

  it("frames vehicle photos with the reseller's footer image; sold items use the sold frame, banners none", async () => {
    const moldura = async (cor: string) => {
      const file = `data:image/png;base64,${(await solida(800, 100, cor).png().toBuffer()).toString('base64')}`;
      const r = await fetch(`${base}/api/file/upload-imagem-moldura`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...cabecalhos(gestor) },
        body: JSON.stringify({ id_revenda: amb.ids.revendaA, file, tipo_moldura: 'imagem_rodape', diretorio: 'molduras' }),
      });
      return ((await r.json()) as { data: { fileUrl: string } }).data.fileUrl;
    };
    await definirMoldura({
      tipo_moldura_veiculo: 'imagem_rodape',
      imagem_moldura_veiculo: await moldura('#00c000'),
      diretorio_veiculo: 'molduras',
      tipo_moldura_vendido: 'imagem_rodape',
      imagem_moldura_vendido: await moldura('#c00000'),
      diretorio_vendido: 'molduras',
    });
    const foto = await solida(1600, 1200, '#808080').jpeg().toBuffer();
    const veiculo = imagemEnviada.parse((await enviar(foto, 'a.jpg')).corpo.data);
    expect(veiculo.fileUrl).toMatch(/moldura\.jpg$/);
    const comMoldura = await baixar(veiculo.fileUrl);
    const [r, g, b] = await pixel(comMoldura, 800, 1195);
    expect(g).toBeGreaterThan(170);
    expect((r ?? 0) + (b ?? 0)).toBeLessThan(50);
    expect(await pixel(comMoldura, 800, 900)).toEqual(expect.arrayContaining([expect.any(Number)]));
    const [cinza] = await pixel(comMoldura, 800, 900);
    expect(Math.abs((cinza ?? 0) - 128)).toBeLessThan(10);

    const vendido = imagemEnviada.parse((await enviar(foto, 'v.jpg', { tipo: 'vendido' })).corpo.data);
    expect(vendido.imagem).toContain('/vendido/');
    const [vr, vg] = await pixel(await baixar(vendido.fileUrl), 800, 1195);
    expect([(vr ?? 0) > 170, (vg ?? 255) < 40]).toEqual([true, true]);

    const banner = imagemEnviada.parse((await enviar(foto, 'b.jpg', { tipo: 'banner' })).corpo.data);
    expect(banner.fileUrl).toMatch(/exibicao\.jpg$/);
    const [br] = await pixel(await baixar(banner.fileUrl), 800, 1195);
    expect(Math.abs((br ?? 0) - 128)).toBeLessThan(10);
  });

  it('personalizada uses the transformation text', async () => {
    await definirMoldura({ tipo_moldura_veiculo: 'personalizada', transformation: 'quadrado' });
    const foto = await solida(1600, 800, '#202020').jpeg().toBuffer();
    const e = imagemEnviada.parse((await enviar(foto, 'q.jpg')).corpo.data);
    const meta = await sharp(await baixar(e.fileUrl)).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1080]);
    await definirMoldura({ tipo_moldura_veiculo: null, transformation: null });
  });

  it('checks by content: a PNG named .jpg is accepted as PNG, a text file named .jpg is refused', async () => {
    const png = await solida(300, 200, '#00ff00').png().toBuffer();
    const ok = await enviar(png, 'na-verdade-png.jpg');
    expect(ok.status, JSON.stringify(ok.corpo)).toBe(200);
    expect(imagemEnviada.parse(ok.corpo.data).fileOriginal).toMatch(/original\.png$/);
    const antes = arquivosEm(pasta('veiculo'));
    const ruim = await enviar(Buffer.from('isto não é uma foto'), 'foto.jpg');
    expect(ruim.status).toBe(400);
    expect(ruim.corpo.data).toBe('O arquivo enviado não é uma imagem JPEG, PNG ou WebP.');
    expect(arquivosEm(pasta('veiculo'))).toBe(antes);
  });

  it('refuses a truncated JPEG (400), more than 50 megapixels (413) and more than 15 MB (413), storing nothing', async () => {
    const antes = arquivosEm(pasta('veiculo'));
    const inteira = await solida(1200, 900, '#884400').jpeg().toBuffer();
    const truncada = await enviar(inteira.subarray(0, Math.floor(inteira.length / 2)), 't.jpg');
    expect([truncada.status, truncada.corpo.data]).toEqual([400, 'A imagem está corrompida ou incompleta. Envie o arquivo novamente.']);
    const enorme = await enviar(await solida(8000, 6400, '#ffffff').jpeg({ quality: 10 }).toBuffer(), 'e.jpg');
    expect([enorme.status, enorme.corpo.data], JSON.stringify(enorme.corpo)).toEqual([413, 'A imagem deve ter no máximo 50 megapixels.']);
    const pesada = await enviar(Buffer.concat([inteira, Buffer.alloc(15 * 1024 * 1024)]), 'p.jpg');
    expect([pesada.status, pesada.corpo.data], JSON.stringify(pesada.corpo)).toEqual([413, 'A imagem deve ter no máximo 15 MB.']);
    expect(arquivosEm(pasta('veiculo'))).toBe(antes);
  });

  it('a gestor of another reseller may not upload (a client holds no panel session); unknown tipo is a 400', async () => {
    const foto = await solida(100, 80, '#ffffff').jpeg().toBuffer();
    expect((await enviar(foto, 'c.jpg', { c: await amb.entrar('clienteA') })).status).toBe(401);
    expect((await enviar(foto, 'c.jpg', { c: await amb.entrar('gestorB') })).status).toBe(403);
    const tipo = await enviar(foto, 'c.jpg', { tipo: 'perfil' });
    expect(tipo.status).toBe(400);
    const inexistente = await enviar(foto, 'c.jpg', { revenda: '00000000-0000-4000-8000-000000000000', c: await amb.entrar('admin') });
    expect([inexistente.status, inexistente.corpo.data]).toEqual([404, 'Erro ao obter revenda.']);
  });

  it('four uploads at once all succeed, each in its own folder (the pipeline queues them)', async () => {
    const fotos = await Promise.all(['#aa0000', '#00aa00', '#0000aa', '#aaaa00'].map((c) => solida(2400, 1800, c).jpeg().toBuffer()));
    const respostas = await Promise.all(fotos.map((f, i) => enviar(f, `f${i}.jpg`)));
    expect(respostas.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const entradas = respostas.map((r) => imagemEnviada.parse(r.corpo.data));
    expect(new Set(entradas.map((e) => e.imagem)).size).toBe(4);
    const [r, g] = await pixel(await baixar(entradas[1]?.fileThumb ?? ''), 10, 10);
    expect([(g ?? 0) > 150, (r ?? 255) < 30]).toEqual([true, true]); // each file holds its own photo
  });

  it('removerImagemEnviada removes every rendition; urlDaRevenda tells files of a reseller apart', async () => {
    const armazenamento = new ArmazenamentoLocal(path.join(amb.config.dataDir, 'arquivos'));
    const e = imagemEnviada.parse((await enviar(await solida(400, 300, '#123123').jpeg().toBuffer(), 'r.jpg')).corpo.data);
    expect(urlDaRevenda(armazenamento, e.fileUrl, amb.ids.revendaA)).toBe(true);
    expect(urlDaRevenda(armazenamento, e.fileUrl, amb.ids.revendaB)).toBe(false);
    expect(urlDaRevenda(armazenamento, 'https://example.com/x.jpg', amb.ids.revendaA)).toBe(false);
    expect(urlDaRevenda(armazenamento, `/arquivos/revendas/${amb.ids.revendaA}/../x.jpg`, amb.ids.revendaA)).toBe(false);
    // Another reseller's removal leaves it; an entry as a vehicle keeps it (without fileOriginal) is enough.
    await removerImagemEnviada(armazenamento, e, amb.ids.revendaB);
    for (const url of [e.fileUrl, e.fileThumb]) expect((await fetch(base + url)).status).toBe(200);
    await removerImagemEnviada(armazenamento, { fileName: e.fileName, fileUrl: e.fileUrl, fileThumb: e.fileThumb }, amb.ids.revendaA);
    for (const url of [e.fileUrl, e.fileThumb, e.fileOriginal]) expect((await fetch(base + url)).status).toBe(404);
  });
});
