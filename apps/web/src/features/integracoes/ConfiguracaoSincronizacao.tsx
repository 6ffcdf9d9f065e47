import type { ModoSincronizacao } from '@intermedio/contracts';
import { Group, Radio, Stack } from '@mantine/core';
import { useGravarSincronizacao, useSincronizacao } from '@/features/publicacao/sincronizacao';

/**
 * The reseller's sync setting (issue 24 item 1): after a vehicle save, its published adverts are updated at every
 * channel at once ("Automático") or when the reseller asks from the vehicle view ("Perguntar").
 */
export function ConfiguracaoSincronizacao({ idRevenda }: { idRevenda: string }) {
  const { data } = useSincronizacao(idRevenda);
  const gravar = useGravarSincronizacao(idRevenda);
  if (!data) return null;
  return (
    <Radio.Group
      value={gravar.isPending && gravar.variables ? gravar.variables : data}
      onChange={(v) => gravar.mutate(v as ModoSincronizacao)}
      label="Atualizar os anúncios quando o veículo for alterado"
      description="Automático: ao salvar o veículo, os anúncios publicados são atualizados em todos os canais. Perguntar: a tela do veículo oferece “Atualizar em todos os canais”."
    >
      <Stack gap={4} mt="xs">
        <Group gap="lg">
          <Radio value="automatico" label="Automático" disabled={gravar.isPending} />
          <Radio value="perguntar" label="Perguntar" disabled={gravar.isPending} />
        </Group>
      </Stack>
    </Radio.Group>
  );
}
