import { type FipeManualVeiculo, MENSAGENS_FIPE, ROTULO_TIPO_FIPE } from '@intermedio/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { useExcluirFipeManual, useVeiculosFipeManual } from './api';

/**
 * /fipe/listar (admin, spec 2 §2): the manual FIPE table with Tipo, Marca, Modelo, Versão, Ano modelo and
 * Manutenção (Excluir). Deleting asks "Deseja excluir este veículo (...) permanentemente?", then reloads the list.
 */
export default function PaginaFipeManual() {
  const { data, error, refetch } = useVeiculosFipeManual();
  const excluir = useExcluirFipeManual();
  const [aExcluir, setAExcluir] = useState<FipeManualVeiculo | null>(null);

  const confirmar = () => {
    if (!aExcluir) return;
    excluir.mutate(aExcluir.id, {
      onSuccess: () => notifications.show({ color: 'green', message: MENSAGENS_FIPE.excluido }),
      onError: () => notifications.show({ color: 'red', message: MENSAGENS_FIPE.erroExcluir }),
      onSettled: () => {
        setAExcluir(null);
        void refetch();
      },
    });
  };

  const colunas: ColunaTabela<FipeManualVeiculo>[] = [
    {
      id: 'tipo',
      cabecalho: 'Tipo',
      celula: (v) => ROTULO_TIPO_FIPE[v.tipo],
      largura: 110,
      secundaria: 'telefone',
      ordenar: (v) => ROTULO_TIPO_FIPE[v.tipo],
    },
    { id: 'marca', cabecalho: 'Marca', celula: (v) => v.marca_api, largura: 170, secundaria: 'telefone', ordenar: (v) => v.marca_api },
    {
      id: 'modelo',
      cabecalho: 'Modelo',
      celula: (v) => v.modelo_api,
      largura: 170,
      // On a phone the row's one column names the vehicle in full (brand, model and version also in the details).
      larguraTelefone: 'auto',
      celulaTelefone: (v) => (
        <span title={`${v.marca_api} ${v.modelo_api} ${v.versao_api}`}>{`${v.marca_api} ${v.modelo_api} ${v.versao_api}`}</span>
      ),
      ordenar: (v) => v.modelo_api,
    },
    { id: 'versao', cabecalho: 'Versão', celula: (v) => v.versao_api, secundaria: 'telefone', ordenar: (v) => v.versao_api },
    { id: 'anomod', cabecalho: 'Ano modelo', celula: (v) => v.anomod, largura: 120, secundaria: 'telefone', ordenar: (v) => v.anomod },
    {
      id: 'manutencao',
      cabecalho: 'Manutenção',
      largura: 130,
      fixa: true,
      larguraTelefone: 100,
      celula: (v) => (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => setAExcluir(v)}
          aria-label={`Excluir ${v.marca_api} ${v.modelo_api} ${v.versao_api} ${v.anomod}`}
        >
          Excluir
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Veículos FIPE Manual</Title>
        <Button component={Link} to={rotas.fipe.incluir()} leftSection={<IconPlus size={16} aria-hidden />}>
          Novo Veículo
        </Button>
      </Group>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {!data && !error && <Carregando />}
      {data && (
        <DataTable
          colunas={colunas}
          linhas={data}
          chaveLinha={(v) => v.id}
          legenda="Veículos FIPE Manual"
          vazio={
            <EstadoVazio
              texto="A FIPE manual dá marca, modelo e preço aos veículos que a tabela FIPE não traz."
              acao={{ rotulo: 'Novo Veículo' }}
            />
          }
          buscar={(v) => `${ROTULO_TIPO_FIPE[v.tipo]} ${v.marca_api} ${v.modelo_api} ${v.versao_api} ${v.anomod}`}
        />
      )}
      <ModalConfirmacao
        aberto={aExcluir !== null}
        titulo="Excluir veículo"
        pergunta={aExcluir ? MENSAGENS_FIPE.confirmarExclusao(aExcluir) : ''}
        confirmar="Excluir"
        ocupado={excluir.isPending}
        aoConfirmar={confirmar}
        aoFechar={() => setAExcluir(null)}
      />
    </Stack>
  );
}
