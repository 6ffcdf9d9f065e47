import { type AnuncioLinha, type CanalId, type EstadoAnuncio, ROTULO_CANAL } from '@intermedio/contracts';
import { Badge, Group } from '@mantine/core';

/** A channel without an advert of the vehicle (never sent, or removed). */
type Situacao = EstadoAnuncio | 'sem';

/** Colour, sign (the state is never told by colour alone) and words of each state (issue 24 item 4). */
const ESTILO: Record<Situacao, { cor: string; sinal: string; texto: string }> = {
  publicado: { cor: 'green', sinal: '✓', texto: 'publicado' },
  desatualizado: { cor: 'orange', sinal: '!', texto: 'desatualizado' },
  atualizando: { cor: 'blue', sinal: '↻', texto: 'atualizando' },
  pendente: { cor: 'yellow', sinal: '…', texto: 'pendente' },
  falhou: { cor: 'red', sinal: '✕', texto: 'falhou' },
  sem: { cor: 'gray', sinal: '–', texto: 'sem anúncio' },
};

/** Short names so a row's badges fit a phone's row (the full name is the badge's accessible name). */
const CURTO: Partial<Record<CanalId, string>> = { mercadolivre: 'M. Livre', meucarronovo: 'Na Pista' };

/**
 * The channels a row shows a badge for: the reseller's configured ones, plus any other where the vehicle still has
 * an advert (a channel whose configuration was removed afterwards), in the configured order.
 */
export function canaisDaLinha(configurados: readonly CanalId[], anuncios: readonly AnuncioLinha[]): CanalId[] {
  const extras = anuncios.map((a) => a.canal).filter((c) => !configurados.includes(c));
  return [...configurados, ...extras];
}

/**
 * Two- or three-letter names for the compact badges of the vehicle list (issue 25 item 4: rows of at most 64 px
 * with ten channels); the badge's accessible name and tooltip keep the full "Webmotors: publicado".
 */
const SIGLA: Record<CanalId, string> = {
  autoline: 'AL',
  autoscar: 'AS',
  facebook: 'FB',
  icarros: 'iC',
  instagram: 'IG',
  mercadolivre: 'ML',
  mobiauto: 'MA',
  meucarronovo: 'NP',
  olx: 'OLX',
  webmotors: 'WM',
};

/** Gap between a row's badges, px: side by side and between lines. */
const VAO_SELOS = 4;
const VAO_LINHAS_SELOS = 2;
/** Height of one line of badges (a 16 px badge plus the gap below it), px. */
export const ALTURA_LINHA_SELOS = 16 + VAO_LINHAS_SELOS;
/** A compact badge: fixed width and height (so a line holds a known number), px. */
const SELO_COMPACTO = { largura: 38, altura: 14 };
export const ALTURA_LINHA_SELOS_COMPACTOS = SELO_COMPACTO.altura + VAO_LINHAS_SELOS;

/** Each badge's width in Chromium, px (its bold 10 px text, sign and padding): measured on the list. */
const LARGURA_MEDIDA: Record<CanalId, number> = {
  autoline: 64,
  autoscar: 64,
  facebook: 71,
  icarros: 54,
  instagram: 69,
  mercadolivre: 62,
  mobiauto: 66,
  meucarronovo: 64,
  olx: 41,
  webmotors: 81,
};
/** On the safe side: 3 px for a wider state sign, then 10 % for other fonts (a wider guess only costs blank space). */
const larguraSelo = (canal: CanalId) => Math.ceil(1.1 * (LARGURA_MEDIDA[canal] + 3));

/**
 * How many lines the badges of `canais` take in a cell `largura` px wide (the wrap of SelosAnuncios): the list's
 * virtualised rows have a fixed height, so the page sizes them for the badges of the row with the most channels.
 */
export function linhasSelos(canais: readonly CanalId[], largura: number, compacto = false): number {
  let linhas = 0;
  let usado = 0;
  for (const canal of canais) {
    const w = compacto ? SELO_COMPACTO.largura : larguraSelo(canal);
    if (linhas === 0 || usado + VAO_SELOS + w > largura) {
      linhas += 1;
      usado = w;
    } else usado += VAO_SELOS + w;
  }
  return linhas;
}

/**
 * One small badge per channel, coloured by the advert's state, named "Webmotors: publicado" for screen readers.
 * `compacto`: the sign and the channel's initials in a fixed-size badge ("✓ WM").
 */
export function SelosAnuncios({
  canais,
  anuncios,
  compacto = false,
}: {
  canais: readonly CanalId[];
  anuncios: readonly AnuncioLinha[];
  compacto?: boolean;
}) {
  if (canais.length === 0) return null;
  return (
    <Group gap={VAO_SELOS} wrap="wrap" style={{ rowGap: VAO_LINHAS_SELOS }}>
      {canais.map((canal) => {
        const s = ESTILO[anuncios.find((a) => a.canal === canal)?.estado ?? 'sem'];
        const nome = `${ROTULO_CANAL[canal]}: ${s.texto}`;
        return (
          <Badge
            key={canal}
            size="xs"
            radius="sm"
            color={s.cor}
            variant="light"
            tt="none"
            fz={10}
            role="img"
            aria-label={nome}
            title={nome}
            px={compacto ? 0 : 4}
            {...(compacto && { w: SELO_COMPACTO.largura, h: SELO_COMPACTO.altura })}
          >
            {s.sinal} {compacto ? SIGLA[canal] : (CURTO[canal] ?? ROTULO_CANAL[canal])}
          </Badge>
        );
      })}
    </Group>
  );
}

/** The list's advert filters (issue 24), shared with the stock export (contracts/exportacoes.ts). */
export { FILTROS_ANUNCIO, type FiltroAnuncio, filtrarPorAnuncios } from '@intermedio/contracts';
