import type { ContadoresRevenda } from '@intermedio/contracts';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { PainelVendasRecentes } from '@/features/vendas/PaineisVendas';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { useContadoresRevenda } from './api';
import { BlocoContador } from './BlocoContador';

const BLOCOS: { id: keyof ContadoresRevenda; rotulo: string; para: (idRevenda: string) => string }[] = [
  { id: 'veiculos', rotulo: 'Veículos', para: rotas.revenda.veiculos.listar },
  { id: 'vendidos', rotulo: 'Vendidos', para: rotas.revenda.vendidos.listar },
  { id: 'usuarios', rotulo: 'Usuários', para: rotas.revenda.usuarios.listar },
  { id: 'historico', rotulo: 'Histórico', para: rotas.revenda.veiculos.historico },
  { id: 'banners', rotulo: 'Banners', para: rotas.revenda.banners.listar },
];

/** Dealer dashboard /painel/dashboard: the signed-in user's own reseller (spec 2 §2). Admins have /home. */
export default function PaginaPainel() {
  const { usuario } = useSessaoAtiva();
  if (usuario.role === 'admin') return <Navigate to={rotas.home()} replace />;
  if (!usuario.revenda) return <Navigate to={rotas.acessoNegado()} replace />;
  return <PainelRevenda idRevenda={usuario.revenda} />;
}

function PainelRevenda({ idRevenda }: { idRevenda: string }) {
  const { data, error, refetch } = useContadoresRevenda(idRevenda);
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} data-testid="contadores">
        {BLOCOS.map((b) => (
          <BlocoContador key={b.id} id={b.id} rotulo={b.rotulo} valor={data?.[b.id]} para={b.para(idRevenda)} />
        ))}
      </SimpleGrid>
      <PainelVendasRecentes idRevenda={idRevenda} />
    </Stack>
  );
}
