import sharp from 'sharp';

/**
 * The "personalizada" frame of a reseller (tipo_moldura_* = personalizada) is a transformation text
 * (transformation / transformation_vendidos). The original product stored image-host transformation strings,
 * so this reads the same notation, a documented subset of it, plus a few named presets:
 *
 * - steps separated by `/`, each a comma-separated list of `param_value`, applied in order;
 * - `w_N`, `h_N` (pixels, or 0.N of the current size), `ar_W:H`, `c_fill|crop|thumb|lfill` (cover the box),
 *   `c_fit` (fit inside), `c_limit` (fit inside, never enlarge), `c_scale` (stretch), `c_pad|lpad` (fit and pad with `b_`),
 *   `g_center|north|south|east|west|north_east|…|auto` (what `c_fill` keeps);
 * - `b_white`, `b_black`, `b_rgb:rrggbb`, `b_#rrggbb` (padding/border colour), `bo_Npx_solid_<colour>` (border);
 * - `e_grayscale`, `e_sepia`, `e_sharpen`, `e_blur[:N]`, `e_brightness:N`, `e_saturation:N` (N in -100..100), `a_90|180|270`;
 * - `q_N` (JPEG quality of the framed rendition).
 * Presets: `quadrado` (1080×1080 padded white), `stories` (1080×1920 padded black), `feed` (1080×1350 cover),
 * `paisagem` (1600×900 cover), `cinza` (grayscale). Anything else is ignored (listed in `ignorados`).
 */
export const PRESETS_TRANSFORMACAO: Record<string, string> = {
  quadrado: 'c_pad,w_1080,h_1080,b_white',
  stories: 'c_pad,w_1080,h_1920,b_black',
  feed: 'c_fill,w_1080,h_1350,g_auto',
  paisagem: 'c_fill,w_1600,h_900,g_auto',
  cinza: 'e_grayscale',
};

type Passo = Map<string, string>;
export type Transformacao = { passos: Passo[]; qualidade: number | undefined; ignorados: string[] };

const CONHECIDOS = new Set(['w', 'h', 'ar', 'c', 'g', 'b', 'bo', 'e', 'a', 'q']);
const LIMITE_LADO = 4096;

export function lerTransformacao(texto: string): Transformacao {
  const expandido = texto
    .trim()
    .split('/')
    .map((s) => PRESETS_TRANSFORMACAO[s.trim().toLowerCase()] ?? s)
    .join('/');
  const ignorados: string[] = [];
  let qualidade: number | undefined;
  const passos = expandido
    .split('/')
    .map((passo) => {
      const m: Passo = new Map();
      for (const bruto of passo.split(',')) {
        const item = bruto.trim();
        if (!item) continue;
        const i = item.indexOf('_');
        const chave = i > 0 ? item.slice(0, i) : item;
        const valor = i > 0 ? item.slice(i + 1) : '';
        if (!CONHECIDOS.has(chave)) ignorados.push(item);
        else if (chave === 'q') qualidade = limitar(Number.parseInt(valor, 10), 1, 100);
        else m.set(chave, valor);
      }
      return m;
    })
    .filter((m) => m.size > 0);
  return { passos, qualidade, ignorados };
}

const limitar = (n: number, min: number, max: number) => (Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : undefined);

