import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { useRevenda } from './api';
import { FeedDoSite } from './FeedDoSite';
import { FormularioRevenda } from './FormularioRevenda';

/** /revenda/:idRevenda/alterar (admin, or the gestor of that reseller). */
export default function PaginaAlterarRevenda() {
  const { idRevenda = '' } = useParams();
  const { data, error, refetch } = useRevenda(idRevenda);
  if (error && !data) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;
  // Keyed by the reseller, so that a live refresh of the record does not overwrite what is being typed.
  return (
    <Stack>
      <FormularioRevenda key={data.id} revenda={data} />
      {/* Outside the form: its own routes and buttons, saved at once (issue 27). */}
      <FeedDoSite idRevenda={data.id} />
    </Stack>
  );
}
