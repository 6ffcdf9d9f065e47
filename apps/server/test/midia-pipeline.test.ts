import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErroHttp } from '../src/lib/http.ts';
import { formatoPeloConteudo, processarImagem } from '../src/midia/pipeline.ts';
import { lerTransformacao } from '../src/midia/transformacao.ts';

/** A photo whose top-left quarter is red and the rest blue, so a rotation shows where the corner went. */
const comCanto = (largura: number, altura: number) =>
  sharp({ create: { width: largura, height: altura, channels: 3, background: '#0000ff' } }).composite([
    { input: { create: { width: largura / 2, height: altura / 2, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
  ]);
const solida = (largura: number, altura: number, cor: string) =>
  sharp({ create: { width: largura, height: altura, channels: 3, background: cor } });

async function pixel(img: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1];
}
const perto = (real: number[], esperado: number[], tolerancia = 24) =>
  expect(
    real.every((v, i) => Math.abs(v - (esperado[i] ?? 0)) <= tolerancia),
    `${real} ≈ ${esperado}`,
  ).toBe(true);

async function erroDe(p: Promise<unknown> | (() => Promise<unknown>)): Promise<ErroHttp> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    if (e instanceof ErroHttp) return e;
    throw e;
  }
  throw new Error('deveria ter falhado');
}

describe('image pipeline: renditions', () => {
  it('a 4000×3000 JPEG gives a display size ≤ 1600 px, a 200×150 thumbnail, and keeps the original pixels', async () => {
    const entrada = await comCanto(4000, 3000).jpeg({ quality: 90 }).toBuffer();
    const r = await processarImagem(entrada, null);
    expect(r.formato).toBe('jpeg');
    const exib = await sharp(r.exibicao).metadata();
    expect([exib.format, exib.width, exib.height]).toEqual(['jpeg', 1600, 1200]);
    const mini = await sharp(r.miniatura).metadata();
    expect([mini.width, mini.height]).toEqual([200, 150]);
    expect(r.moldura).toBeNull();
    const [a, b] = await Promise.all([sharp(entrada).raw().toBuffer(), sharp(r.original).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });

  it('honours EXIF orientation 6: width and height swap and the top-left corner ends up top-right', async () => {
    const entrada = await comCanto(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const r = await processarImagem(entrada, null);
    const meta = await sharp(r.exibicao).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.orientation ?? 1).toBe(1);
    perto(await pixel(r.exibicao, 190, 10), [255, 0, 0]); // was the top-left (red) corner
    perto(await pixel(r.exibicao, 10, 10), [0, 0, 255]);
    perto(await pixel(r.exibicao, 190, 390), [0, 0, 255]);
    // The original keeps its pixels and only its orientation, so viewers still show it upright.
    expect((await sharp(r.original).metadata()).orientation).toBe(6);
  });

  it('strips metadata (EXIF text, GPS, comments) from every file, the original included', async () => {
    const entrada = await solida(600, 400, '#888888')
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Fotografo Secreto', Copyright: 'SEGREDO-123' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' },
      })
      .toBuffer();
    expect(entrada.includes('SEGREDO-123')).toBe(true);
    const r = await processarImagem(entrada, null);
    for (const arquivo of [r.original, r.exibicao, r.miniatura]) {
      expect(arquivo.includes('SEGREDO-123')).toBe(false);
      expect(arquivo.includes('Fotografo Secreto')).toBe(false);
    }
    expect((await sharp(r.exibicao).metadata()).exif).toBeUndefined();
    const [a, b] = await Promise.all([sharp(entrada).raw().toBuffer(), sharp(r.original).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });

  it('PNG text chunks and WebP EXIF are removed too, pixels kept', async () => {
    const png = await solida(300, 200, '#123456')
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'SEGREDO-PNG' } } })
      .toBuffer();
    const webp = await solida(300, 200, '#654321')
      .webp({ lossless: true })
      .withExif({ IFD0: { Copyright: 'SEGREDO-WEBP' } })
      .toBuffer();
    expect(webp.includes('SEGREDO-WEBP')).toBe(true);
    const rp = await processarImagem(png, null);
    const rw = await processarImagem(webp, null);
    expect([rp.formato, rw.formato]).toEqual(['png', 'webp']);
    expect(rp.original.includes('SEGREDO-PNG')).toBe(false);
    expect(rw.original.includes('SEGREDO-WEBP')).toBe(false);
    expect((await sharp(rw.original).raw().toBuffer()).equals(await sharp(webp).raw().toBuffer())).toBe(true);
    expect((await sharp(rp.original).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true);
  });
});

