import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Readable } from 'node:stream';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { MENSAGENS_IMPORTACAO } from '@intermedio/contracts';
import { enderecoPermitido, hostComoEndereco, nomeInterno } from './enderecos.ts';

export { enderecoPermitido, nomeInterno } from './enderecos.ts';

/** Where one hop connects: the address already checked (never a name: no second resolution, no DNS rebinding). */
export type DestinoConexao = {
  /** The URL's host name: the TLS server name and the Host header, never resolved again. */
  host: string;
  endereco: string;
  porta: number;
  tls: boolean;
};

/**
 * The network a fetch uses, injectable so tests can prove what was resolved and connected to. The address check is
 * not part of it: buscarSeguro checks every address the resolver answers before `conectar` is called.
 */
export type RedeSegura = {
  /** Every address of a host name (all of them are checked). */
  resolver(host: string): Promise<string[]>;
  /** A socket (plain or TLS) to that address. */
  conectar(destino: DestinoConexao): net.Socket;
  /** Test servers only (IMPORTACAO_PERMITIR_LOOPBACK=1): exactly 127.0.0.1 and ::1 are allowed. */
  permitirLoopback?: boolean;
};

export type OpcoesBusca = {
  maxBytes: number;
  timeoutMs: number;
  /** Accepted content types ("image/jpeg", or "image/*"); absent: any. */
  aceitar?: string[];
  rede?: RedeSegura;
};

export type ResultadoBusca = { ok: true; status: number; tipo: string; corpo: Buffer; urlFinal: string } | { ok: false; motivo: string };

export const MAX_REDIRECIONAMENTOS = 5;

export const MENSAGENS_REDE_SEGURA = {
  urlInvalida: MENSAGENS_IMPORTACAO.urlInvalida,
  bloqueada: MENSAGENS_IMPORTACAO.urlBloqueada,
  comUsuario: 'Endereço inválido: não inclua usuário e senha no endereço.',
  naoEncontrado: (host: string) => `Servidor não encontrado: ${host}.`,
  conexao: (codigo: string) => `Não foi possível conectar ao servidor (${codigo}).`,
  certificado: (codigo: string) => `O certificado de segurança do servidor é inválido (${codigo}).`,
  tempo: (ms: number) => `O servidor não respondeu a tempo (limite de ${numero(ms / 1000)} s).`,
  grande: (bytes: number) => `O arquivo passa do limite de ${tamanho(bytes)}.`,
  redirecionamentos: `Redirecionamentos demais (mais de ${MAX_REDIRECIONAMENTOS}).`,
  status: (status: number) => `O servidor respondeu com o código HTTP ${status}.`,
  tipo: (tipo: string) => `Tipo de conteúdo não aceito: ${tipo || 'não informado'}.`,
  codificacao: (c: string) => `Compressão não suportada: ${c}.`,
} as const;

const numero = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
const tamanho = (b: number) =>
  b >= 1024 * 1024 ? `${numero(b / 1024 / 1024)} MB` : b >= 1024 ? `${numero(b / 1024)} KB` : `${numero(b)} bytes`;

/** The real network: the system resolver (as any connection would use) and a socket to the checked address. */
export function redeReal(op: { permitirLoopback?: boolean } = {}): RedeSegura {
  return {
    permitirLoopback: !!op.permitirLoopback,
    async resolver(host) {
      const r = await lookup(host, { all: true, verbatim: true });
      return r.map((a) => a.address);
    },
    conectar(d) {
      if (!d.tls) return net.connect({ host: d.endereco, port: d.porta });
      // The certificate is checked against the URL's name (servername), while the socket goes to the checked address.
      return tls.connect({
        host: d.endereco,
        port: d.porta,
        servername: net.isIP(d.host) ? undefined : d.host,
        ALPNProtocols: ['http/1.1'],
      });
    },
  };
}

const REDE_PADRAO = redeReal();

class FalhaBusca extends Error {}

const REDIRECIONAMENTO = new Set([301, 302, 303, 307, 308]);

/**
 * GET of a user-given http(s) URL that can only reach public addresses (SSRF-safe; docs/rede-segura.md): the URL
 * and every redirect (at most 5) are checked, the host resolved once and every address checked before any
 * connection, and the socket opened to that same address. `timeoutMs` bounds the whole fetch (resolution, redirects
 * and body), `maxBytes` the body (after decompression; the stream is cut past it). Never throws: a refusal or
 * failure is `{ ok: false, motivo }` in Portuguese.
 */