const CORES: Record<string, string> = { white: '#ffffff', black: '#000000', transparent: '#ffffff', gray: '#808080', grey: '#808080' };
function cor(valor: string | undefined, padrao = '#ffffff'): string {
  if (!valor) return padrao;
  const v = valor.toLowerCase().replace(/^rgb:/, '#');
  if (/^#?[0-9a-f]{6}$/.test(v)) return v.startsWith('#') ? v : `#${v}`;
  return CORES[v] ?? padrao;
}

const GRAVIDADE: Record<string, string> = {
  center: 'centre',
  north: 'north',
  south: 'south',
  east: 'east',
  west: 'west',
  north_east: 'northeast',
  north_west: 'northwest',
  south_east: 'southeast',
  south_west: 'southwest',
};

const LUMA: [number, number, number] = [0.2126, 0.7152, 0.0722];

type Raw = { dados: Buffer; largura: number; altura: number };
const lado = (v: string | undefined, atual: number) => {
  if (!v) return undefined;
  const n = Number.parseFloat(v);
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return Math.round(Math.min(LIMITE_LADO, n <= 1 ? n * atual : n));
};

/** Applies each step to a raw RGB image (3 channels); returns the new raw image. */
export async function aplicarTransformacao(img: Raw, t: Transformacao): Promise<Raw> {
  let atual = img;
  for (const passo of t.passos) atual = await aplicarPasso(atual, passo);
  return atual;
}

async function aplicarPasso(img: Raw, p: Passo): Promise<Raw> {
  let s = sharp(img.dados, { raw: { width: img.largura, height: img.altura, channels: 3 } });
  let largura = lado(p.get('w'), img.largura);
  let altura = lado(p.get('h'), img.altura);
  const ar = p.get('ar')?.match(/^(\d+(?:\.\d+)?)[:x](\d+(?:\.\d+)?)$/);
  if (ar) {
    const proporcao = Number(ar[1]) / Number(ar[2]);
    if (largura && !altura) altura = Math.round(largura / proporcao);
    else if (altura && !largura) largura = Math.round(altura * proporcao);
    else if (!largura && !altura) {
      largura = img.largura;
      altura = Math.round(img.largura / proporcao);
    }
  }
  if (largura || altura) {
    const modo = p.get('c') ?? 'scale';
    const fundo = cor(p.get('b'));
    const g = p.get('g');
    const posicao = g === 'auto' ? sharp.strategy.attention : (GRAVIDADE[g ?? 'center'] ?? 'centre');
    if (['fill', 'lfill', 'crop', 'thumb'].includes(modo))
      s = s.resize({ width: largura, height: altura, fit: 'cover', position: posicao });
    else if (modo === 'pad' || modo === 'lpad') s = s.resize({ width: largura, height: altura, fit: 'contain', background: fundo });
    else if (modo === 'fit') s = s.resize({ width: largura, height: altura, fit: 'inside' });
    else if (modo === 'limit') s = s.resize({ width: largura, height: altura, fit: 'inside', withoutEnlargement: true });
    else s = s.resize({ width: largura, height: altura, fit: largura && altura ? 'fill' : 'inside' });
  }
  const angulo = Number(p.get('a'));
  if ([90, 180, 270].includes(angulo)) s = s.rotate(angulo);
  const efeito = p.get('e');
  if (efeito) {
    const [nome, arg] = efeito.split(':');
    const n = limitar(Number(arg ?? ''), -100, 100);
    // As a colour matrix, so the image keeps its three channels (the raw hand-off between steps expects them).
    if (nome === 'grayscale' || nome === 'greyscale') s = s.recomb([LUMA, LUMA, LUMA]);
    else if (nome === 'sepia')
      s = s.recomb([
        [0.393, 0.769, 0.189],
        [0.349, 0.686, 0.168],
        [0.272, 0.534, 0.131],
      ]);
    else if (nome === 'sharpen') s = s.sharpen();
    else if (nome === 'blur') s = s.blur(Math.max(0.3, (n ?? 30) / 10));
    else if (nome === 'brightness' && n !== undefined) s = s.modulate({ brightness: 1 + n / 100 });
    else if (nome === 'saturation' && n !== undefined) s = s.modulate({ saturation: 1 + n / 100 });
  }
  const borda = p.get('bo')?.match(/^(\d{1,3})px_solid_(.+)$/);
  if (borda) {
    const px = Number(borda[1]);
    s = s.extend({ top: px, bottom: px, left: px, right: px, background: cor(borda[2], '#000000') });
  }
  const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { dados: data, largura: info.width, altura: info.height };
}
