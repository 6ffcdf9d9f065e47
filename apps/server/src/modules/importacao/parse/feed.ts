import { XMLParser } from 'fast-xml-parser';
import { ErroLeitura, type Tabela } from './tabela.ts';

/**
 * Another system's stock feed (XML or JSON) flattened into columns the mapping screen handles. The common Brazilian
 * "estoque XML" has one <veiculo> per car with marca, modelo, versao, anofabricacao, anomodelo, km, preco, cor,
 * combustivel, cambio, placa, <opcionais><opcional>…</opcional></opcionais> and <fotos><foto>url</foto></fotos>
 * (docs/importacao.md says which public readers this follows). Photos are joined by a space, optionals by ";".
 */
const NOMES_REGISTRO = new Set([
  'veiculo',
  'veiculos',
  'carro',
  'carros',
  'vehicle',
  'vehicles',
  'anuncio',
  'anuncios',
  'ad',
  'ads',
  'item',
  'items',
]);
const FOTOS = /foto|imag|photo|image|picture|midia/i;
const OPCIONAIS = /opciona|acessori|equipament|complement|feature|itens/i;

type No = unknown;
const ehObjeto = (v: No): v is Record<string, No> => typeof v === 'object' && v !== null && !Array.isArray(v);
const escalar = (v: No) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** Every scalar under `v`, in document order (an element's text, attributes included, e.g. <foto url="…"/>). */
function folhas(v: No): string[] {
  if (escalar(v)) return [String(v).trim()].filter(Boolean);
  if (Array.isArray(v)) return v.flatMap(folhas);
  if (ehObjeto(v)) return Object.values(v).flatMap(folhas);
  return [];
}

function achatar(registro: Record<string, No>, prefixo = '', saida: Record<string, string> = {}) {
  for (const [chave, v] of Object.entries(registro)) {
    const nome = prefixo + chave;
    if (FOTOS.test(chave)) {
      const todas = folhas(v);
      const urls = todas.filter((t) => /^https?:\/\//i.test(t));
      saida[nome] = (urls.length ? urls : todas).join(' ');
    } else if (OPCIONAIS.test(chave)) {
      const itens = escalar(v) ? String(v).split(/[,;]/) : folhas(v);
      saida[nome] = itens
        .map((t) => t.trim())
        .filter(Boolean)
        .join(';');
    } else if (escalar(v) || v === null || v === undefined) saida[nome] = v === null || v === undefined ? '' : String(v).trim();
    else if (ehObjeto(v) && '#text' in v) saida[nome] = String(v['#text']).trim();
    else if (Array.isArray(v)) saida[nome] = folhas(v).join(';');
    else if (ehObjeto(v)) achatar(v, `${nome}.`, saida);
  }
  return saida;
}

/** The list of cars: under a key named like "veiculo" if any (the longest), else the longest list of objects. */
function registros(raiz: No): Record<string, No>[] {
  const candidatos: { nomeado: boolean; lista: Record<string, No>[] }[] = [];
  const visitar = (v: No, chave: string) => {
    if (Array.isArray(v)) {
      const objs = v.filter(ehObjeto);
      if (objs.length) candidatos.push({ nomeado: NOMES_REGISTRO.has(chave.toLowerCase()), lista: objs });
      for (const x of v) if (ehObjeto(x)) for (const [k, y] of Object.entries(x)) visitar(y, k);
    } else if (ehObjeto(v)) {
      if (NOMES_REGISTRO.has(chave.toLowerCase()) && !Object.values(v).every((x) => Array.isArray(x) || ehObjeto(x)))
        candidatos.push({ nomeado: true, lista: [v] });
      for (const [k, y] of Object.entries(v)) visitar(y, k);
    }
  };
  visitar(raiz, '');
  const nomeados = candidatos.filter((c) => c.nomeado);
  const pool = nomeados.length ? nomeados : candidatos;
  return pool.reduce<Record<string, No>[]>((a, c) => (c.lista.length > a.length ? c.lista : a), []);
}

function tabela(raiz: No, mensagem: string): Tabela {
  const regs = registros(raiz);
  if (!regs.length) throw new ErroLeitura(mensagem);
  const linhas = regs.map((r) => achatar(r));
  const colunas: string[] = [];
  const vistas = new Set<string>();
  for (const l of linhas)
    for (const c of Object.keys(l))
      if (!vistas.has(c)) {
        vistas.add(c);
        colunas.push(c);
      }
  return { colunas, linhas: linhas.map((l) => Object.fromEntries(colunas.map((c) => [c, l[c] ?? '']))) };
}

export function lerXml(texto: string, mensagem: string): Tabela {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  let raiz: No;
  try {
    raiz = parser.parse(texto, true);
  } catch {
    throw new ErroLeitura(mensagem);
  }
  return tabela(raiz, mensagem);
}

export function lerJson(texto: string, mensagem: string): Tabela {
  let raiz: No;
  try {
    raiz = JSON.parse(texto);
  } catch {
    throw new ErroLeitura(mensagem);
  }
  return tabela(Array.isArray(raiz) ? { veiculos: raiz } : raiz, mensagem);
}
