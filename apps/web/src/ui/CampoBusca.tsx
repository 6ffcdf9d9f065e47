import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The lists' text search box (DataTable's, and the moderation queues' filter row): named "Buscar em <lista>". */
export function CampoBusca({
  rotulo,
  valor,
  aoMudar,
  ...resto
}: { rotulo: string; valor: string; aoMudar: (v: string) => void } & Omit<TextInputProps, 'value' | 'onChange'>) {
  return (
    <TextInput
      type="search"
      aria-label={rotulo}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={valor}
      onChange={(e) => aoMudar(e.currentTarget.value)}
      w={{ base: '100%', xs: 320 }}
      {...resto}
    />
  );
}
