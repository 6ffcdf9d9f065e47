import { MENSAGENS_VEICULO, type VeiculoHistoricoLinha } from '@intermedio/contracts';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoX, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRevenda } from '@/features/revendas/api';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
import { DataHora, Moeda } from '@/ui/Formatados';
import { MenuAcoes } from '@/ui/MenuAcoes';
import { type Limpeza, urlVeiculos, useHistorico, useLimpezaHistorico, useRemoverVeiculo } from './api';
import { colunaAno, colunaFoto, colunaValor } from './colunas';
import { anoVeiculo, nomeVeiculo } from './rotulos';

const LIMPEZAS: Record<Limpeza, { botao: string; pergunta: string; feito: (n: number) => string }> = {
  veiculos: {
    botao: 'Limpar histórico (mais de 60 dias)',
    pergunta: MENSAGENS_VEICULO.confirmarLimpeza,
    feito: MENSAGENS_VEICULO.limpezaFeita,
  },
  imagens: { botao: 'Limpar imagens', pergunta: MENSAGENS_VEICULO.confirmarLimpezaImagens, feito: MENSAGENS_VEICULO.limpezaImagensFeita },
};

function colunas(idRevenda: string, admin: boolean, aoExcluir: (v: VeiculoHistoricoLinha) => void): ColunaTabela<VeiculoHistoricoLinha>[] {
  return [
    colunaFoto(),
    {
      id: 'veiculo',
      cabecalho: 'Veículo',
      largura: 260,
      larguraTelefone: 'auto',
      ordenar: nomeVeiculo,
      celula: (v) => (
        <Text size="sm" fw={500} truncate="end" title={nomeVeiculo(v)}>
          {nomeVeiculo(v)}
        </Text>
      ),
    },
    colunaAno(),
    colunaValor(),
    {
      id: 'removido',
      cabecalho: 'Removido em',
      largura: 150,
      secundaria: 'telefone',
      ordenar: (v) => v.vedataremovido,
      celula: (v) => <DataHora valor={v.vedataremovido} />,
    },
    {
      id: 'usuario',
      cabecalho: 'Removido por',
      largura: 170,
      secundaria: 'telefone',
      ordenar: (v) => v.veremovido_usuario_nome,
      celula: (v) => v.veremovido_usuario_nome ?? '',
    },
    {
      id: 'acoes',
      cabecalho: 'Ações',
      largura: admin ? 270 : 110,
      fixa: true,
      // An admin's three buttons become one menu on a phone; a gestor's single Excluir fits as it is.
      ...(admin && {
        larguraTelefone: 64,
        celulaTelefone: (v: VeiculoHistoricoLinha) => (
          <MenuAcoes
            nome={nomeVeiculo(v)}
            acoes={[
              { rotulo: 'Visualizar', para: rotas.revenda.veiculos.visualizar(idRevenda, v.id) },
              { rotulo: 'Baixar', baixar: urlVeiculos.pacote(idRevenda, v.id) },
              { rotulo: 'Excluir', aoClicar: () => aoExcluir(v) },
            ]}
          />
        ),
      }),
      celula: (v) => (
        <Group gap="xs" wrap="nowrap">
          {admin && (
            <>
              <Button
                component={Link}
                to={rotas.revenda.veiculos.visualizar(idRevenda, v.id)}
                size="compact-sm"
                variant="light"
                aria-label={`Visualizar ${nomeVeiculo(v)}`}
              >
                Visualizar
              </Button>
              <Button
                component="a"
                href={urlVeiculos.pacote(idRevenda, v.id)}
                download
                size="compact-sm"
                variant="light"
                aria-label={`Baixar ${nomeVeiculo(v)}`}
              >
                Baixar
              </Button>
            </>
          )}
          <Button size="compact-sm" variant="light" color="red" aria-label={`Excluir ${nomeVeiculo(v)}`} onClick={() => aoExcluir(v)}>
            Excluir
          </Button>
        </Group>
      ),
    },
  ];
}

