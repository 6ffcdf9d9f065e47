import {
  type FipeAnoModelo,
  type FipeOpcao,
  type FipeVersao,
  filtrarSugestoes,
  MENSAGENS,
  MENSAGENS_FIPE,
  type TipoFipe,
} from '@intermedio/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp } from '../../lib/http.ts';
import { codigoDoNome, mesmaMarca, separarModeloVersao } from './familia.ts';
import { type ClienteFipe, type DetalheFipe, ErroFipe, esquemasFipe, precoDecimal, TIPO_API } from './fipe.client.ts';
import { fipeCacheRepository } from './fipe-cache.repository.ts';
import { type FipeManualRegistro, fipeManualRepository } from './fipe-manual.repository.ts';

/**
 * Vehicle-price lookup (spec 2 §5, §9): brands → models → model years → versions (with FIPE code and price) by
 * vehicle type (1 carro, 2 moto, 3 caminhão). The FIPE API answers are cached in fipe_cache per request and
 * reference month; the manual FIPE table joins the results of its type (type 0, "outros", has only manual entries).
 *
 * Codes: a FIPE brand keeps the API's code; a brand, model or year known only from the manual table gets one made
 * from its name (manual brands start with "m-"); a version is "<FIPE model id>_<FIPE year id>" or "m-<manual id>".
 */

/** FIPE's "zero km" model year. */
const ANO_ZERO_KM = '32000';
const PREFIXO_MARCA_MANUAL = 'm-';
const colador = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const porNome = <T extends { nome: string }>(a: T, b: T) => colador.compare(a.nome, b.nome);

type Lista = z.infer<typeof esquemasFipe.lista>;
type ModeloDaFamilia = { code: string; name: string; versao: string };
type Marca = { nome: string; fipe: { code: string; name: string } | null; manuais: FipeManualRegistro[] };
type Familia = { marca: Marca; nome: string; fipe: ModeloDaFamilia[]; manuais: FipeManualRegistro[] };

/** "2024-1" → "2024"; "32000-1" → "32000". */
const anoDoCodigo = (codigoAno: string) => codigoAno.split('-')[0] ?? codigoAno;
const anoNumerico = (texto: string) => (/^\d{4}$/.test(texto.trim()) ? Number(texto.trim()) : null);

/** Runs `fn` over `itens` with at most `limite` calls in flight (the real API has a daily quota and rate limits). */
async function mapearComLimite<T, R>(itens: readonly T[], limite: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const saida: R[] = new Array(itens.length);
  let proximo = 0;
  const trabalhador = async () => {
    while (proximo < itens.length) {
      const i = proximo++;
      saida[i] = await fn(itens[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limite, itens.length) }, trabalhador));
  return saida;
}

export type OpcoesFipeService = {
  consultar: ClienteFipe;
  /** Identifies the API base in cache keys, so the sandbox's answers never pass for the real API's. */
  origem: string;
  agora?: () => Date;
};