describe('image pipeline: frames', () => {
  it('imagem_rodape: the footer is scaled to the photo width and covers its bottom rows', async () => {
    const foto = await solida(1600, 1200, '#808080').jpeg().toBuffer();
    const rodape = await solida(800, 100, '#00c000').png().toBuffer(); // scaled ×2 → 1600×200
    const r = await processarImagem(foto, { tipo: 'imagem_rodape', imagem: rodape });
    if (!r.moldura) throw new Error('sem moldura');
    const meta = await sharp(r.moldura).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    for (const y of [1199, 1100, 1005]) perto(await pixel(r.moldura, 800, y), [0, 192, 0]);
    perto(await pixel(r.moldura, 800, 990), [128, 128, 128]);
    perto(await pixel(r.moldura, 5, 5), [128, 128, 128]);
    // The unframed display size stays as it was.
    perto(await pixel(r.exibicao, 800, 1199), [128, 128, 128]);
  });

  it('a transparent footer lets the photo show through its transparent part', async () => {
    const foto = await solida(1000, 500, '#808080').jpeg().toBuffer();
    const rodape = await sharp({ create: { width: 1000, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 1000, height: 40, channels: 4, background: '#ff0000ff' } }, top: 60, left: 0 }])
      .png()
      .toBuffer();
    const r = await processarImagem(foto, { tipo: 'imagem_rodape', imagem: rodape });
    if (!r.moldura) throw new Error('sem moldura');
    perto(await pixel(r.moldura, 500, 490), [255, 0, 0]);
    perto(await pixel(r.moldura, 500, 430), [128, 128, 128]);
  });

  it('personalizada: a transformation pads a 2:1 photo into a white 1080×1080 square', async () => {
    const foto = await solida(1600, 800, '#202020').jpeg().toBuffer();
    const r = await processarImagem(foto, { tipo: 'personalizada', transformacao: 'c_pad,w_1080,h_1080,b_white' });
    if (!r.moldura) throw new Error('sem moldura');
    const meta = await sharp(r.moldura).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1080]);
    perto(await pixel(r.moldura, 540, 10), [255, 255, 255]);
    perto(await pixel(r.moldura, 540, 540), [32, 32, 32]);
  });

  it('named presets, borders and effects; unknown parameters are listed, not applied', async () => {
    const foto = await solida(800, 600, '#ff0000').jpeg().toBuffer();
    const r = await processarImagem(foto, { tipo: 'personalizada', transformacao: 'cinza/bo_10px_solid_rgb:0000ff,l_logo' });
    if (!r.moldura) throw new Error('sem moldura');
    const meta = await sharp(r.moldura).metadata();
    expect([meta.width, meta.height]).toEqual([820, 620]);
    perto(await pixel(r.moldura, 2, 300), [0, 0, 255]);
    const [cr, cg, cb] = await pixel(r.moldura, 400, 300);
    expect(Math.abs(cr - cg) + Math.abs(cg - cb)).toBeLessThan(12); // grey
    expect(lerTransformacao('stories/l_logo,fl_relative').ignorados).toEqual(['l_logo', 'fl_relative']);
  });
});

describe('image pipeline: refusals', () => {
  it('checks the content: text, GIF and a PDF are not accepted images', async () => {
    expect(formatoPeloConteudo(Buffer.from('não sou uma imagem'))).toBeNull();
    const gif = await solida(10, 10, '#fff').gif().toBuffer();
    for (const d of [Buffer.from('não sou uma imagem'), gif, Buffer.from('%PDF-1.4\n')]) {
      const e = await erroDe(() => processarImagem(d, null));
      expect([e.statusCode, e.message]).toEqual([400, 'O arquivo enviado não é uma imagem JPEG, PNG ou WebP.']);
    }
  });

  it('a truncated JPEG is refused as corrupt', async () => {
    const inteira = await comCanto(1200, 900).jpeg().toBuffer();
    const e = await erroDe(processarImagem(inteira.subarray(0, Math.floor(inteira.length * 0.6)), null));
    expect([e.statusCode, e.message]).toEqual([400, 'A imagem está corrompida ou incompleta. Envie o arquivo novamente.']);
  });

  it('more than 50 megapixels is refused with 413 before decoding', async () => {
    const grande = await solida(8000, 6400, '#ffffff').jpeg({ quality: 10 }).toBuffer(); // 51.2 MP
    const e = await erroDe(processarImagem(grande, null));
    expect([e.statusCode, e.message]).toEqual([413, 'A imagem deve ter no máximo 50 megapixels.']);
  });
});
