import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { ConfirmacaoRemocao } from '@/ui/ConfirmacaoRemocao';
import { useItemCatalogo, useRemoverItemCatalogo } from './api';
import type { DefinicaoCatalogo } from './definicao';
import { FormularioCatalogo } from './FormularioCatalogo';

/** A missing or unreadable item: the server's message and a way back to the list. */
function FalhaAoCarregar({ def, erro, tentarNovamente }: { def: DefinicaoCatalogo; erro: unknown; tentarNovamente: () => void }) {
  return (
    <Stack maw={640}>
      <Title order={1}>{def.titulo}</Title>
      <AlertaErro erro={erro} tentarNovamente={tentarNovamente} />
      <Group>
        <Button component={Link} to={def.rotas.listar()} variant="default">
          Voltar
        </Button>
      </Group>
    </Stack>
  );
}

export function PaginaIncluirCatalogo({ def }: { def: DefinicaoCatalogo }) {
  return <FormularioCatalogo def={def} />;
}

export function PaginaAlterarCatalogo({ def }: { def: DefinicaoCatalogo }) {
  const id = useParams()[def.parametro] ?? '';
  const { data, error, refetch } = useItemCatalogo(def, id);
  if (error && !data) return <FalhaAoCarregar def={def} erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;
  return <FormularioCatalogo key={data.id} def={def} item={data} />;
}

/** Delete confirmation (spec 2 §2): the question, the description and the order, Remover and Voltar; then the list. */
export function PaginaExcluirCatalogo({ def }: { def: DefinicaoCatalogo }) {
  const id = useParams()[def.parametro] ?? '';
  const navigate = useNavigate();
  const { data, error, refetch } = useItemCatalogo(def, id);
  const remover = useRemoverItemCatalogo(def, id);
  if (error && !data) return <FalhaAoCarregar def={def} erro={error} tentarNovamente={() => void refetch()} />;
  if (!data) return <Carregando />;

  const confirmar = () =>
    remover.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: def.mensagens.removido }),
      onError: () => notifications.show({ color: 'red', message: def.mensagens.falhaRemover }),
      onSettled: () => navigate(def.rotas.listar()),
    });

  return (
    <ConfirmacaoRemocao
      titulo={def.titulo}
      subtitulo={`Excluir ${def.singular}`}
      pergunta={def.mensagens.confirmarRemocao}
      dados={[
        ['Descrição', data.descricao],
        ['Ordenação', data.ordenacao],
      ]}
      aoRemover={confirmar}
      removendo={remover.isPending}
      voltarPara={def.rotas.listar()}
    />
  );
}
