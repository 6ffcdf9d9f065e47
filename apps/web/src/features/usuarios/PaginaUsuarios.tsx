import { ROTULO_PAPEL, type Usuario } from '@intermedio/contracts';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useRevenda } from '@/features/revendas/api';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
import { MenuAcoes } from '@/ui/MenuAcoes';
import { useUsuarios } from './api';

function colunas(idRevenda: string): ColunaTabela<Usuario>[] {
  return [
    {
      id: 'nome',
      cabecalho: 'Nome',
      largura: 220,
      larguraTelefone: 'auto',
      ordenar: (u) => u.nome,
      celula: (u) => <span title={u.nome}>{u.nome}</span>,
    },
    {
      id: 'email',
      cabecalho: 'E-mail',
      largura: 260,
      secundaria: 'telefone',
      ordenar: (u) => u.email,
      celula: (u) => <span title={u.email}>{u.email}</span>,
    },
    {
      id: 'perfil',
      cabecalho: 'Perfil',
      largura: 140,
      secundaria: 'telefone',
      ordenar: (u) => ROTULO_PAPEL[u.role],
      celula: (u) => ROTULO_PAPEL[u.role],
    },
    {
      id: 'telefone',
      cabecalho: 'Telefone',
      largura: 160,
      secundaria: 'telefone',
      ordenar: (u) => u.telefone1,
      celula: (u) => u.telefone1,
    },
    {
      id: 'situacao',
      cabecalho: 'Situação',
      largura: 120,
      secundaria: 'telefone',
      ordenar: (u) => (u.ativo === 1 ? 'Ativo' : 'Bloqueado'),
      celula: (u) =>
        u.ativo === 1 ? (
          <Badge color="green" variant="light">
            Ativo
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            Bloqueado
          </Badge>
        ),
    },
    {
      id: 'manutencao',
      cabecalho: 'Manutenção',
      largura: 200,
      fixa: true,
      larguraTelefone: 64,
      celulaTelefone: (u) => (
        <MenuAcoes
          nome={u.nome}
          acoes={[
            { rotulo: 'Alterar', para: rotas.revenda.usuarios.alterar(idRevenda, u.id) },
            { rotulo: 'Excluir', para: rotas.revenda.usuarios.excluir(idRevenda, u.id) },
          ]}
        />
      ),
      celula: (u) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={rotas.revenda.usuarios.alterar(idRevenda, u.id)}
            size="compact-sm"
            variant="light"
            aria-label={`Alterar ${u.nome}`}
          >
            Alterar
          </Button>
          <Button
            component={Link}
            to={rotas.revenda.usuarios.excluir(idRevenda, u.id)}
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={`Excluir ${u.nome}`}
          >
            Excluir
          </Button>
        </Group>
      ),
    },
  ];
}

/** /revenda/:idRevenda/usuarios/listar (admin, or the reseller's gestor): live list, no paging. */
export default function PaginaUsuarios() {
  const { idRevenda = '' } = useParams();
  const { usuario } = useSessaoAtiva();
  const { data, error, refetch, isPending } = useUsuarios(idRevenda);
  const revenda = useRevenda(idRevenda);
  const voltarPara = usuario.role === 'admin' ? rotas.revendas.listar() : rotas.painel();

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>Usuários{data ? ` (${formatarNumero(data.length)})` : ''}</Title>
          {revenda.data && (
            <Text c="gray.7" size="sm">
              Revenda: {revenda.data.penome_fantasia}
            </Text>
          )}
        </div>
        <Group>
          <Button component={Link} to={rotas.revenda.usuarios.incluir(idRevenda)} leftSection={<IconPlus size={16} aria-hidden />}>
            Novo usuário
          </Button>
          <Button component={Link} to={voltarPara} variant="default">
            Voltar
          </Button>
        </Group>
      </Group>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {isPending && <Carregando />}
      {data && (
        <DataTable
          colunas={colunas(idRevenda)}
          linhas={data}
          chaveLinha={(u) => u.id}
          legenda="Usuários"
          vazio={
            <EstadoVazio
              texto="Os usuários desta revenda entram no painel para cuidar do estoque, das fotos e das publicações."
              acao={{ rotulo: 'Novo usuário' }}
            />
          }
          buscar={(u) => `${u.nome} ${u.email} ${u.telefone1 ?? ''}`}
        />
      )}
    </Stack>
  );
}
