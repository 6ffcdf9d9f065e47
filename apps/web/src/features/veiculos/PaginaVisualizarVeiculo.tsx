import { Button, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
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
import { AtividadeVeiculo } from './AtividadeVeiculo';
import { urlVeiculos, useVeiculo } from './api';
import { CabecalhoVeiculo } from './CabecalhoVeiculo';
import { dadosVeiculo } from './dados-veiculo';
import { GaleriaVeiculo } from './GaleriaVeiculo';
import { nomeVeiculo } from './rotulos';
import { TabelaIntegracoesVeiculo } from './TabelaIntegracoesVeiculo';

/**
 * /revenda/:idRevenda/veiculos/:idVeiculo/visualizar (spec 2 §2, spec 3 §2.1; layout issue 25 item 5): the
 * vehicle's name, price and state first, the photos (cover, gallery, lightbox, download links), the "Canais" card
 * (the integrations table, unconfigured channels folded), then every field read-only, optionals and ad locations; Alterar hidden once
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
      <CabecalhoVeiculo
        v={v}
        revenda={revenda.data?.penome_fantasia}
        acoes={
          <>
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
          </>
        }
      />
      {vendendo && <ModalVenda idRevenda={idRevenda} idVeiculo={v.id} nome={nomeVeiculo(v)} aoFechar={() => setVendendo(false)} />}
      {v.venda && <QuadroVenda idRevenda={idRevenda} idVeiculo={v.id} venda={v.venda} podeAgir={podeVender} />}
      <GaleriaVeiculo nome={nomeVeiculo(v)} imagens={v.imagens} urlOriginal={(f) => urlVeiculos.original(idRevenda, v.id, f)} />
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Canais
        </Title>
        <TabelaIntegracoesVeiculo
          idRevenda={idRevenda}
          idVeiculo={v.id}
          integracoes={v.integracoes}
          situacao={{ vendido: v.vevendido === 1, removido: v.veremovido === 1 }}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Dados do veículo
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[0, 1].map((metade) => {
            const linhas = dadosVeiculo(v);
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
      <LeadsDoVeiculo idRevenda={idRevenda} idVeiculo={v.id} />
      <AtividadeVeiculo idRevenda={idRevenda} v={v} />
    </Stack>
  );
}
