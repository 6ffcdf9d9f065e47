import type { ContadoresRevenda } from '@intermedio/contracts';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { PainelVendasRecentes } from '@/features/vendas/PaineisVendas';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { useContadoresRevenda } from './api';
import { BlocoContador } from './BlocoContador';
import { PainelNegocio } from './PainelNegocio';

/** Spec 2's five tiles, unchanged; the caption says what each counts (issue 25) so nobody misreads them. */
const BLOCOS: { id: keyof ContadoresRevenda; rotulo: string; legenda: string; para: (idRevenda: string) => string }[] = [
  { id: 'veiculos', rotulo: 'Veículos', legenda: 'Não removidos, inclui vendidos', para: rotas.revenda.veiculos.listar },
  { id: 'vendidos', rotulo: 'Vendidos', legenda: 'Posts de vendidos', para: rotas.revenda.vendidos.listar },
  { id: 'usuarios', rotulo: 'Usuários', legenda: 'Usuários da revenda', para: rotas.revenda.usuarios.listar },
  { id: 'historico', rotulo: 'Histórico', legenda: 'Veículos removidos', para: rotas.revenda.veiculos.historico },
  { id: 'banners', rotulo: 'Banners', legenda: 'Banners cadastrados', para: rotas.revenda.banners.listar },
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
          <BlocoContador key={b.id} id={b.id} rotulo={b.rotulo} legenda={b.legenda} valor={data?.[b.id]} para={b.para(idRevenda)} />
        ))}
      </SimpleGrid>
      <PainelNegocio idRevenda={idRevenda} />
      <PainelVendasRecentes idRevenda={idRevenda} />
    </Stack>
  );
}