export async function buscarSeguro(url: string, op: OpcoesBusca): Promise<ResultadoBusca> {
  const rede = op.rede ?? REDE_PADRAO;
  const controle = new AbortController();
  const prazo = setTimeout(() => controle.abort(), op.timeoutMs);
  let resposta: IncomingMessage | null = null;
  try {
    let atual = url;
    for (let saltos = 0; ; saltos++) {
      const alvo = await conferir(atual, rede, controle.signal);
      resposta = await pedir(alvo, op, rede, controle.signal);
      const status = resposta.statusCode ?? 0;
      const destino = resposta.headers.location;
      if (REDIRECIONAMENTO.has(status) && destino) {
        resposta.destroy();
        if (saltos >= MAX_REDIRECIONAMENTOS) throw new FalhaBusca(MENSAGENS_REDE_SEGURA.redirecionamentos);
        atual = URL.canParse(destino, alvo.url.href) ? new URL(destino, alvo.url).href : destino;
        continue;
      }
      if (status < 200 || status > 299) throw new FalhaBusca(MENSAGENS_REDE_SEGURA.status(status));
      const tipo = (resposta.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (op.aceitar && !op.aceitar.some((a) => aceito(a, tipo))) throw new FalhaBusca(MENSAGENS_REDE_SEGURA.tipo(tipo));
      const declarado = Number(resposta.headers['content-length']);
      if (!resposta.headers['content-encoding'] && declarado > op.maxBytes) throw new FalhaBusca(MENSAGENS_REDE_SEGURA.grande(op.maxBytes));
      const corpo = await lerCorpo(resposta, op.maxBytes);
      return { ok: true, status, tipo, corpo, urlFinal: alvo.url.href };
    }
  } catch (erro) {
    return { ok: false, motivo: motivoDe(erro, controle.signal.aborted, op.timeoutMs) };
  } finally {
    clearTimeout(prazo);
    resposta?.destroy();
  }
}

const aceito = (padrao: string, tipo: string) =>
  padrao.endsWith('/*') ? tipo.startsWith(padrao.slice(0, -1)) : padrao.toLowerCase() === tipo;

type Alvo = { url: URL; endereco: string };

/** Scheme, credentials, name and every resolved address, before anything is connected. */
async function conferir(texto: string, rede: RedeSegura, sinal: AbortSignal): Promise<Alvo> {
  const url = URL.canParse(texto) ? new URL(texto) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new FalhaBusca(MENSAGENS_REDE_SEGURA.urlInvalida);
  }
  if (url.username || url.password) throw new FalhaBusca(MENSAGENS_REDE_SEGURA.comUsuario);
  const literal = hostComoEndereco(url.hostname);
  if (!literal && nomeInterno(url.hostname)) throw new FalhaBusca(MENSAGENS_REDE_SEGURA.bloqueada);
  const enderecos = literal ? [literal] : await comPrazo(resolver(rede, url.hostname), sinal);
  if (enderecos.length === 0) throw new FalhaBusca(MENSAGENS_REDE_SEGURA.naoEncontrado(url.hostname));
  // Any refused address refuses the name: a resolver answer that mixes public and internal ones is an attack.
  if (!enderecos.every((e) => enderecoPermitido(e, { permitirLoopback: rede.permitirLoopback }))) {
    throw new FalhaBusca(MENSAGENS_REDE_SEGURA.bloqueada);
  }
  // IPv4 first: a server without an IPv6 route would fail where the name also has an IPv4 address.
  const endereco = enderecos.find((e) => net.isIPv4(e)) ?? (enderecos[0] as string);
  return { url, endereco };
}

async function resolver(rede: RedeSegura, host: string): Promise<string[]> {
  try {
    return await rede.resolver(host);
  } catch {
    throw new FalhaBusca(MENSAGENS_REDE_SEGURA.naoEncontrado(host));
  }
}

function comPrazo<T>(promessa: Promise<T>, sinal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (sinal.aborted) return reject(sinal.reason);
    const abortar = () => reject(sinal.reason);
    sinal.addEventListener('abort', abortar, { once: true });
    promessa.then(resolve, reject).finally(() => sinal.removeEventListener('abort', abortar));
  });
}

/** One GET on a socket `rede.conectar` opens to the checked address (no agent, no pooling, no other lookup). */
function pedir(alvo: Alvo, op: OpcoesBusca, rede: RedeSegura, sinal: AbortSignal): Promise<IncomingMessage> {
  const tlsAtivo = alvo.url.protocol === 'https:';
  const destino: DestinoConexao = {
    host: alvo.url.hostname.replace(/^\[|\]$/g, ''),
    endereco: alvo.endereco,
    porta: Number(alvo.url.port) || (tlsAtivo ? 443 : 80),
    tls: tlsAtivo,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        protocol: 'http:', // the scheme is the socket's business: conectar answers a TLS socket for https
        method: 'GET',
        host: destino.endereco,
        port: destino.porta,
        path: `${alvo.url.pathname}${alvo.url.search}`,
        setHost: false,
        headers: {
          host: alvo.url.host,
          'user-agent': 'Intermedio-Importacao/1.0',
          accept: op.aceitar?.join(', ') || '*/*',
          'accept-encoding': 'gzip, deflate, br',
          connection: 'close',
        },
        signal: sinal,
        createConnection: () => rede.conectar(destino),
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body, decompressed, cut as soon as it passes maxBytes. */
async function lerCorpo(resposta: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const codificacao = String(resposta.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  let fluxo: Readable = resposta;
  if (codificacao !== 'identity' && codificacao !== '') {
    const descompressor =
      codificacao === 'gzip' || codificacao === 'x-gzip'
        ? zlib.createGunzip()
        : codificacao === 'deflate'
          ? zlib.createInflate()
          : codificacao === 'br'
            ? zlib.createBrotliDecompress()
            : null;
    if (!descompressor) throw new FalhaBusca(MENSAGENS_REDE_SEGURA.codificacao(codificacao));
    resposta.on('error', (e) => descompressor.destroy(e));
    fluxo = resposta.pipe(descompressor);
  }
  const partes: Buffer[] = [];
  let total = 0;
  for await (const parte of fluxo as AsyncIterable<Buffer>) {
    total += parte.length;
    if (total > maxBytes) {
      fluxo.destroy();
      throw new FalhaBusca(MENSAGENS_REDE_SEGURA.grande(maxBytes));
    }
    partes.push(parte);
  }
  return Buffer.concat(partes, total);
}

function motivoDe(erro: unknown, esgotado: boolean, timeoutMs: number): string {
  if (esgotado) return MENSAGENS_REDE_SEGURA.tempo(timeoutMs);
  if (erro instanceof FalhaBusca) return erro.message;
  const codigo = String((erro as { code?: unknown })?.code ?? 'ERRO');
  if (/CERT|SSL|TLS|SELF_SIGNED|ERR_TLS/i.test(codigo)) return MENSAGENS_REDE_SEGURA.certificado(codigo);
  return MENSAGENS_REDE_SEGURA.conexao(codigo);
}
