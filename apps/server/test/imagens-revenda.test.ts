import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { pngDeclarado } from './ajuda/imagens.ts';

let amb: Ambiente;
let base: string;
let admin: Credencial | null;
let gestor: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
  admin = await amb.entrar('admin');
  gestor = await amb.entrar('gestorA');
});
afterAll(() => amb.encerrar());

const png = (largura: number, altura: number) =>
  sharp({ create: { width: largura, height: altura, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

async function enviar(url: string, c: Credencial | null, dados: Buffer, nome = 'imagem.png') {
  const corpo = new FormData();
  corpo.append('file', new Blob([new Uint8Array(dados)]), nome);
  const r = await fetch(base + url, { method: 'POST', headers: cabecalhos(c) as Record<string, string>, body: corpo });
  return { status: r.status, corpo: (await r.json()) as { status: string; data: never } };
}
const pedir = async (metodo: string, url: string, c: Credencial | null) => {
  const r = await fetch(base + url, { method: metodo, headers: cabecalhos(c) as Record<string, string> });
  return { status: r.status, corpo: (await r.json()) as { status: string; data: never } };
};
const arquivoLocal = (url: string) => path.join(amb.config.dataDir, 'arquivos', url.replace(/^\/arquivos\//, ''));

describe.each([
  ['imagens-destaque', 'imagem-destaque'],
  ['banners-site', 'banner-site'],
])('%s (admin only, spec 2 §2, §7)', (caminho, pasta) => {
  const url = () => `/api/revendas/${amb.ids.revendaA}/${caminho}`;

  it('includes one file checked by content, pixels intact, under the reseller folder with a timestamp name', async () => {
    const r = await enviar(url(), admin, await png(4032, 1435), 'site.png');
    expect(r.status).toBe(200);
    const img = r.corpo.data as { id: string; imagem_url: string; imagem_name: string; revenda: string };
    expect(img.revenda).toBe(amb.ids.revendaA);
    expect(img.imagem_name).toMatch(/^\d{13}\.png$/);
    expect(img.imagem_url).toBe(`/arquivos/revendas/${amb.ids.revendaA}/${pasta}/${img.imagem_name}`);
    const meta = await sharp(arquivoLocal(img.imagem_url)).metadata();
    expect([meta.width, meta.height]).toEqual([4032, 1435]);
    const lista = await pedir('GET', url(), admin);
    expect((lista.corpo.data as { id: string }[]).map((i) => i.id)).toContain(img.id);
  });

  it('a PNG of a few bytes declaring 16000×16000 is refused with 413 by its header (issue 23 item 2)', async () => {
    const r = await enviar(url(), admin, pngDeclarado(16000, 16000), 'enorme.png');
    expect([r.status, r.corpo.data]).toEqual([413, 'A imagem deve ter no máximo 50 megapixels.']);
  });

  it('refuses what is not an image, storing nothing', async () => {
    const antes = ((await pedir('GET', url(), admin)).corpo.data as unknown[]).length;
    const r = await enviar(url(), admin, Buffer.from('não sou uma imagem'), 'falso.png');
    expect(r.status).toBe(400);
    expect(r.corpo.data).toBe('O arquivo enviado não é uma imagem JPEG, PNG ou WebP.');
    expect(((await pedir('GET', url(), admin)).corpo.data as unknown[]).length).toBe(antes);
  });

  it('deletes the row and its file; a second delete is 404', async () => {
    const r = await enviar(url(), admin, await png(40, 20));
    const img = r.corpo.data as { id: string; imagem_url: string };
    expect(existsSync(arquivoLocal(img.imagem_url))).toBe(true);
    const del = await pedir('DELETE', `${url()}/${img.id}`, admin);
    expect(del.status).toBe(200);
    expect(del.corpo.data).toEqual({ mensagem: 'Imagem removida com sucesso!' });
    expect(existsSync(arquivoLocal(img.imagem_url))).toBe(false);
    expect((await pedir('DELETE', `${url()}/${img.id}`, admin)).status).toBe(404);
  });

  it('one row of the list (live patching) answers as the list shows it, and 404 once deleted', async () => {
    const img = (await enviar(url(), admin, await png(40, 20))).corpo.data as { id: string };
    const naLista = ((await pedir('GET', url(), admin)).corpo.data as { id: string }[]).find((i) => i.id === img.id);
    expect((await pedir('GET', `${url()}/lista/${img.id}`, admin)).corpo.data).toEqual(naLista);
    await pedir('DELETE', `${url()}/${img.id}`, admin);
    expect((await pedir('GET', `${url()}/lista/${img.id}`, admin)).status).toBe(404);
  });

  it('a gestor of the reseller is refused (403)', async () => {
    expect((await pedir('GET', url(), gestor)).status).toBe(403);
    expect((await enviar(url(), gestor, await png(10, 10))).status).toBe(403);
  });
});
