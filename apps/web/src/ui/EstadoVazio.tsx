import { Text } from '@mantine/core';

/**
 * An empty list (issue 25 item 7): one sentence saying what the screen is for, and which action starts it, instead
 * of a bare "Nenhum registro encontrado.". The action is named, not repeated as a second link: the screen's own
 * button sits right above the table, and two links of the same name would confuse a screen-reader user.
 */
export function EstadoVazio({ texto, acao }: { texto: string; acao?: { rotulo: string } }) {
  return (
    <Text component="div" size="sm" c="gray.8" py="sm" data-testid="estado-vazio">
      {texto}
      {acao && ` Para começar, use “${acao.rotulo}”.`}
    </Text>
  );
}
