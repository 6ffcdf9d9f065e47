import type { ItemCatalogo } from '@intermedio/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
import { MenuAcoes } from '@/ui/MenuAcoes';
import { useItensCatalogo } from './api';
import type { DefinicaoCatalogo } from './definicao';

/**
 * List of a shared catalogue (spec 2 §2): Descrição, Ordenação and Manutenção (Alterar / Excluir), in the server's
 * order (ordenação descending, then descrição); live, without paging.
 */
export function PaginaListaCatalogo({ def }: { def: DefinicaoCatalogo }) {
  const { data, error, refetch } = useItensCatalogo(def);
  const colunas: ColunaTabela<ItemCatalogo>[] = [
    { id: 'descricao', cabecalho: 'Descrição', celula: (i) => i.descricao, ordenar: (i) => i.descricao },
    {
      id: 'ordenacao',
      cabecalho: 'Ordenação',
      celula: (i) => i.ordenacao,
      largura: 130,
      alinhar: 'right',
      secundaria: 'telefone',
      ordenar: (i) => i.ordenacao,
    },
    {
      id: 'manutencao',
      cabecalho: 'Manutenção',
      largura: 200,
      fixa: true,
      larguraTelefone: 64,
      celulaTelefone: (i) => (
        <MenuAcoes
          nome={i.descricao}
          acoes={[
            { rotulo: 'Alterar', para: def.rotas.alterar(i.id) },
            { rotulo: 'Excluir', para: def.rotas.excluir(i.id) },
          ]}
        />
      ),
      celula: (i) => (
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={def.rotas.alterar(i.id)} size="compact-sm" variant="light" aria-label={`Alterar ${i.descricao}`}>
            Alterar
          </Button>
          <Button
            component={Link}
            to={def.rotas.excluir(i.id)}
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={`Excluir ${i.descricao}`}
          >
            Excluir
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{def.titulo}</Title>
        <Button component={Link} to={def.rotas.incluir()} leftSection={<IconPlus size={16} aria-hidden />}>
          {def.novo}
        </Button>
      </Group>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {!data && !error && <Carregando />}
      {data && (
        <DataTable
          colunas={colunas}
          linhas={data}
          chaveLinha={(i) => i.id}
          legenda={def.titulo}
          buscar={(i) => i.descricao}
          vazio={<EstadoVazio texto={def.paraQue} acao={{ rotulo: def.novo }} />}
        />
      )}
    </Stack>
  );
}
