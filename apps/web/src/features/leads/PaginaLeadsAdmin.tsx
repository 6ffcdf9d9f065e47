import { Select, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useRevendas } from '@/features/revendas/api';
import { CaixaLeads } from './CaixaLeads';

/** /leads/listar (admin): every reseller's leads, or one reseller's (`?revenda=`). */
export default function PaginaLeadsAdmin() {
  const [params, setParams] = useSearchParams();
  const pagos = useRevendas('pagos');
  const basico = useRevendas('basico');
  const revendas = [...(pagos.data ?? []), ...(basico.data ?? [])]
    .map((r) => ({ value: r.id, label: r.penome_fantasia }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  const idRevenda = params.get('revenda');
  return (
    <Stack>
      <Title order={1}>Leads</Title>
      <Select
        label="Revenda"
        placeholder="Todas as revendas"
        data={revendas}
        value={idRevenda}
        onChange={(v) =>
          setParams(
            (p) => {
              const n = new URLSearchParams(p);
              if (v) n.set('revenda', v);
              else n.delete('revenda');
              return n;
            },
            { replace: true },
          )
        }
        clearable
        searchable
        w={320}
      />
      <CaixaLeads key={idRevenda ?? 'todas'} idRevenda={idRevenda} />
    </Stack>
  );
}
