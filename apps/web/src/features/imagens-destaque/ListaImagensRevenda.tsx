import { type ImagemRevenda, MENSAGENS_IMAGEM_REVENDA, type TipoImagemRevenda } from '@intermedio/contracts';
import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRevenda } from '@/features/revendas/api';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
import { DataHora } from '@/ui/Formatados';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { useExcluirImagemRevenda, useImagensRevenda } from './api';

export type DefinicaoImagens = {
  tipo: TipoImagemRevenda;
  titulo: string;
  /** What the list is for, said when it is empty. */
  paraQue: string;
  rotaIncluir: (idRevenda: string) => string;
};

/** /revenda/:idRevenda/{imagem-destaque|banner-site}/listar (admin, spec 2 §2): images with a confirmed delete. */
export function ListaImagensRevenda({ d }: { d: DefinicaoImagens }) {
  const { idRevenda = '' } = useParams();
  const imagens = useImagensRevenda(d.tipo, idRevenda);
  const revenda = useRevenda(idRevenda);
  const excluir = useExcluirImagemRevenda(d.tipo, idRevenda);
  const [aExcluir, setAExcluir] = useState<ImagemRevenda | null>(null);

  const confirmar = () => {
    if (!aExcluir) return;
    excluir.mutate(aExcluir.id, {
      onSuccess: (r) => notifications.show({ color: 'green', message: r.mensagem }),
      onError: (e) => notifications.show({ color: 'red', message: `${MENSAGENS_IMAGEM_REVENDA.falhaRemover} ${mensagemDoErro(e)}` }),
      onSettled: () => setAExcluir(null),
    });
  };

  const colunas: ColunaTabela<ImagemRevenda>[] = [
    {
      id: 'imagem',
      cabecalho: 'Imagem',
      largura: 220,
      larguraTelefone: 'auto',
      celula: (i) => <Image src={i.imagem_url} alt={`Imagem ${i.imagem_name}`} maw="min(200px, 100%)" mah={80} fit="contain" />,
    },
    { id: 'nome', cabecalho: 'Arquivo', largura: 200, secundaria: 'telefone', ordenar: (i) => i.imagem_name, celula: (i) => i.imagem_name },
    {
      id: 'data',
      cabecalho: 'Data',
      largura: 150,
      secundaria: 'telefone',
      ordenar: (i) => i.created_at,
      celula: (i) => <DataHora valor={i.created_at} />,
    },
    {
      id: 'manutencao',
      cabecalho: 'Manutenção',
      largura: 120,
      fixa: true,
      larguraTelefone: 100,
      celula: (i) => (
        <Button size="compact-sm" variant="light" color="red" onClick={() => setAExcluir(i)} aria-label={`Excluir ${i.imagem_name}`}>
          Excluir
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>{d.titulo}</Title>
          {revenda.data && (
            <Text c="gray.7" size="sm">
              Revenda: {revenda.data.penome_fantasia}
            </Text>
          )}
        </div>
        <Button component={Link} to={d.rotaIncluir(idRevenda)} leftSection={<IconPlus size={16} aria-hidden />}>
          Incluir imagem
        </Button>
      </Group>
      {imagens.error && !imagens.data && <AlertaErro erro={imagens.error} tentarNovamente={() => void imagens.refetch()} />}
      {imagens.isPending && <Carregando />}
      {imagens.data && (
        <DataTable
          colunas={colunas}
          linhas={imagens.data}
          chaveLinha={(i) => i.id}
          legenda={d.titulo}
          alturaLinha={96}
          buscar={(i) => i.imagem_name}
          vazio={<EstadoVazio texto={d.paraQue} acao={{ rotulo: 'Incluir imagem' }} />}
        />
      )}
      <ModalConfirmacao
        aberto={aExcluir !== null}
        titulo="Excluir imagem"
        pergunta={MENSAGENS_IMAGEM_REVENDA.confirmarExclusao}
        confirmar="Excluir"
        ocupado={excluir.isPending}
        aoConfirmar={confirmar}
        aoFechar={() => setAExcluir(null)}
      />
    </Stack>
  );
}
