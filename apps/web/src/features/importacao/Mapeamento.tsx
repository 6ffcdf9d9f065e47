import { CAMPOS_IMPORTACAO, type CampoImportacao, type Importacao, ROTULO_CAMPO_IMPORTACAO } from '@intermedio/contracts';
import { Select, SimpleGrid } from '@mantine/core';

export type Escolhas = Record<CampoImportacao, string | null>;

/** The form's state from the answer's mapping (remembered or guessed), every field present. */
export const mapeamentoInicial = (i: Importacao): Escolhas =>
  Object.fromEntries(CAMPOS_IMPORTACAO.map((c) => [c, i.mapeamento[c] ?? null])) as Escolhas;

/** Up to three non-empty values of a source column in the sample. */
function exemplos(i: Importacao, coluna: string | null): string {
  if (!coluna) return 'Não importado.';
  const valores = i.amostra
    .map((linha) => (linha[coluna] ?? '').trim())
    .filter(Boolean)
    .slice(0, 3);
  return valores.length ? `Exemplos: ${valores.join(' · ')}` : 'Coluna vazia nas primeiras linhas.';
}

type Props = { importacao: Importacao; valor: Escolhas; aoMudar: (campo: CampoImportacao, coluna: string | null) => void };

/**
 * One Select per panel field with the source's columns (pre-filled from the answer), and under it what that
 * column holds in the first rows, so the dealer sees at once a column chosen wrong.
 */
export function Mapeamento({ importacao, valor, aoMudar }: Props) {
  const colunas = importacao.colunas.map((c) => ({ value: c, label: c }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {CAMPOS_IMPORTACAO.map((campo) => (
        <Select
          key={campo}
          label={ROTULO_CAMPO_IMPORTACAO[campo]}
          placeholder="Não importar"
          data={colunas}
          value={valor[campo]}
          onChange={(c) => aoMudar(campo, c)}
          clearable
          searchable
          // What the chosen column holds, right under it (and read with the field).
          description={exemplos(importacao, valor[campo])}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      ))}
    </SimpleGrid>
  );
}