export function criarFipeService(db: Db, op: OpcoesFipeService) {
  const { consultar, origem } = op;
  const agora = op.agora ?? (() => new Date());
  const prefixo = `${origem}|`;

  async function emCache<T>(chave: string, referencia: string, esquema: z.ZodType<T>, buscar: () => Promise<T>): Promise<T> {
    const salvo = await fipeCacheRepository.buscar(db, chave);
    if (salvo !== undefined) {
      const v = esquema.safeParse(salvo);
      if (v.success) return v.data;
    }
    const valor = await buscar();
    await fipeCacheRepository.gravar(db, chave, referencia, valor);
    return valor;
  }

  /**
   * The newest reference month; the list is asked for once per calendar month (and once per process: the lookups
   * of one request run in parallel and must not each ask for it). When the service fails, the newest list the
   * cache holds (of any month) is used and not remembered, so the next lookup asks the service again.
   */
  let referenciaDoMes: { mes: string; promessa: Promise<{ code: string; month: string }> } | null = null;
  function referencia() {
    const mes = agora().toISOString().slice(0, 7);
    if (referenciaDoMes?.mes === mes) return referenciaDoMes.promessa;
    const promessa = emCache(`${prefixo}referencias|${mes}`, mes, esquemasFipe.referencias, async () => {
      const nova = await consultar('/references', esquemasFipe.referencias);
      await fipeCacheRepository.limparOutrasReferencias(db, prefixo, [mes, maisRecente(nova).code]);
      return nova;
    }).then(maisRecente);
    referenciaDoMes = { mes, promessa };
    promessa.catch(() => {
      if (referenciaDoMes?.promessa === promessa) referenciaDoMes = null; // a failure is not remembered
    });
    return promessa.catch(async (e: unknown) => {
      const guardada =
        e instanceof ErroFipe && e.tipo === 'indisponivel' ? await daCache('referencias|', '', esquemasFipe.referencias) : null;
      if (!guardada) throw e;
      return maisRecente(guardada);
    });
  }
  const maisRecente = (lista: { code: string; month: string }[]) =>
    lista.reduce((a, b) => (Number(b.code) > Number(a.code) ? b : a), lista[0] as { code: string; month: string });

  /** The newest cached answer whose key is `<origem>|<inicio>…<fim>` (any reference month), if still valid. */
  async function daCache<T>(inicio: string, fim: string, esquema: z.ZodType<T>): Promise<T | null> {
    const salvo = await fipeCacheRepository.maisRecente(db, `${prefixo}${inicio}`, fim);
    const v = salvo === undefined ? null : esquema.safeParse(salvo);
    return v?.success ? v.data : null;
  }

  /**
   * One API answer, from the cache when this reference month already has it. When the service fails, the same
   * request answered for another reference month is served instead (older prices beat no lookup).
   */
  async function api<T>(caminho: string, esquema: z.ZodType<T>): Promise<T> {
    const ref = await referencia();
    try {
      return await emCache(`${prefixo}${ref.code}|${caminho}`, ref.code, esquema, () =>
        consultar(`${caminho}?reference=${encodeURIComponent(ref.code)}`, esquema),
      );
    } catch (e) {
      const guardada = e instanceof ErroFipe && e.tipo === 'indisponivel' ? await daCache('', `|${caminho}`, esquema) : null;
      if (guardada === null) throw e;
      return guardada;
    }
  }

  const caminhoMarca = (tipo: 1 | 2 | 3, marca: string) => `/${TIPO_API[tipo]}/brands/${encodeURIComponent(marca)}`;
  const tipoDaApi = (tipo: TipoFipe): 1 | 2 | 3 | null => (tipo === 0 ? null : tipo);

  async function marcasFipe(tipo: TipoFipe): Promise<Lista> {
    const t = tipoDaApi(tipo);
    return t ? api(`/${TIPO_API[t]}/brands`, esquemasFipe.lista) : [];
  }

  async function resolverMarca(tipo: TipoFipe, codigo: string): Promise<Marca> {
    const manuais = await fipeManualRepository.listarDoTipo(db, tipo);
    if (codigo.startsWith(PREFIXO_MARCA_MANUAL)) {
      const daMarca = manuais.filter((m) => codigoDoNome(m.marca_api) === codigo.slice(PREFIXO_MARCA_MANUAL.length));
      if (daMarca.length === 0) throw new ErroHttp(404, 'Marca não encontrada.');
      return { nome: daMarca[0]?.marca_api ?? '', fipe: null, manuais: daMarca };
    }
    const fipe = (await marcasFipe(tipo)).find((b) => b.code === codigo);
    if (!fipe) throw new ErroHttp(404, 'Marca não encontrada.');
    return { nome: fipe.name, fipe, manuais: manuais.filter((m) => mesmaMarca(fipe.name, m.marca_api)) };
  }

  /** The brand's FIPE models grouped by model (familia.ts), with the manual entries of each. */
  async function familias(tipo: TipoFipe, codigoMarca: string) {
    const marca = await resolverMarca(tipo, codigoMarca);
    const t = tipoDaApi(tipo);
    const modelos = marca.fipe && t ? await api(`${caminhoMarca(t, marca.fipe.code)}/models`, esquemasFipe.lista) : [];
    const porCodigo = new Map<string, Familia>();
    const familiaDe = (nome: string) => {
      const codigo = codigoDoNome(nome);
      let f = porCodigo.get(codigo);
      if (!f) {
        f = { marca, nome, fipe: [], manuais: [] };
        porCodigo.set(codigo, f);
      }
      return f;
    };
    for (const m of modelos) {
      const { modelo, versao } = separarModeloVersao(m.name);
      familiaDe(modelo).fipe.push({ ...m, versao });
    }
    for (const m of marca.manuais) familiaDe(m.modelo_api).manuais.push(m);
    return porCodigo;
  }

  async function resolverFamilia(tipo: TipoFipe, codigoMarca: string, codigoModelo: string): Promise<Familia> {
    const f = (await familias(tipo, codigoMarca)).get(codigoModelo);
    if (!f) throw new ErroHttp(404, 'Modelo não encontrado.');
    return f;
  }

  const anosDoModelo = (tipo: 1 | 2 | 3, f: Familia, m: ModeloDaFamilia) =>
    api(`${caminhoMarca(tipo, f.marca.fipe?.code ?? '')}/models/${encodeURIComponent(m.code)}/years`, esquemasFipe.lista);

  /**
   * A failure of the FIPE API becomes a Portuguese message: 404 only when the service said the item does not
   * exist; 502 when it failed (5xx, unreachable, an answer of an unexpected shape) and the cache had nothing.
   */
  const traduzir =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await fn(...a);
      } catch (e) {
        if (e instanceof ErroFipe) {
          throw e.tipo === 'nao_encontrado'
            ? new ErroHttp(404, MENSAGENS_FIPE.consultaNaoEncontrada)
            : new ErroHttp(502, MENSAGENS_FIPE.consultaIndisponivel);
        }
        throw e;
      }
    };

  const marcas = traduzir(async (tipo: TipoFipe): Promise<FipeOpcao[]> => {
    const fipe = (await marcasFipe(tipo)).map((b) => ({ codigo: b.code, nome: b.name, manual: false }));
    const manuais = new Map<string, FipeOpcao>();
    for (const m of await fipeManualRepository.listarDoTipo(db, tipo)) {
      const codigo = `${PREFIXO_MARCA_MANUAL}${codigoDoNome(m.marca_api)}`;
      if (!fipe.some((b) => mesmaMarca(b.nome, m.marca_api)) && !manuais.has(codigo))
        manuais.set(codigo, { codigo, nome: m.marca_api, manual: true });
    }
    return [...fipe, ...manuais.values()].sort(porNome);
  });

  const modelos = traduzir(
    async (tipo: TipoFipe, codigoMarca: string): Promise<FipeOpcao[]> =>
      [...(await familias(tipo, codigoMarca)).entries()]
        .map(([codigo, f]) => ({ codigo, nome: f.nome, manual: f.fipe.length === 0 }))
        .sort(porNome),
  );

  const anos = traduzir(async (tipo: TipoFipe, codigoMarca: string, codigoModelo: string): Promise<FipeAnoModelo[]> => {
    const f = await resolverFamilia(tipo, codigoMarca, codigoModelo);
    const t = tipoDaApi(tipo);
    const listas = t ? await mapearComLimite(f.fipe, 4, (m) => anosDoModelo(t, f, m)) : [];
    const porCodigo = new Map<string, FipeAnoModelo>();
    for (const a of listas.flat()) {
      const codigo = anoDoCodigo(a.code);
      if (!porCodigo.has(codigo)) {
        porCodigo.set(
          codigo,
          codigo === ANO_ZERO_KM
            ? { codigo, nome: 'Zero KM', ano: null, manual: false }
            : { codigo, nome: codigo, ano: Number(codigo), manual: false },
        );
      }
    }
    for (const m of f.manuais) {
      const codigo = codigoDoNome(m.anomod);
      if (!porCodigo.has(codigo)) porCodigo.set(codigo, { codigo, nome: m.anomod, ano: anoNumerico(m.anomod), manual: true });
    }
    // Zero KM first, then the newest year first; texts that are not a year last.
    const peso = (a: FipeAnoModelo) => (a.codigo === ANO_ZERO_KM ? Number.POSITIVE_INFINITY : (a.ano ?? Number.NEGATIVE_INFINITY));
    return [...porCodigo.values()].sort((a, b) => peso(b) - peso(a) || colador.compare(a.nome, b.nome));
  });

  const versoes = traduzir(async (tipo: TipoFipe, codigoMarca: string, codigoModelo: string, codigoAno: string): Promise<FipeVersao[]> => {
    const f = await resolverFamilia(tipo, codigoMarca, codigoModelo);
    const t = tipoDaApi(tipo);
    const pares: { m: ModeloDaFamilia; ano: string }[] = [];
    if (t) {
      const listas = await mapearComLimite(f.fipe, 4, (m) => anosDoModelo(t, f, m));
      f.fipe.forEach((m, i) => {
        for (const a of listas[i] ?? []) if (anoDoCodigo(a.code) === codigoAno) pares.push({ m, ano: a.code });
      });
    }
    const detalhes: DetalheFipe[] = t
      ? await mapearComLimite(pares, 4, ({ m, ano }) =>
          api(
            `${caminhoMarca(t, f.marca.fipe?.code ?? '')}/models/${encodeURIComponent(m.code)}/years/${encodeURIComponent(ano)}`,
            esquemasFipe.detalhe,
          ),
        )
      : [];
    const daFipe: FipeVersao[] = pares.map(({ m, ano }, i) => {
      const d = detalhes[i] as DetalheFipe;
      return {
        codigo: `${m.code}_${ano}`,
        nome: m.versao || m.name,
        nome_fipe: m.name,
        codigo_fipe: d.codeFipe,
        preco: precoDecimal(d.price),
        combustivel: d.fuel,
        sigla_combustivel: d.fuelAcronym,
        ano_modelo: String(d.modelYear) === ANO_ZERO_KM ? null : d.modelYear,
        mes_referencia: d.referenceMonth.trim(),
        manual: false,
      };
    });
    const manuais: FipeVersao[] = f.manuais
      .filter((m) => codigoDoNome(m.anomod) === codigoAno)
      .map((m) => ({
        codigo: `${PREFIXO_MARCA_MANUAL}${m.id}`,
        nome: m.versao_api,
        nome_fipe: `${m.modelo_api} ${m.versao_api}`,
        codigo_fipe: null,
        preco: null,
        combustivel: null,
        sigla_combustivel: null,
        ano_modelo: anoNumerico(m.anomod),
        mes_referencia: null,
        manual: true,
      }));
    return [...daFipe, ...manuais].sort(porNome);
  });

  /** Suggestions while typing: brand and model by prefix, version (of a model year) by substring; nothing for empty input. */
  async function sugestoes(
    tipo: TipoFipe,
    p: { campo: 'marca' | 'modelo' | 'versao'; q: string; marca?: string; modelo?: string; ano?: string },
  ): Promise<(FipeOpcao | FipeVersao)[]> {
    if (!p.q.trim()) return [];
    const faltando = (campo: string) =>
      new ErroHttp(400, `${MENSAGENS.dadosInvalidos} ${campo}: ${MENSAGENS.preenchimentoObrigatorio}`, {
        [campo]: MENSAGENS.preenchimentoObrigatorio,
      });
    if (p.campo === 'marca') return filtrarSugestoes(await marcas(tipo), p.q, 'prefixo');
    if (!p.marca) throw faltando('marca');
    if (p.campo === 'modelo') return filtrarSugestoes(await modelos(tipo, p.marca), p.q, 'prefixo');
    if (!p.modelo) throw faltando('modelo');
    if (!p.ano) throw faltando('ano');
    return filtrarSugestoes(await versoes(tipo, p.marca, p.modelo, p.ano), p.q, 'contem');
  }

  return { marcas, modelos, anos, versoes, sugestoes, referencia: traduzir(referencia) };
}
export type FipeService = ReturnType<typeof criarFipeService>;
