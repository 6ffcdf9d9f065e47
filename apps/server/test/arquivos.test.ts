import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naFilaDeImagens } from '../src/midia/pipeline.ts';
import { type Ambiente, type Credencial, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { pngDeclarado } from './ajuda/imagens.ts';

let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
  gestor = await amb.entrar('gestorA');
});
afterAll(() => amb.encerrar());

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#c00' } })
    .png()
    .toBuffer();

async function enviarLogo(dados: Buffer, nome: string, c = gestor) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(dados)]), nome);
  return fetch(`${base}/api/arquivos/logotipo`, {
    method: 'POST',
    body: form,
    headers: { cookie: c?.cookie ?? '', 'x-csrf-token': c?.csrf ?? '' },
  });
}

describe('logo upload (spec 1 §2, §7)', () => {
  it('stores an image, resized to fit 360x160, served at a stable address with long cache', async () => {
    const r = await enviarLogo(await png(1200, 400), 'logo.png');
    expect(r.status).toBe(200);
    const { data } = (await r.json()) as { data: { fileName: string; fileUrl: string } };
    expect(data.fileUrl).toMatch(/^\/arquivos\/logos-novos-clientes\/gestor-autodemo\.test-\d+-[0-9a-f]+\.png$/);
    const arquivo = await fetch(base + data.fileUrl);
    expect(arquivo.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await arquivo.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 360, 120]);
  });

  it('checks the content, not the name: a text file named .png is refused', async () => {
    const r = await enviarLogo(Buffer.from('não sou imagem'), 'falso.png');
    expect(r.status).toBe(400);
    expect(((await r.json()) as { data: string }).data).toBe('O arquivo enviado não é uma imagem (JPEG, PNG, WebP ou GIF).');
  });

  it('refuses more than 5 MB', async () => {
    const grande = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const r = await enviarLogo(grande, 'grande.png');
    expect(r.status).toBe(413);
    expect(((await r.json()) as { data: string }).data).toBe('A imagem deve ter no máximo 5 MB.');
  });

  it('a client cannot upload (it holds no panel session)', async () => {
    expect((await enviarLogo(await png(10, 10), 'x.png', await amb.entrar('clienteA'))).status).toBe(401);
  });
});

describe('POST /api/file/upload-imagem-moldura (spec 1 §7)', () => {
  const enviar = async (corpo: object, c = gestor) =>
    fetch(`${base}/api/file/upload-imagem-moldura`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c?.cookie ?? '', 'x-csrf-token': c?.csrf ?? '' },
      body: JSON.stringify(corpo),
    });

  it('stores the frame of the reseller and answers the image record', async () => {
    const file = `data:image/png;base64,${(await png(800, 120)).toString('base64')}`;
    const r = await enviar({
      api_key: 'ignorada',
      id_revenda: amb.ids.revendaA,
      upload_preset: 'p',
      file,
      tipo_moldura: 'imagem_rodape',
      diretorio: 'molduras',
      imagem_moldura: '',
    });
    const corpo = (await r.json()) as { status: string; data: { fileUrl: string; width: number } };
    expect(corpo.status).toBe('success');
    expect(corpo.data.fileUrl).toContain(`/arquivos/revendas/${amb.ids.revendaA}/moldura/`);
    expect(corpo.data.width).toBe(800);
    expect((await fetch(base + corpo.data.fileUrl)).status).toBe(200);
  });

  it("while including a reseller (admin, no id_revenda): stored with the new clients' uploads, and the include accepts it", async () => {
    const admin = await amb.entrar('admin');
    const file = `data:image/png;base64,${(await png(800, 120)).toString('base64')}`;
    const r = await enviar({ file, tipo_moldura: 'imagem_rodape', diretorio: 'molduras' }, admin);
    expect(r.status).toBe(200);
    const { data } = (await r.json()) as { data: { fileUrl: string } };
    expect(data.fileUrl).toMatch(/^\/arquivos\/logos-novos-clientes\/moldura-\d+-[0-9a-f]+\.png$/);
    const incluir = await fetch(`${base}/api/revendas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin?.cookie ?? '', 'x-csrf-token': admin?.csrf ?? '' },
      body: JSON.stringify({
        perazao_social_nome: 'Ana',
        penome_fantasia: 'Loja com moldura',
        peemail: 'moldura@loja.test',
        plano: 'vendedor',
        tipo_moldura_veiculo: 'imagem_rodape',
        diretorio_veiculo: 'molduras',
        imagem_moldura_veiculo: data.fileUrl,
      }),
    });
    const criada = (await incluir.json()) as { data: { imagem_moldura_veiculo: string } };
    expect(incluir.status, JSON.stringify(criada)).toBe(200);
    expect(criada.data.imagem_moldura_veiculo).toBe(data.fileUrl);
    // A gestor always names its own reseller.
    expect((await enviar({ file })).status).toBe(403);
  });

  it('the reseller comes from the session: a gestor naming another reseller is refused', async () => {
    const file = `data:image/png;base64,${(await png(8, 8)).toString('base64')}`;
    expect((await enviar({ id_revenda: amb.ids.revendaB, file })).status).toBe(403);
  });

  it('"Erro ao obter revenda." for an unknown reseller, 400 for a data URL that is not an image', async () => {
    const admin = await amb.entrar('admin');
    const file = `data:image/png;base64,${(await png(8, 8)).toString('base64')}`;
    const r = await enviar({ id_revenda: '00000000-0000-4000-8000-000000000000', file }, admin);
    expect(r.status).toBe(404);
    expect(((await r.json()) as { data: string }).data).toBe('Erro ao obter revenda.');
    const ruim = await enviar({ id_revenda: amb.ids.revendaA, file: 'data:image/png;base64,AAAA' });
    expect(ruim.status).toBe(400);
  });
});

describe('issue 23 item 2: logos and frames have the pixel limit and the queue of every image', () => {
  const moldura = async (dados: Buffer) =>
    fetch(`${base}/api/file/upload-imagem-moldura`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: gestor?.cookie ?? '', 'x-csrf-token': gestor?.csrf ?? '' },
      body: JSON.stringify({ id_revenda: amb.ids.revendaA, file: `data:image/png;base64,${dados.toString('base64')}` }),
    });

  it('a PNG of a few bytes declaring 16000×16000 is refused with 413 by its header, for the logo and the frame', async () => {
    const enorme = pngDeclarado(16000, 16000);
    expect(enorme.length).toBeLessThan(100);
    for (const r of [await enviarLogo(enorme, 'enorme.png'), await moldura(enorme)]) {
      expect([r.status, ((await r.json()) as { data: string }).data]).toEqual([413, 'A imagem deve ter no máximo 50 megapixels.']);
    }
  });

  it('a logo and a frame wait for a free slot of the image queue before being decoded', async () => {
    let soltar = () => {};
    const ocupada = new Promise<void>((ok) => {
      soltar = ok;
    });
    const ocupantes = [naFilaDeImagens(() => ocupada), naFilaDeImagens(() => ocupada)];
    const respostas = [enviarLogo(await png(400, 200), 'logo.png'), moldura(await png(400, 60))];
    const prontas: number[] = [];
    respostas.forEach((r, i) => void r.then(() => prontas.push(i)));
    await new Promise((ok) => setTimeout(ok, 800));
    expect(prontas).toEqual([]);
    soltar();
    await Promise.all(ocupantes);
    expect((await Promise.all(respostas)).map((r) => r.status)).toEqual([200, 200]);
  });
});
