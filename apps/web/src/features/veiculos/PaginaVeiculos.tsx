import { type CanalId, ROTULO_TIPO_VEICULO, type VeiculoLinha } from '@intermedio/contracts';
import { Badge, Button, Chip, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconHistory, IconPlus, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useIntegracoes } from '@/features/integracoes/api';
import { useRevenda } from '@/features/revendas/api';
import { ModalVenda } from '@/features/vendas/ModalVenda';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { DataHora } from '@/ui/Formatados';
import { MenuAcoes } from '@/ui/MenuAcoes';
import { canaisDaLinha, FILTROS_ANUNCIO, type FiltroAnuncio, filtrarPorAnuncios, SelosAnuncios } from './anuncios';
import { useVeiculos } from './api';
import { BloqueiosRevenda } from './BloqueiosRevenda';
import { colunaAno, colunaFoto, colunaValor } from './colunas';
import { filtrarVeiculos, nomeVeiculo, OPCOES_TIPO } from './rotulos';

function colunas(
  idRevenda: string,
  vender: ((v: VeiculoLinha) => void) | null,
  configurados: readonly CanalId[],
): ColunaTabela<VeiculoLinha>[] {
  return [
    colunaFoto(),
    {
      id: 'veiculo',
      cabecalho: 'Veículo',
      largura: 280,
      larguraTelefone: 'auto',
      ordenar: nomeVeiculo,
      celula: (v) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} truncate="end" title={nomeVeiculo(v)}>
            {nomeVeiculo(v)}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="gray.7">
              {ROTULO_TIPO_VEICULO[v.vetipoveiculo]}
              {v.veiplaca ? ` · ${v.veiplaca}` : ''}
              {v.vecodigo_interno ? ` · Cód. ${v.vecodigo_interno}` : ''}
            </Text>
            {v.vevendido === 1 && (
              <Badge color="orange" variant="light" size="xs">
                Vendido
              </Badge>
            )}
          </Group>
          {/* One badge per channel with the advert's state (issue 24); in this cell so a phone shows them too. */}
          <SelosAnuncios canais={canaisDaLinha(configurados, v.anuncios)} anuncios={v.anuncios} />
        </Stack>
      ),
    },
    colunaAno(),
    colunaValor(),
    {
      id: 'estoque',
      cabecalho: 'Dias em estoque',
      ordenar: (v) => v.dias_estoque,
      largura: 130,
      secundaria: 'telefone',
      alinhar: 'right',
      celula: (v) => formatarNumero(v.dias_estoque),
    },
    {
      id: 'alterado',
      cabecalho: 'Atualizado em',
      largura: 150,
      secundaria: 'telefone',
      ordenar: (v) => v.updated_at,
      celula: (v) => <DataHora valor={v.updated_at} />,
    },
    {
      id: 'manutencao',
      cabecalho: 'Manutenção',
      largura: vender ? 440 : 270,
      fixa: true,
      larguraTelefone: 64,
      celulaTelefone: (v) => (
        <MenuAcoes
          nome={nomeVeiculo(v)}
          acoes={[
            { rotulo: 'Visualizar', para: rotas.revenda.veiculos.visualizar(idRevenda, v.id) },
            { rotulo: 'Alterar', para: rotas.revenda.veiculos.alterar(idRevenda, v.id) },
            { rotulo: 'Excluir', para: rotas.revenda.veiculos.excluir(idRevenda, v.id) },
            ...(vender && v.vevendido === 0 ? [{ rotulo: 'Marcar como vendido', aoClicar: () => vender(v) }] : []),
          ]}
        />
      ),
      celula: (v) => (
        <Group gap="xs" wrap="nowrap">
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
            component={Link}
            to={rotas.revenda.veiculos.alterar(idRevenda, v.id)}
            size="compact-sm"
            variant="light"
            aria-label={`Alterar ${nomeVeiculo(v)}`}
          >
            Alterar
          </Button>
          <Button
            component={Link}
            to={rotas.revenda.veiculos.excluir(idRevenda, v.id)}
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={`Excluir ${nomeVeiculo(v)}`}
          >
            Excluir
          </Button>
          {vender && v.vevendido === 0 && (
            <Button size="compact-sm" variant="light" onClick={() => vender(v)} aria-label={`Marcar como vendido: ${nomeVeiculo(v)}`}>
              Marcar como vendido
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * /revenda/:idRevenda/veiculos/listar (spec 2 §2): the active vehicles, live, all rows (virtualised), with a
 * text filter (every word anywhere in name, year, plate, colour, code or price), a type filter and the advert
 * filters (Sem anúncio, Desatualizado, Falhou, Em estoque há mais de 60 dias); each row shows its channels' badges.
 */
export default function PaginaVeiculos() {
  const { idRevenda = '' } = useParams();
  const { usuario } = useSessaoAtiva();
  const { data, error, refetch, isPending } = useVeiculos(idRevenda);
  const revenda = useRevenda(idRevenda);
  const integracoes = useIntegracoes(idRevenda);
  const configurados = useMemo(
    () => (integracoes.data ?? []).filter((i) => i.configurado).map((i) => i.canal as CanalId),
    [integracoes.data],
  );
  const [filtros, setFiltros] = useState<FiltroAnuncio[]>([]);
  const [texto, setTexto] = useState('');
  const [tipo, setTipo] = useState<string | null>(null);
  const textoAdiado = useDeferredValue(texto);
  const [vendendo, setVendendo] = useState<VeiculoLinha | null>(null);
  // "Marcar como vendido": gestor and admin (issue 16).
  const podeVender = usuario.role === 'admin' || usuario.role === 'gestor';
  const cols = useMemo(() => colunas(idRevenda, podeVender ? setVendendo : null, configurados), [idRevenda, podeVender, configurados]);
  const linhas = useMemo(
    () => filtrarPorAnuncios(filtrarVeiculos(data ?? [], textoAdiado, tipo), filtros),
    [data, textoAdiado, tipo, filtros],
  );
  const filtrando = textoAdiado.trim() !== '' || tipo !== null || filtros.length > 0;

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Veículos{data ? ` (${formatarNumero(data.length)})` : ''}</Title>
          {revenda.data && (
            <Text c="gray.7" size="sm">
              Revenda: {revenda.data.penome_fantasia}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button component={Link} to={rotas.revenda.veiculos.incluir(idRevenda)} leftSection={<IconPlus size={16} aria-hidden />}>
            Incluir veículo
          </Button>
          <Button
            component={Link}
            to={rotas.revenda.veiculos.historico(idRevenda)}
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            Histórico
          </Button>
        </Group>
      </Group>
      {usuario.role === 'admin' && revenda.data && <BloqueiosRevenda idRevenda={idRevenda} siteAtivo={revenda.data.ativo} />}
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Filtrar"
          placeholder="Marca, modelo, ano, placa, cor…"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Select label="Tipo" placeholder="Todos" data={OPCOES_TIPO} value={tipo} onChange={setTipo} clearable w={180} />
      </Group>
      <Chip.Group multiple value={filtros} onChange={(v) => setFiltros(v as FiltroAnuncio[])}>
        <Group gap="xs" role="group" aria-label="Filtrar por anúncios">
          {FILTROS_ANUNCIO.map((f) => (
            <Chip key={f.value} value={f.value} size="sm" variant="outline">
              {f.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {filtrando && data && (
        <Text size="sm" c="gray.7" aria-live="polite">
          {formatarNumero(linhas.length)} de {formatarNumero(data.length)} veículos
        </Text>
      )}
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {isPending && <Carregando />}
      {data && (
        <DataTable
          colunas={cols}
          linhas={linhas}
          chaveLinha={(v) => v.id}
          legenda="Veículos"
          alturaLinha={96}
          vazio={filtrando ? 'Nenhum veículo corresponde ao filtro.' : 'Nenhum veículo cadastrado.'}
        />
      )}
      {vendendo && (
        <ModalVenda idRevenda={idRevenda} idVeiculo={vendendo.id} nome={nomeVeiculo(vendendo)} aoFechar={() => setVendendo(null)} />
      )}
    </Stack>
  );
}
