import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { generatePath, Link, useMatches, useParams } from 'react-router';
import { useSessaoAtiva } from '@/lib/sessao';
import type { DadosRota } from '@/lib/telas';
import { podeAcessar } from '../guardas';

/** Breadcrumbs of nested screens (only the ancestors this user may open); nothing on top-level screens. */
export function Trilha() {
  const matches = useMatches();
  const params = useParams();
  const { usuario } = useSessaoAtiva();
  const dados = matches.map((m) => m.handle as DadosRota | undefined).findLast((h) => h?.titulo);
  const antecessores = (dados?.trilha ?? []).filter((a) => podeAcessar(usuario, a.regra, params.idRevenda));
  if (!dados || antecessores.length === 0) return null;
  return (
    <Breadcrumbs component="nav" aria-label="Trilha de navegação" separatorMargin={6} mb="sm" style={{ flexWrap: 'wrap', rowGap: 4 }}>
      {antecessores.map((a) => (
        <Anchor key={a.caminho} component={Link} to={generatePath(a.caminho, params)} size="sm">
          {a.titulo}
        </Anchor>
      ))}
      <Text size="sm" c="gray.7" aria-current="page">
        {dados.titulo}
      </Text>
    </Breadcrumbs>
  );
}
