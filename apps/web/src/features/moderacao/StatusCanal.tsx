import { acoesCanalModeracao, type CanalId, type ModeracaoVeiculoLinha, ROTULO_CANAL } from '@intermedio/contracts';
import { Anchor, Group, Text } from '@mantine/core';
import { IconBan, IconCircleCheckFilled, IconPointFilled } from '@tabler/icons-react';
import { type CSSProperties, memo } from 'react';
import { Link } from 'react-router';
import { rotas } from '@/lib/rotas';

/**
 * Status icons (spec 2 §2): green check active, gold ban present but inactive, grey dot none. A row of a vehicle queue
 * shows 20 of them: plain elements with the browser's own tooltip (`title`), not a Tooltip component each — with
 * 5,000 entries the screen's drawing and scrolling time was mostly these (issue 14 "Performance").
 */
export function IconeStatus({ status, rotulo }: { status: boolean | undefined; rotulo: string }) {
  const texto = `${rotulo}: ${status === undefined ? 'nenhum' : status ? 'ativo' : 'inativo'}`;
  return (
    <span role="img" aria-label={texto} title={texto} style={{ display: 'inline-flex' }}>
      {status === undefined ? (
        <IconPointFilled size={18} color="var(--mantine-color-gray-5)" aria-hidden />
      ) : status ? (
        <IconCircleCheckFilled size={18} color="var(--mantine-color-green-7)" aria-hidden />
      ) : (
        <IconBan size={18} color="var(--mantine-color-yellow-8)" aria-hidden />
      )}
    </span>
  );
}

const LINHA: CSSProperties = { display: 'flex', alignItems: 'center', flexWrap: 'nowrap' };
const SIGLA: CSSProperties = { fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-gray-7)' };

/**
 * One channel block of a vehicle entry: S.I. (the reseller's configuration), S.A. (the vehicle's advert) and the
 * actions (spec 2 §2). Incluir and Alterar open the per-vehicle publishing screens (spec 3 §2.2); Excluir deletes the
 * advert right here, as the vehicle view's Excluir does (spec 3 §8.1: the confirmation, then the channel's removal):
 * the spec has no Excluir screen to lead to. `aoExcluir` must be stable (the block is memoised).
 */
export const BlocoCanal = memo(function BlocoCanal({
  linha,
  canal,
  compacto,
  aoExcluir,
}: {
  linha: ModeracaoVeiculoLinha;
  canal: CanalId;
  compacto?: boolean;
  aoExcluir: (linha: ModeracaoVeiculoLinha, canal: CanalId) => void;
}) {
  const nome = ROTULO_CANAL[canal];
  // Nothing is shown for a channel the reseller has not configured (spec 2 §2, issue 23 item 16).
  if (!linha.integracao_revenda[canal]) return null;
  const anuncio = linha.integracao_veiculo[canal];
  const acoes = acoesCanalModeracao(canal, linha);
  const { idRevenda, idVeiculo } = linha;
  const link = (para: string, texto: string) => (
    <Anchor component={Link} to={para} size="xs" aria-label={`${texto} anúncio no ${nome}`}>
      {texto}
    </Anchor>
  );
  const icones = (
    <div style={{ ...LINHA, gap: 4 }}>
      <span style={SIGLA} aria-hidden>
        S.I.
      </span>
      <IconeStatus status={linha.integracao_revenda[canal]?.status} rotulo={`S.I. ${nome}`} />
      <span style={SIGLA} aria-hidden>
        S.A.
      </span>
      <IconeStatus status={anuncio?.status} rotulo={`S.A. ${nome}`} />
    </div>
  );
  const links = acoes.length > 0 && (
    <div style={{ ...LINHA, gap: 6 }}>
      {acoes.includes('incluir') && link(rotas.revenda.publicacao.incluir(idRevenda, idVeiculo, canal), 'Incluir')}
      {acoes.includes('alterar') &&
        link(rotas.revenda.publicacao.alterar(idRevenda, idVeiculo, canal, anuncio?.id_anuncio ?? ''), 'Alterar')}
      {acoes.includes('excluir') && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          c="red.9"
          onClick={() => aoExcluir(linha, canal)}
          aria-label={`Excluir anúncio no ${nome}`}
        >
          Excluir
        </Anchor>
      )}
    </div>
  );
  // Memoised: checking a row (or any change of the frame) leaves the 10 blocks of every drawn row as they are.
  return (
    <div style={compacto ? { ...LINHA, gap: 6 } : { display: 'flex', flexDirection: 'column', gap: 4 }}>
      {icones}
      {links}
    </div>
  );
});

/** Green for the validation buttons: white on it is 5.4:1 (Mantine's green.6 to green.9 stay under 4.5:1; issue 23 item 19). */
export const VERDE_VALIDAR = '#1f7a35';

/** What S.I., S.A. and their icons mean, above a vehicle queue (issue 23 item 17). */
export function LegendaStatus() {
  const item = (status: boolean | undefined, texto: string) => (
    <span style={{ ...LINHA, gap: 4 }}>
      <span aria-hidden style={{ display: 'inline-flex' }}>
        <IconeStatus status={status} rotulo={texto} />
      </span>
      {texto}
    </span>
  );
  return (
    <Group gap="xs" wrap="wrap" role="note" aria-label="Legenda dos canais">
      <Text size="xs">
        <strong>S.I.</strong>: integração da revenda · <strong>S.A.</strong>: anúncio do veículo ·
      </Text>
      <Text size="xs" component="span" style={{ display: 'inline-flex', gap: 'var(--mantine-spacing-xs)', flexWrap: 'wrap' }}>
        {item(true, 'ativo')}
        {item(false, 'inativo')}
        {item(undefined, 'nenhum')}
      </Text>
      <Text size="xs">· Canal sem bloco: a revenda não o configurou.</Text>
    </Group>
  );
}
