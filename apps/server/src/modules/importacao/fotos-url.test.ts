import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { imagemVeiculoEntrada, MENSAGENS_MIDIA } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Ambiente, criarAmbiente } from '../../../test/ajuda/ambiente.ts';
import { enviosPendentes } from '../../db/schema/index.ts';
import { MENSAGENS_REDE_SEGURA, type RedeSegura } from '../../lib/rede-segura/index.ts';
import { lerArquivo } from '../../midia/armazenamento.ts';
import { criarArmazenamento } from '../../midia/servir-arquivos.ts';
import { criarImagensService } from '../arquivos/imagens.service.ts';
import { baixarFotoPorUrl, type ContextoFotosUrl } from './fotos-url.ts';

/** A PNG whose header claims width × height (CRC fixed) over a 1×1 image: only the header is ever read. */
async function pngDeclarando(largura: number, altura: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(largura, 16);
  png.writeUInt32BE(altura, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

let amb: Ambiente;
let ctx: ContextoFotosUrl;
let base = '';
const servidor = http.createServer();
const pendentes = new Set<http.ServerResponse>();
const rotas = new Map<string, { tipo: string; corpo: Buffer }>();

beforeAll(async () => {
  // The test-only allowance: the photos come from this file's own 127.0.0.1 server.
  amb = await criarAmbiente({ IMPORTACAO_PERMITIR_LOOPBACK: '1', IMPORTACAO_FOTO_SEGUNDOS: '1' });
  ctx = { imagens: criarImagensService(amb.banco.db, criarArmazenamento(amb.config), () => {}), config: amb.config };
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1060c0' } })
    .jpeg()
    .toBuffer();
  rotas.set('/fotos/carro%20azul.jpg', { tipo: 'image/jpeg', corpo: jpeg });
  rotas.set('/bucket/abc123', { tipo: 'application/octet-stream', corpo: jpeg });
  rotas.set('/pagina.jpg', { tipo: 'text/html; charset=utf-8', corpo: Buffer.from('<html>não é foto</html>') });
  rotas.set('/falsa.jpg', { tipo: 'image/jpeg', corpo: Buffer.from('isto não é uma imagem') });
  rotas.set('/enorme.png', { tipo: 'image/png', corpo: await pngDeclarando(10_000, 10_000) });
  rotas.set('/grande.jpg', { tipo: 'image/jpeg', corpo: Buffer.concat([jpeg, Buffer.alloc(15 * 1024 * 1024)]) });
  servidor.on('request', (req, res) => {
    if (req.url === '/lenta.jpg') return void pendentes.add(res);
    const r = rotas.get(req.url ?? '');
    if (!r) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': r.tipo, 'content-length': r.corpo.length }).end(r.corpo);
  });
  servidor.listen(0, '127.0.0.1');
  await once(servidor, 'listening');
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const r of pendentes) r.destroy();
  servidor.closeAllConnections();
  await new Promise((r) => servidor.close(r));
  await amb?.encerrar();
});

describe('baixarFotoPorUrl', () => {
  it('a photo by URL goes through the upload pipeline: renditions stored under the reseller, tracked as a pending upload', async () => {
    const r = await baixarFotoPorUrl(ctx, amb.ids.revendaA, `${base}/fotos/carro%20azul.jpg`);
    if (!r.ok) throw new Error(r.motivo);
    expect(imagemVeiculoEntrada.parse(r.imagem)).toEqual(r.imagem);
    expect(r.imagem.fileName).toBe('carro azul.jpg');
    expect(r.imagem.imagem).toMatch(new RegExp(`^revendas/${amb.ids.revendaA}/veiculo/`));
    const armazenamento = criarArmazenamento(amb.config);
    for (const url of [r.imagem.fileUrl, r.imagem.fileThumb, r.imagem.fileOriginal]) {
      const dados = await lerArquivo(armazenamento, armazenamento.chaveDaUrl(url) ?? '');
      expect((await sharp(dados ?? Buffer.alloc(0)).metadata()).format, url).toBe('jpeg');
    }
    const pendente = await amb.banco.db
      .select()
      .from(enviosPendentes)
      .where(eq(enviosPendentes.chave, r.imagem.imagem ?? ''));
    expect(pendente).toHaveLength(1);
  });

  it('octet-stream is accepted: the content decides', async () => {
    const r = await baixarFotoPorUrl(ctx, amb.ids.revendaA, `${base}/bucket/abc123`);
    expect(r.ok && r.imagem.fileName).toBe('abc123');
  });

  it.each([
    ['/pagina.jpg', 'Tipo de conteúdo não aceito: text/html.'],
    ['/falsa.jpg', MENSAGENS_MIDIA.naoImagem],
    ['/enorme.png', MENSAGENS_MIDIA.pixelsDemais],
    ['/grande.jpg', MENSAGENS_MIDIA.grandeDemais],
    ['/sumiu.jpg', 'O servidor respondeu com o código HTTP 404.'],
    ['/lenta.jpg', 'O servidor não respondeu a tempo (limite de 1 s).'],
  ])('%s → failure "%s", nothing stored', async (caminho, motivo) => {
    const antes = await amb.banco.db.select().from(enviosPendentes);
    expect(await baixarFotoPorUrl(ctx, amb.ids.revendaA, `${base}${caminho}`)).toEqual({ ok: false, motivo });
    expect(await amb.banco.db.select().from(enviosPendentes)).toHaveLength(antes.length);
  });

  it('internal addresses are refused even with the allowance (only 127.0.0.1 is let through), never connected', async () => {
    const conectar = vi.fn();
    const rede: RedeSegura = { resolver: async () => ['10.0.0.1'], conectar, permitirLoopback: true };
    for (const url of [
      'http://169.254.169.254/latest/meta-data/foto.jpg',
      'http://10.0.0.1/foto.jpg',
      'http://fotos.exemplo/1.jpg',
      'file:///etc/passwd',
    ])
      expect((await baixarFotoPorUrl({ ...ctx, rede }, amb.ids.revendaA, url)).ok, url).toBe(false);
    expect(conectar).not.toHaveBeenCalled();
  });

  it('without the test-only setting the own 127.0.0.1 server is refused too', async () => {
    const semPermissao = { ...ctx, config: { ...ctx.config, importacaoPermitirLoopback: false } };
    expect(await baixarFotoPorUrl(semPermissao, amb.ids.revendaA, `${base}/fotos/carro%20azul.jpg`)).toEqual({
      ok: false,
      motivo: MENSAGENS_REDE_SEGURA.bloqueada,
    });
  });
});
