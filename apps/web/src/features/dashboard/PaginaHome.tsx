import type { ContadoresAdmin, FilaModeracao } from '@intermedio/contracts';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { PainelVendidosComAnuncios } from '@/features/vendas/PaineisVendas';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { useAlarmeAoMudar } from './alarme';
import { useContadoresAdmin } from './api';
import { BlocoContador } from './BlocoContador';
import { PainelProvedor } from './PainelProvedor';

const BLOCOS: { fila: FilaModeracao & keyof ContadoresAdmin; rotulo: string }[] = [
  { fila: 'incluidos', rotulo: 'Incluídos' },
  { fila: 'vendidos', rotulo: 'Vendidos' },
  { fila: 'alterados', rotulo: 'Alterados' },
  { fila: 'removidos', rotulo: 'Removidos' },
  { fila: 'banners', rotulo: 'Banners' },
];

/** Admin dashboard /home: live moderation counters; an alarm sounds whenever one changes (spec 1 §2). */
export default function PaginaHome() {
  const { data, error, refetch } = useContadoresAdmin();
  const alarmes = useAlarmeAoMudar(data);
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} data-alarmes={alarmes} data-testid="contadores">
        {BLOCOS.map((b) => (
          <BlocoContador key={b.fila} id={b.fila} rotulo={b.rotulo} valor={data?.[b.fila]} para={rotas.dashboard(b.fila)} />
        ))}
      </SimpleGrid>
      <PainelProvedor />
      <PainelVendidosComAnuncios />
    </Stack>
  );
}
