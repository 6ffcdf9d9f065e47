import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { imagemEnviada } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerConfig } from '../src/config.ts';
import { revendas } from '../src/db/schema/index.ts';
import { enderecoAssinado } from '../src/midia/acesso-arquivos.ts';
import { lerArquivo } from '../src/midia/armazenamento.ts';
import { ArmazenamentoS3, type ConfigS3 } from '../src/midia/armazenamento-s3.ts';
import { chaveDoOriginal, removerImagemEnviada, urlDaRevenda } from '../src/midia/imagens-enviadas.ts';
import { type Ambiente, type Credencial, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { subirS3 } from './ajuda/s3-local.ts';
import { VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

let s3: Awaited<ReturnType<typeof subirS3>>;
let cliente: S3Client;
beforeAll(async () => {
  s3 = await subirS3();
  cliente = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  cliente.destroy();
  await s3.parar();
});

const configDriver = (extra: Partial<ConfigS3> = {}): ConfigS3 => ({
  endpoint: s3.endpoint,
  regiao: 'us-east-1',
  bucket: s3.bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  urlPublica: null,
  pathStyle: true,
  ...extra,
});
const existeNoBucket = async (chave: string) =>
  cliente
    .send(new GetObjectCommand({ Bucket: s3.bucket, Key: chave }))
    .then(async (r) => {
      await r.Body?.transformToByteArray();
      return true;
    })
    .catch(() => false);

describe('S3 driver against a local S3 server', () => {
  it('puts, reads back with its type, removes one file and a whole folder', async () => {
    const d = new ArmazenamentoS3(configDriver());
    const salvo = await d.salvar('revendas/x/veiculo/abc/original.jpg', Buffer.from('conteúdo 1'), 'image/jpeg');
    await d.salvar('revendas/x/veiculo/abc/miniatura.jpg', Buffer.from('conteúdo 2'), 'image/jpeg');
    await d.salvar('revendas/x/veiculo/outra/miniatura.jpg', Buffer.from('conteúdo 3'), 'image/jpeg');
    expect(salvo).toEqual({ chave: 'revendas/x/veiculo/abc/original.jpg', url: '/arquivos/revendas/x/veiculo/abc/original.jpg' });
    const aberto = await d.abrir(salvo.chave);
    expect([aberto?.tipo, aberto?.tamanho]).toEqual(['image/jpeg', Buffer.byteLength('conteúdo 1')]);
    aberto?.corpo.destroy();
    expect((await lerArquivo(d, salvo.chave))?.toString()).toBe('conteúdo 1');
    expect(await d.abrir('revendas/x/nada.jpg')).toBeNull();

    await d.remover('revendas/x/veiculo/outra/miniatura.jpg');
    expect(await existeNoBucket('revendas/x/veiculo/outra/miniatura.jpg')).toBe(false);
    await d.removerPasta('revendas/x/veiculo/abc');
    expect(await existeNoBucket('revendas/x/veiculo/abc/original.jpg')).toBe(false);
    expect(await existeNoBucket('revendas/x/veiculo/abc/miniatura.jpg')).toBe(false);
    d.fechar();
  });

  it('maps keys and URLs: served by this server, or by the bucket public address when configured', async () => {
    const interno = new ArmazenamentoS3(configDriver());
    expect(interno.chaveDaUrl('/arquivos/logos/a.png')).toBe('logos/a.png');
    expect(interno.chaveDaUrl('/arquivos/../segredo')).toBeNull();
    expect(interno.chaveDaUrl('https://outro.example/logos/a.png')).toBeNull();
    const publico = new ArmazenamentoS3(configDriver({ urlPublica: `${s3.endpoint}/${s3.bucket}/` }));
    const { url } = await publico.salvar('logos/publico.png', Buffer.from('png?'), 'image/png');
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/logos/publico.png`);
    expect(publico.chaveDaUrl(url)).toBe('logos/publico.png');
    expect(publico.chaveDaUrl('/arquivos/logos/publico.png')).toBeNull();
    const r = await fetch(url);
    expect([r.status, await r.text()]).toEqual([200, 'png?']);
    interno.fechar();
    publico.fechar();
  });

  it('start-up refuses a bucket that does not exist, with a clear message', async () => {
    const d = new ArmazenamentoS3(configDriver({ bucket: 'nao-existe' }));
    await expect(d.conferirBucket()).rejects.toThrow(/Armazenamento S3 inacessível: bucket "nao-existe"/);
    d.fechar();
    const existente = new ArmazenamentoS3(configDriver());
    await expect(existente.conferirBucket()).resolves.toBeUndefined();
    existente.fechar();
  });

  it('configuration: ARMAZENAMENTO=s3 needs a bucket; path-style is on for a custom endpoint', () => {
    expect(() => lerConfig({ ARMAZENAMENTO: 's3', SECRET_KEY: 'x'.repeat(32) })).toThrow(/S3_BUCKET/);
    expect(() => lerConfig({ ARMAZENAMENTO: 'ftp', SECRET_KEY: 'x'.repeat(32) })).toThrow(/ARMAZENAMENTO/);
    const c = lerConfig({ ...s3.env, SECRET_KEY: 'x'.repeat(32) });
    expect(c.s3).toMatchObject({ bucket: s3.bucket, endpoint: s3.endpoint, pathStyle: true, urlPublica: null });
    expect(lerConfig({ SECRET_KEY: 'x'.repeat(32) }).s3).toBeNull();
  });
});

describe('the product on ARMAZENAMENTO=s3 (uploads end to end)', () => {
  let amb: Ambiente;
  let base: string;
  let gestor: Credencial | null;
  let driver: ArmazenamentoS3;
  beforeAll(async () => {
    amb = await criarAmbiente(s3.env);
    base = await ouvir(amb);
    gestor = await amb.entrar('gestorA');
    driver = new ArmazenamentoS3(configDriver());
  });
  afterAll(async () => {
    driver.fechar();
    await amb.encerrar();
  });
  const cab = () => ({ cookie: gestor?.cookie ?? '', 'x-csrf-token': gestor?.csrf ?? '' });
  const foto = (cor: string) => sharp({ create: { width: 1600, height: 1200, channels: 3, background: cor } });

  it('a framed vehicle photo: the frame is read from the bucket, every rendition lands in it and is served at /arquivos/', async () => {
    const moldura = await foto('#00c000').resize(800, 100, { fit: 'fill' }).png().toBuffer();
    const rm = await fetch(`${base}/api/file/upload-imagem-moldura`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...cab() },
      body: JSON.stringify({ id_revenda: amb.ids.revendaA, file: `data:image/png;base64,${moldura.toString('base64')}` }),
    });
    const urlMoldura = ((await rm.json()) as { data: { fileUrl: string } }).data.fileUrl;
    expect(await existeNoBucket(urlMoldura.replace('/arquivos/', ''))).toBe(true);
    await amb.banco.db
      .update(revendas)
      .set({ tipo_moldura_veiculo: 'imagem_rodape', imagem_moldura_veiculo: urlMoldura, diretorio_veiculo: 'm' })
      .where(eq(revendas.id, amb.ids.revendaA));

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await foto('#808080').jpeg().toBuffer())]), 'carro.jpg');
    const r = await fetch(`${base}/api/revendas/${amb.ids.revendaA}/imagens?tipo=veiculo`, { method: 'POST', body: form, headers: cab() });
    expect(r.status).toBe(200);
    const e = imagemEnviada.parse(((await r.json()) as { data: unknown }).data);
    for (const url of [e.fileUrl, e.fileThumb, e.fileOriginal]) {
      expect(await existeNoBucket(url.replace('/arquivos/', ''))).toBe(true);
      // Issue 23: a vehicle photo's renditions are public (an hour in shared caches: they turn private when the
      // vehicle is removed), embeddable by other sites; the original needs a session of the reseller.
      const original = url === e.fileOriginal;
      const servido = await fetch(base + url, { headers: original ? cab() : {} });
      expect([
        servido.status,
        servido.headers.get('content-type'),
        servido.headers.get('cache-control'),
        servido.headers.get('cross-origin-resource-policy'),
      ]).toEqual([
        200,
        expect.stringMatching(/^image\//),
        original ? 'private, max-age=3600' : 'public, max-age=3600',
        original ? 'same-origin' : 'cross-origin',
      ]);
    }
    expect((await fetch(base + e.fileOriginal)).status).toBe(404);
    const comMoldura = await sharp(Buffer.from(await (await fetch(base + e.fileUrl)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const i = (1195 * comMoldura.info.width + 800) * comMoldura.info.channels;
    expect(comMoldura.data[i + 1]).toBeGreaterThan(170); // the green footer at the bottom

    expect(urlDaRevenda(driver, e.fileUrl, amb.ids.revendaA)).toBe(true);
    expect(await chaveDoOriginal(driver, { imagem: e.imagem }, amb.ids.revendaA)).toBe(e.fileOriginal.replace('/arquivos/', ''));
    expect(await chaveDoOriginal(driver, { imagem: e.imagem }, amb.ids.revendaB)).toBeNull();
    await removerImagemEnviada(driver, e, amb.ids.revendaA);
    for (const url of [e.fileUrl, e.fileThumb, e.fileOriginal]) expect(await existeNoBucket(url.replace('/arquivos/', ''))).toBe(false);
    expect((await fetch(base + e.fileUrl)).status).toBe(404);
  });

  it("a removed vehicle's files: only its reseller's users and admins read them", async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await foto('#334455').jpeg().toBuffer())]), 'removido.jpg');
    const r = await fetch(`${base}/api/revendas/${amb.ids.revendaA}/imagens?tipo=veiculo`, { method: 'POST', body: form, headers: cab() });
    const e = imagemEnviada.parse(((await r.json()) as { data: unknown }).data);
    const veiculo = `${base}/api/revendas/${amb.ids.revendaA}/veiculos`;
    const json = { ...cab(), 'content-type': 'application/json' };
    const incluido = await fetch(veiculo, { method: 'POST', headers: json, body: JSON.stringify({ ...VEICULO_EXEMPLO, imagens: [e] }) });
    expect(incluido.status).toBe(200);
    const { id } = ((await incluido.json()) as { data: { id: string } }).data;
    expect((await fetch(base + e.fileUrl)).status).toBe(200);
    expect((await fetch(`${veiculo}/${id}`, { method: 'DELETE', headers: cab() })).status).toBe(200);
    const gestorB = await amb.entrar('gestorB');
    const outro = { cookie: gestorB?.cookie ?? '' };
    for (const url of [e.fileUrl, e.fileThumb, e.fileOriginal]) {
      expect([(await fetch(base + url)).status, (await fetch(base + url, { headers: outro })).status], url).toEqual([404, 404]);
      const lido = await fetch(base + url, { headers: cab() });
      expect([lido.status, lido.headers.get('cache-control')]).toEqual([200, 'private, max-age=3600']);
    }
  });

  it('logos go to the bucket too', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await foto('#c00000').png().toBuffer())]), 'logo.png');
    const r = await fetch(`${base}/api/arquivos/logotipo`, { method: 'POST', body: form, headers: cab() });
    const { fileUrl } = ((await r.json()) as { data: { fileUrl: string } }).data;
    expect(await existeNoBucket(fileUrl.replace('/arquivos/', ''))).toBe(true);
    expect((await fetch(base + fileUrl)).status).toBe(200);
  });
});

describe('ARMAZENAMENTO=s3 with S3_URL_PUBLICA: the bucket serves the files', () => {
  let amb: Ambiente;
  let base: string;
  beforeAll(async () => {
    amb = await criarAmbiente({ ...s3.env, S3_URL_PUBLICA: `${s3.endpoint}/${s3.bucket}` });
    base = await ouvir(amb);
  });
  afterAll(() => amb.encerrar());

  it('answers public bucket addresses, fetchable from the bucket, and this server does not serve /arquivos/', async () => {
    const gestor = await amb.entrar('gestorA');
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'p.jpg');
    const r = await fetch(`${base}/api/revendas/${amb.ids.revendaA}/imagens?tipo=banner`, {
      method: 'POST',
      body: form,
      headers: { cookie: gestor?.cookie ?? '', 'x-csrf-token': gestor?.csrf ?? '' },
    });
    const e = imagemEnviada.parse(((await r.json()) as { data: unknown }).data);
    const prefixo = `${s3.endpoint}/${s3.bucket}/revendas/${amb.ids.revendaA}/banner/`;
    for (const url of [e.fileUrl, e.fileThumb, e.fileOriginal]) {
      expect(url.startsWith(prefixo)).toBe(true);
      const doBucket = await fetch(url);
      expect([doBucket.status, doBucket.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    }
    const chave = e.fileUrl.slice(`${s3.endpoint}/${s3.bucket}/`.length);
    expect((await fetch(`${base}/arquivos/${chave}`)).status).toBe(404);

    // The originals are also read through this server (the bucket's policy decides what its address gives):
    // with a session of the reseller, or the signed address the channels are sent; never by anyone else.
    const original = e.fileOriginal.slice(`${s3.endpoint}/${s3.bucket}/`.length);
    expect((await fetch(`${base}/arquivos/${original}`)).status).toBe(404);
    const lido = await fetch(`${base}/arquivos/${original}`, { headers: { cookie: gestor?.cookie ?? '' } });
    expect([lido.status, lido.headers.get('cache-control')]).toEqual([200, 'private, max-age=3600']);
    const driver = new ArmazenamentoS3(configDriver({ urlPublica: `${s3.endpoint}/${s3.bucket}` }));
    const assinado = enderecoAssinado(driver, amb.config.secretKey, e.fileOriginal);
    driver.fechar();
    expect(assinado).toMatch(new RegExp(`^/arquivos/${original}\\?assinatura=`));
    expect((await fetch(base + assinado)).status).toBe(200);
  });
});
