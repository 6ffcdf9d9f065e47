import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buscarSeguro, type DestinoConexao, MENSAGENS_REDE_SEGURA, type RedeSegura, redeReal } from './index.ts';

/**
 * The only real server these tests reach is their own, on 127.0.0.1. Every refused address (10.0.0.1,
 * 169.254.169.254…) is refused before `conectar`, which records each call: the tests prove it was never asked.
 */
let servidor: http.Server;
let porta = 0;
let base = '';
const pendentes = new Set<http.ServerResponse>();

beforeAll(async () => {
  servidor = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    if (p === '/ok') return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('olá');
    if (p === '/host') return res.writeHead(200, { 'content-type': 'text/plain' }).end(req.headers.host);
    if (p === '/grande') return res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(10_000));
    if (p === '/grande-sem-tamanho') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 10; i++) res.write('x'.repeat(1000));
      return res.end();
    }
    if (p === '/bomba') {
      const corpo = gzipSync(Buffer.alloc(5_000_000));
      return res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': corpo.length }).end(corpo);
    }
    if (p === '/gzip') {
      return res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync('{"a":1}'));
    }
    if (p === '/lento') {
      pendentes.add(res); // never answers
      return;
    }
    if (p === '/404') return res.writeHead(404).end();
    if (p === '/para') return res.writeHead(302, { location: url.searchParams.get('u') ?? '/' }).end();
    const n = /^\/saltos\/(\d+)$/.exec(p);
    if (n) {
      const restantes = Number(n[1]);
      return res
        .writeHead(restantes ? 301 : 200, restantes ? { location: `/saltos/${restantes - 1}` } : { 'content-type': 'text/plain' })
        .end('fim');
    }
    res.writeHead(404).end();
  });
  servidor.listen(0, '127.0.0.1');
  await once(servidor, 'listening');
  porta = (servidor.address() as AddressInfo).port;
  base = `http://127.0.0.1:${porta}`;
});

afterAll(async () => {
  for (const r of pendentes) r.destroy();
  servidor.closeAllConnections();
  await new Promise((r) => servidor.close(r));
});

/**
 * The real network with the test-only allowance (127.0.0.1 only), its calls recorded. Its connector refuses anything
 * but 127.0.0.1 itself, so even a broken check could not make this test send traffic elsewhere.
 */
function redeLocal() {
  const real = redeReal({ permitirLoopback: true });
  return {
    permitirLoopback: true,
    resolver: vi.fn(real.resolver),
    conectar: vi.fn((d: DestinoConexao) => {
      if (d.endereco !== '127.0.0.1') throw Object.assign(new Error('teste: só 127.0.0.1'), { code: 'FORA_DO_TESTE' });
      return real.conectar(d);
    }),
  } satisfies RedeSegura;
}

/**
 * A stubbed resolver (names → addresses as given) and a connector that records the checked address and, standing in
 * for that public server, connects to this test's own 127.0.0.1 server. No allowance: loopback is refused here.
 */
const PUBLICO = '93.184.216.34';
function redeFalsa(nomes: Record<string, string[]>) {
  return {
    resolver: vi.fn(async (host: string) => nomes[host] ?? []),
    conectar: vi.fn((_d: DestinoConexao) => net.connect({ host: '127.0.0.1', port: porta })),
  } satisfies RedeSegura;
}
const conectados = (rede: { conectar: { mock: { calls: [DestinoConexao][] } } }) => rede.conectar.mock.calls.map(([d]) => d.endereco);

const OP = { maxBytes: 1_000_000, timeoutMs: 5_000 };

