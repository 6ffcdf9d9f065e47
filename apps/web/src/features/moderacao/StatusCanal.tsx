import { acoesCanalModeracao, type CanalId, type ModeracaoVeiculoLinha, ROTULO_CANAL } from '@intermedio/contracts';
import { Anchor, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBan, IconCircleCheckFilled, IconPointFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { rotas } from '@/lib/rotas';

/** Status icons (spec 2 §2): green check active, gold ban present but inactive, grey dot none. */
export function IconeStatus({ status, rotulo }: { status: boolean | undefined; rotulo: string }) {
  const texto = `${rotulo}: ${status === undefined ? 'nenhum' : status ? 'ativo' : 'inativo'}`;
  return (
    <Tooltip label={texto}>
      <Box component="span" role="img" aria-label={texto} style={{ display: 'inline-flex' }}>
        {status === undefined ? (
          <IconPointFilled size={18} color="var(--mantine-color-gray-5)" />
        ) : status ? (
          <IconCircleCheckFilled size={18} color="var(--mantine-color-green-7)" />
        ) : (
          <IconBan size={18} color="var(--mantine-color-yellow-8)" />
        )}
      </Box>
    </Tooltip>
  );
}

/**
 * One channel block of a vehicle entry: S.I. (the reseller's configuration), S.A. (the vehicle's advert) and the
 * actions (spec 2 §2). Incluir and Alterar open the per-vehicle publishing screens; Excluir opens the vehicle view,
 * whose integrations table confirms and deletes the advert.
 */
export function BlocoCanal({ linha, canal, compacto }: { linha: ModeracaoVeiculoLinha; canal: CanalId; compacto?: boolean }) {
  const nome = ROTULO_CANAL[canal];
  const anuncio = linha.integracao_veiculo[canal];
  const acoes = acoesCanalModeracao(canal, linha);
  const { idRevenda, idVeiculo } = linha;
  const link = (para: string, texto: string) => (
    <Anchor component={Link} to={para} size="xs" aria-label={`${texto} anúncio no ${nome}`}>
      {texto}
    </Anchor>
  );
  const icones = (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="gray.7" aria-hidden>
        S.I.
      </Text>
      <IconeStatus status={linha.integracao_revenda[canal]?.status} rotulo={`S.I. ${nome}`} />
      <Text size="xs" c="gray.7" aria-hidden>
        S.A.
      </Text>
      <IconeStatus status={anuncio?.status} rotulo={`S.A. ${nome}`} />
    </Group>
  );
  const links = (
    <Group gap={6} wrap="nowrap">
      {acoes.includes('incluir') && link(rotas.revenda.publicacao.incluir(idRevenda, idVeiculo, canal), 'Incluir')}
      {acoes.includes('alterar') &&
        link(rotas.revenda.publicacao.alterar(idRevenda, idVeiculo, canal, anuncio?.id_anuncio ?? ''), 'Alterar')}
      {acoes.includes('excluir') && link(rotas.revenda.veiculos.visualizar(idRevenda, idVeiculo), 'Excluir')}
    </Group>
  );
  return compacto ? (
    <Group gap={6} wrap="nowrap">
      {icones}
      {links}
    </Group>
  ) : (
    <Stack gap={4}>
      {icones}
      {links}
    </Stack>
  );
}