/**
 * /revenda/:idRevenda/veiculos/historico (spec 2 §2, §4): removed vehicles. A gestor only deletes them for
 * good; an admin also views and downloads them and runs the two cleanups (each confirmed, with the count).
 */
export default function PaginaHistorico() {
  const { idRevenda = '' } = useParams();
  const { usuario } = useSessaoAtiva();
  const admin = usuario.role === 'admin';
  const { data, error, refetch, isPending } = useHistorico(idRevenda);
  const revenda = useRevenda(idRevenda);
  const limpeza = useLimpezaHistorico(idRevenda);
  const [limpar, setLimpar] = useState<Limpeza | null>(null);
  const [excluir, setExcluir] = useState<VeiculoHistoricoLinha | null>(null);
  const remover = useRemoverVeiculo(idRevenda);
  const confirmarRemocao = (v: VeiculoHistoricoLinha) =>
    remover.mutate(v.id, {
      onSuccess: () => notifications.show({ color: 'green', message: MENSAGENS_VEICULO.removido }),
      onError: () => notifications.show({ color: 'red', message: MENSAGENS_VEICULO.falhaRemover }),
      onSettled: () => setExcluir(null),
    });
  const cols = useMemo(() => colunas(idRevenda, admin, setExcluir), [idRevenda, admin]);

  const confirmarLimpeza = () => {
    if (!limpar) return;
    const alvo = limpar;
    limpeza.mutate(alvo, {
      onSuccess: (r) => notifications.show({ color: 'green', message: LIMPEZAS[alvo].feito(r.veiculos) }),
      onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
      onSettled: () => setLimpar(null),
    });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Histórico{data ? ` (${formatarNumero(data.length)})` : ''}</Title>
          <Text c="gray.7" size="sm">
            Veículos removidos{revenda.data ? ` · Revenda: ${revenda.data.penome_fantasia}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          {admin && (
            <>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setLimpar('veiculos')}>
                {LIMPEZAS.veiculos.botao}
              </Button>
              <Button
                variant="light"
                color="orange"
                leftSection={<IconPhotoX size={16} aria-hidden />}
                onClick={() => setLimpar('imagens')}
              >
                {LIMPEZAS.imagens.botao}
              </Button>
            </>
          )}
          <Button component={Link} to={rotas.revenda.veiculos.listar(idRevenda)} variant="default">
            Voltar
          </Button>
        </Group>
      </Group>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {isPending && <Carregando />}
      {data && (
        <DataTable
          colunas={cols}
          linhas={data}
          chaveLinha={(v) => v.id}
          legenda="Histórico"
          alturaLinha={96}
          buscar={(v) => `${nomeVeiculo(v)} ${v.veremovido_usuario_nome ?? ''}`}
          vazio={<EstadoVazio texto="Nenhum veículo removido. O histórico guarda os veículos retirados do estoque, para consulta." />}
        />
      )}

      <Modal opened={limpar !== null} onClose={() => !limpeza.isPending && setLimpar(null)} title="Confirmação" centered>
        {limpar && (
          <Stack>
            <Text>{LIMPEZAS[limpar].pergunta}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setLimpar(null)} disabled={limpeza.isPending}>
                Cancelar
              </Button>
              <Button color="red" onClick={confirmarLimpeza} loading={limpeza.isPending}>
                Confirmar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={excluir !== null} onClose={() => !remover.isPending && setExcluir(null)} title="Excluir veículo" centered>
        {excluir && (
          <Stack>
            <Text>{MENSAGENS_VEICULO.confirmarRemocao}</Text>
            <Text fw={500}>
              {nomeVeiculo(excluir)} · {anoVeiculo(excluir)} · <Moeda valor={excluir.vevalor} />
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setExcluir(null)} disabled={remover.isPending}>
                Voltar
              </Button>
              <Button color="red" onClick={() => confirmarRemocao(excluir)} loading={remover.isPending}>
                Remover
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