describe('buscarSeguro: refusals before any connection', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.2/',
    'http://10.0.0.1/foto.jpg',
    'http://172.16.5.4/',
    'http://192.168.0.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    // Other spellings of 127.0.0.1 and 169.254.169.254: the URL parser makes them canonical first.
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0251.0376.0251.0376/',
    'http://localhost/',
    'http://metadata.google.internal/computeMetadata/v1/',
  ])('%s → blocked, nothing resolved or connected', async (url) => {
    const rede = redeFalsa({});
    expect(await buscarSeguro(url, { ...OP, rede })).toEqual({ ok: false, motivo: MENSAGENS_REDE_SEGURA.bloqueada });
    expect(rede.resolver).not.toHaveBeenCalled();
    expect(rede.conectar).not.toHaveBeenCalled();
  });

  it('the allowance lets 127.0.0.1 through but still refuses 10.0.0.1 and 169.254.169.254 literally', async () => {
    const rede = redeLocal();
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/', 'http://127.0.0.2/', 'http://[::ffff:10.0.0.1]/'])
      expect(await buscarSeguro(url, { ...OP, rede }), url).toEqual({ ok: false, motivo: MENSAGENS_REDE_SEGURA.bloqueada });
    expect(rede.conectar).not.toHaveBeenCalled();
  });

  it.each([
    ['interno.exemplo', ['10.0.0.1']],
    ['metadados.exemplo', ['169.254.169.254']],
    ['casa.exemplo', ['127.0.0.1']],
    ['v6.exemplo', ['::1']],
    ['mapeado.exemplo', ['::ffff:10.0.0.1']],
    // One internal address among public ones refuses the name (the connection could go to any of them).
    ['misto.exemplo', [PUBLICO, '169.254.169.254']],
  ])('a name resolving to internal addresses (%s → %j) is refused and never connected', async (host, enderecos) => {
    const rede = redeFalsa({ [host]: enderecos });
    expect(await buscarSeguro(`http://${host}/foto.jpg`, { ...OP, rede })).toEqual({ ok: false, motivo: MENSAGENS_REDE_SEGURA.bloqueada });
    expect(rede.resolver).toHaveBeenCalledWith(host);
    expect(rede.conectar).not.toHaveBeenCalled();
  });

  it('a redirect to 127.0.0.1, 10.0.0.1, 169.254.169.254 or a name resolving to them is refused before connecting', async () => {
    for (const destino of [
      `http://127.0.0.1:${porta}/ok`,
      'http://10.0.0.1/foto.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      'http://interno.exemplo/foto.jpg',
      'ftp://loja.exemplo/foto.jpg',
    ]) {
      const rede = redeFalsa({ 'loja.exemplo': [PUBLICO], 'interno.exemplo': ['10.0.0.1'] });
      const r = await buscarSeguro(`http://loja.exemplo/para?u=${encodeURIComponent(destino)}`, { ...OP, rede });
      expect(r.ok, destino).toBe(false);
      expect(conectados(rede), destino).toEqual([PUBLICO]); // the first hop only
    }
  });

  it('with the allowance on, a redirect from the own 127.0.0.1 server to 10.0.0.1 / 169.254.169.254 / 127.0.0.2 is refused', async () => {
    for (const destino of ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://127.0.0.2/']) {
      const rede = redeLocal();
      const r = await buscarSeguro(`${base}/para?u=${encodeURIComponent(destino)}`, { ...OP, rede });
      expect(r, destino).toEqual({ ok: false, motivo: MENSAGENS_REDE_SEGURA.bloqueada });
      expect(conectados(rede), destino).toEqual(['127.0.0.1']);
    }
  });

  it.each([
    'ftp://loja.exemplo/f.jpg',
    'file:///etc/passwd',
    'gopher://loja.exemplo/',
    'javascript:alert(1)',
    'data:text/plain,oi',
    'não é url',
  ])('non-http(s) %s → invalid address', async (url) => {
    const rede = redeFalsa({ 'loja.exemplo': [PUBLICO] });
    expect(await buscarSeguro(url, { ...OP, rede })).toEqual({ ok: false, motivo: MENSAGENS_REDE_SEGURA.urlInvalida });
    expect(rede.conectar).not.toHaveBeenCalled();
  });

  it('user and password in the URL are refused', async () => {
    const rede = redeFalsa({ 'loja.exemplo': [PUBLICO] });
    expect(await buscarSeguro('http://usuario:senha@loja.exemplo/', { ...OP, rede })).toEqual({
      ok: false,
      motivo: MENSAGENS_REDE_SEGURA.comUsuario,
    });
    expect(rede.conectar).not.toHaveBeenCalled();
  });

  it('an unknown name is "não encontrado", with nothing connected', async () => {
    const rede = redeFalsa({});
    expect(await buscarSeguro('http://sumiu.exemplo/', { ...OP, rede })).toEqual({
      ok: false,
      motivo: MENSAGENS_REDE_SEGURA.naoEncontrado('sumiu.exemplo'),
    });
    expect(rede.conectar).not.toHaveBeenCalled();
  });
});

describe('buscarSeguro: fetching from a public address (stood in by the own server)', () => {
  it('connects to the very address checked, sends the URL host, answers the body and the final URL', async () => {
    const rede = redeFalsa({ 'loja.exemplo': [PUBLICO] });
    const r = await buscarSeguro('http://loja.exemplo/saltos/2', { ...OP, rede });
    expect(r).toEqual({ ok: true, status: 200, tipo: 'text/plain', corpo: Buffer.from('fim'), urlFinal: 'http://loja.exemplo/saltos/0' });
    expect(conectados(rede)).toEqual([PUBLICO, PUBLICO, PUBLICO]);
    const host = await buscarSeguro('http://loja.exemplo:8080/host', { ...OP, rede });
    expect(host.ok && host.corpo.toString()).toBe('loja.exemplo:8080');
    expect(rede.conectar.mock.calls.at(-1)?.[0]).toEqual({ host: 'loja.exemplo', endereco: PUBLICO, porta: 8080, tls: false });
    // Both families public: the IPv4 one is connected (a machine without an IPv6 route still reaches it).
    const dupla = redeFalsa({ 'dupla.exemplo': ['2606:4700::1111', PUBLICO] });
    expect((await buscarSeguro('http://dupla.exemplo/ok', { ...OP, rede: dupla })).ok).toBe(true);
    expect(conectados(dupla)).toEqual([PUBLICO]);
  });
});

