import type { CanalId } from '@intermedio/contracts';
import { MENSAGENS_PUBLICACAO_VEICULO as M } from '@intermedio/contracts';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useVeiculo } from '@/features/veiculos/api';
import { rotas, type VarianteVeiculo } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';

export type PropsDespachante = { canal: CanalId; acao: 'incluir' | 'alterar'; variantes: readonly VarianteVeiculo[]; titulo: string };

/**
 * The dispatcher by vehicle type (spec 3 §2.3): `incluir` (or `{idAnuncio}/alterar`) goes to the screen of the
 * vehicle's type (incluir-carro, incluir-moto…); any other type sees "Operação não permitida para esse tipo de
 * veículo." with Voltar.
 */
export function Despachante({ canal, acao, variantes, titulo }: PropsDespachante) {
  const { idRevenda = '', idVeiculo = '', idAnuncio = '' } = useParams();
  const navigate = useNavigate();
  const { data: v, error } = useVeiculo(idRevenda, idVeiculo);
  if (error) return <AlertaErro erro={error} />;
  if (!v) return <Carregando />;
  const variante = variantes.find((x) => x === v.vetipoveiculo);
  if (variante) {
    const destino =
      acao === 'incluir'
        ? rotas.revenda.publicacao.incluir(idRevenda, idVeiculo, canal, variante)
        : rotas.revenda.publicacao.alterar(idRevenda, idVeiculo, canal, idAnuncio, variante);
    return <Navigate to={destino} replace />;
  }
  return (
    <Stack maw={700}>
      <Title order={1}>{titulo}</Title>
      <Text>{M.naoPermitido}</Text>
      <div>
        <Button variant="default" onClick={() => navigate(-1)}>
          Voltar
        </Button>
      </div>
    </Stack>
  );
}
