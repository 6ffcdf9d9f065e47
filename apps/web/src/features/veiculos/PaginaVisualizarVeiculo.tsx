import { Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { urlExportacoes } from '@/features/exportacoes/api';
import { MenuExportar } from '@/features/exportacoes/MenuExportar';
import { LeadsDoVeiculo } from '@/features/leads/LeadsDoVeiculo';
import { useRevenda } from '@/features/revendas/api';
import { ModalVenda } from '@/features/vendas/ModalVenda';
import { QuadroVenda } from '@/features/vendas/QuadroVenda';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { Miniatura } from '@/ui/Miniatura';
import { urlVeiculos, useVeiculo } from './api';
import { dadosVeiculo } from './dados-veiculo';
import { dadosFipeDoVeiculo, LinhaPrecoFipe } from './PrecoFipe';
import { nomeVeiculo } from './rotulos';
import { TabelaIntegracoesVeiculo } from './TabelaIntegracoesVeiculo';

/**
 * /revenda/:idRevenda/veiculos/:idVeiculo/visualizar (spec 2 §2, spec 3 §2.1): every field read-only,
 * the photos with download links, optionals, ad locations and the integrations table; Alterar hidden once
 * the removal was validated (vevalidacaoremovido 1), and already when removed (veremovido 1): the server refuses
 * to change a removed vehicle (409).
 */
export default function PaginaVisualizarVeiculo() {
  const { idRevenda = '', idVeiculo = '' } = useParams();
  const { data: v, error, refetch } = useVeiculo(idRevenda, idVeiculo);
  const revenda = useRevenda(idRevenda);
  const { usuario } = useSessaoAtiva();
  const [vendendo, setVendendo] = useState(false);
  // "Marcar como vendido" and the sale's actions: gestor and admin (issue 16).
  const podeVender = usuario.role === 'admin' || usuario.role === 'gestor';
  if (error && !v) return <AlertaErro erro={error} tentarNovamente={() => void refetch()} />;
  if (!v) return <Carregando />;
  const voltar = v.veremovido === 1 ? rotas.revenda.veiculos.historico(idRevenda) : rotas.revenda.veiculos.listar(idRevenda);

  return (
    <Stack maw={1100}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Visualizar veículo</Title>
          <Text c="gray.7" size="sm">
            {nomeVeiculo(v)}
            {revenda.data ? ` · Revenda: ${revenda.data.penome_fantasia}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          {v.veremovido === 1 && (
            <Badge color="red" variant="light" size="lg">
              Removido
            </Badge>
          )}
          {v.vevendido === 1 && (
            <Badge color="orange" variant="light" size="lg">
              Vendido
            </Badge>
          )}
          {podeVender && v.vevendido === 0 && v.veremovido === 0 && (
            <Button variant="light" onClick={() => setVendendo(true)}>
              Marcar como vendido
            </Button>
          )}
          {v.veremovido === 0 && v.vevalidacaoremovido !== 1 && (
            <Button component={Link} to={rotas.revenda.veiculos.alterar(idRevenda, v.id)}>
              Alterar
            </Button>
          )}
          <Button
            component="a"
            href={urlVeiculos.pacote(idRevenda, v.id)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Baixar
          </Button>
          <Button
            component="a"
            href={urlVeiculos.alteracoes(idRevenda, v.id)}
            download
            variant="default"
            leftSection={<IconFileText size={16} aria-hidden />}
          >
            Alterações
          </Button>
          {podeVender && <MenuExportar descricao="alterações" url={(f) => urlExportacoes.alteracoes(idRevenda, v.id, f)} />}
          <Button component={Link} to={voltar} variant="default">
            Voltar
          </Button>
        </Group>
      </Group>
      {vendendo && <ModalVenda idRevenda={idRevenda} idVeiculo={v.id} nome={nomeVeiculo(v)} aoFechar={() => setVendendo(false)} />}
      {v.venda && <QuadroVenda idRevenda={idRevenda} idVeiculo={v.id} venda={v.venda} podeAgir={podeVender} />}
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Dados do veículo
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[0, 1].map((metade) => {
            const linhas = dadosVeiculo(v, { fipe: <LinhaPrecoFipe dados={dadosFipeDoVeiculo(v)} valor={v.vevalor} /> });
            const meio = Math.ceil(linhas.length / 2);
            return (
              <Table key={metade} variant="vertical" withTableBorder layout="fixed">
                <Table.Tbody>
                  {linhas.slice(metade * meio, (metade + 1) * meio).map(([rotulo, valor]) => (
                    <Table.Tr key={rotulo}>
                      <Table.Th w={150}>{rotulo}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{valor}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            );
          })}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Fotos ({v.imagens.length})
        </Title>
        {v.imagens.length === 0 ? (
          <Text c="gray.7">Nenhuma foto.</Text>
        ) : (
          <Group component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Fotos">
            {v.imagens.map((f, i) => (
              <Stack component="li" key={f.fileUrl} gap={4} align="center">
                <Miniatura src={f.fileThumb || f.fileUrl} alt={`Foto ${i + 1} de ${nomeVeiculo(v)}`} altura={80} largura={120} />
                <Anchor href={urlVeiculos.original(idRevenda, v.id, f.id)} download size="sm" aria-label={`Baixar foto ${i + 1}`}>
                  Baixar foto {i + 1}
                </Anchor>
              </Stack>
            ))}
          </Group>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h3" mb="sm">
            Opcionais
          </Title>
          {v.opcionais.length === 0 ? (
            <Text c="gray.7">Nenhum opcional.</Text>
          ) : (
            <List size="sm">
              {v.opcionais.map((o) => (
                <List.Item key={o.id}>{o.descricao}</List.Item>
              ))}
            </List>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h3" mb="sm">
            Locais de anúncio
          </Title>
          {v.locais_anuncio.length === 0 ? (
            <Text c="gray.7">Nenhum local de anúncio.</Text>
          ) : (
            <List size="sm">
              {v.locais_anuncio.map((l) => (
                <List.Item key={l.id}>
                  {l.descricao}
                  {l.codigoVersao ? ` (versão ${l.versao ?? l.codigoVersao})` : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Integrações
        </Title>
        <TabelaIntegracoesVeiculo
          idRevenda={idRevenda}
          idVeiculo={v.id}
          integracoes={v.integracoes}
          situacao={{ vendido: v.vevendido === 1, removido: v.veremovido === 1 }}
        />
      </Paper>
      <LeadsDoVeiculo idRevenda={idRevenda} idVeiculo={v.id} />
    </Stack>
  );
}