describe('buscarSeguro: limits (own 127.0.0.1 server, test-only allowance)', () => {
  it('reads a small body; gzip is decompressed', async () => {
    const r = await buscarSeguro(`${base}/ok`, { ...OP, rede: redeLocal() });
    expect(r).toMatchObject({ ok: true, status: 200, tipo: 'text/plain', urlFinal: `${base}/ok` });
    expect(r.ok && r.corpo.toString()).toBe('olá');
    const g = await buscarSeguro(`${base}/gzip`, { ...OP, rede: redeLocal() });
    expect(g.ok && g.corpo.toString()).toBe('{"a":1}');
  });

  it('size: refused by Content-Length, cut while streaming, and after decompression (a gzip bomb)', async () => {
    const motivo = MENSAGENS_REDE_SEGURA.grande(5000);
    expect(motivo).toBe('O arquivo passa do limite de 4,9 KB.');
    for (const p of ['/grande', '/grande-sem-tamanho', '/bomba'])
      expect(await buscarSeguro(`${base}${p}`, { maxBytes: 5000, timeoutMs: 5000, rede: redeLocal() }), p).toEqual({ ok: false, motivo });
    expect(MENSAGENS_REDE_SEGURA.grande(15 * 1024 * 1024)).toBe('O arquivo passa do limite de 15 MB.');
  });

  it('timeout: a server that never answers, and a resolver that never answers', async () => {
    const motivo = 'O servidor não respondeu a tempo (limite de 0,3 s).';
    const inicio = Date.now();
    expect(await buscarSeguro(`${base}/lento`, { maxBytes: 1000, timeoutMs: 300, rede: redeLocal() })).toEqual({ ok: false, motivo });
    expect(Date.now() - inicio).toBeLessThan(3000);
    const parado = { ...redeFalsa({}), resolver: vi.fn(() => new Promise<string[]>(() => {})) };
    expect(await buscarSeguro('http://parado.exemplo/', { maxBytes: 1000, timeoutMs: 300, rede: parado })).toEqual({ ok: false, motivo });
    expect(parado.conectar).not.toHaveBeenCalled();
  });

  it('redirects: 5 are followed, the 6th is refused', async () => {
    const cinco = await buscarSeguro(`${base}/saltos/5`, { ...OP, rede: redeLocal() });
    expect(cinco).toMatchObject({ ok: true, urlFinal: `${base}/saltos/0` });
    const rede = redeLocal();
    expect(await buscarSeguro(`${base}/saltos/6`, { ...OP, rede })).toEqual({ ok: false, motivo: 'Redirecionamentos demais (mais de 5).' });
    expect(rede.conectar).toHaveBeenCalledTimes(6);
  });

  it('content type: only the accepted ones (exact or type/*)', async () => {
    const rede = redeLocal();
    expect(await buscarSeguro(`${base}/ok`, { ...OP, aceitar: ['image/jpeg', 'image/png'], rede })).toEqual({
      ok: false,
      motivo: 'Tipo de conteúdo não aceito: text/plain.',
    });
    expect((await buscarSeguro(`${base}/ok`, { ...OP, aceitar: ['text/*'], rede })).ok).toBe(true);
  });

  it('an error status and a refused connection are clear failures', async () => {
    expect(await buscarSeguro(`${base}/404`, { ...OP, rede: redeLocal() })).toEqual({
      ok: false,
      motivo: 'O servidor respondeu com o código HTTP 404.',
    });
    // A closed port of the own machine.
    const fechado = http.createServer();
    fechado.listen(0, '127.0.0.1');
    await once(fechado, 'listening');
    const p = (fechado.address() as AddressInfo).port;
    await new Promise((r) => fechado.close(r));
    expect(await buscarSeguro(`http://127.0.0.1:${p}/`, { ...OP, rede: redeLocal() })).toEqual({
      ok: false,
      motivo: 'Não foi possível conectar ao servidor (ECONNREFUSED).',
    });
  });

  it('https is verified: a self-signed certificate of the own server is refused', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rede-segura-'));
    const [key, cert] = [path.join(dir, 'k.pem'), path.join(dir, 'c.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      {
        stdio: 'ignore',
      },
    );
    const seguro = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => res.end('oi'));
    seguro.listen(0, '127.0.0.1');
    await once(seguro, 'listening');
    try {
      const rede = redeLocal();
      const r = await buscarSeguro(`https://127.0.0.1:${(seguro.address() as AddressInfo).port}/`, { ...OP, rede });
      expect(r).toEqual({ ok: false, motivo: 'O certificado de segurança do servidor é inválido (DEPTH_ZERO_SELF_SIGNED_CERT).' });
      expect(rede.conectar.mock.calls[0]?.[0]).toMatchObject({ endereco: '127.0.0.1', tls: true });
    } finally {
      seguro.closeAllConnections();
      await new Promise((r) => seguro.close(r));
    }
  });

  it('the default network has no allowance: 127.0.0.1 is refused', async () => {
    expect(await buscarSeguro(`${base}/ok`, OP)).toEqual({ ok: false, motivo: MENSAGENS_REDE_SEGURA.bloqueada });
  });
});
