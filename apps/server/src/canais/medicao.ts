import { contextoAtual } from '../operacao/contexto.ts';
import type { PublicacaoVeiculo } from './publicacao.ts';
import type { Canal, Resultado } from './tipos.ts';

/** The adapter's operations that call the channel (its pure helpers, `postPadrao`, `postAtualizado`, are not measured). */
const OPERACOES_CANAL = new Set(['configurar', 'renovar', 'revogar', 'configurarPagina']);
const OPERACOES_PUBLICACAO = new Set([
  'rascunho',
  'modelos',
  'versoes',
  'enviar',
  'alterar',
  'atualizar',
  'opcoesPadrao',
  'excluir',
  'consultar',
]);

/**
 * One operation at a channel, measured: latency and outcome (`ok`, the error kind, or `excecao` when it threw) in the
 * app's metrics, and a debug log line carrying the request id of whatever started it (operacao/contexto.ts).
 */
export async function medirChamada<T>(canal: string, operacao: string, chamada: () => Promise<Resultado<T>>): Promise<Resultado<T>> {
  const ctx = contextoAtual();
  const inicio = performance.now();
  let resultado = 'excecao';
  try {
    const r = await chamada();
    resultado = r.ok ? 'ok' : r.erro.tipo;
    return r;
  } finally {
    const segundos = (performance.now() - inicio) / 1000;
    ctx?.metricas?.chamadaCanal(canal, operacao, resultado, segundos);
    ctx?.log.debug({ canal, operacao, resultado, ms: Math.round(segundos * 1000) }, 'chamada ao canal');
  }
}

/** `fn` measured as one `operacao` of `canal` at each call (channel calls made outside the adapters: leads, posts). */
export const medida =
  <A extends unknown[], T>(canal: string, operacao: string, fn: (...a: A) => Promise<Resultado<T>>) =>
  (...a: A): Promise<Resultado<T>> =>
    medirChamada(canal, operacao, () => fn(...a));

type Funcoes = Record<string, unknown>;

/** `alvo[nome]` measured when it is one of `operacoes`; looked up at call time (tests swap an adapter's functions). */
function medirFuncao(canal: string, alvo: Funcoes, nome: string | symbol, operacoes: Set<string>) {
  const valor = Reflect.get(alvo, nome);
  if (typeof nome !== 'string' || !operacoes.has(nome) || typeof valor !== 'function') return valor;
  return (...args: unknown[]) =>
    medirChamada(canal, nome, () => (Reflect.get(alvo, nome) as (...a: unknown[]) => Promise<Resultado<unknown>>).apply(alvo, args));
}

const publicacoesMedidas = new WeakMap<object, PublicacaoVeiculo>();

/**
 * The adapter as the rest of the server sees it (`canal(id)`, canais/registro.ts): every call to the channel passes
 * through `medirChamada`, the single place channel calls are measured.
 */
export function canalMedido(c: Canal): Canal {
  const id = c.meta.id;
  return new Proxy(c, {
    get(alvo, nome) {
      if (nome === 'publicacao') {
        const p = alvo.publicacao;
        if (!p) return p;
        let medida = publicacoesMedidas.get(p);
        if (!medida) {
          medida = new Proxy(p, { get: (a, n) => medirFuncao(id, a as unknown as Funcoes, n, OPERACOES_PUBLICACAO) });
          publicacoesMedidas.set(p, medida);
        }
        return medida;
      }
      return medirFuncao(id, alvo as unknown as Funcoes, nome, OPERACOES_CANAL);
    },
  });
}
