import { ESTADOS_PAINEL, type PainelRevenda, ROTULO_CANAL } from '@intermedio/contracts';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { usePainelRevenda } from './api';
import { GraficoAcessivel } from './GraficoAcessivel';

export const ROTULO_ESTADO: Record<(typeof ESTADOS_PAINEL)[number], string> = {
  publicado: 'Publicado',
  desatualizado: 'Desatualizado',
  falhou: 'Falhou',
  pendente: 'Pendente',
};
export const COR_ESTADO: Record<(typeof ESTADOS_PAINEL)[number], string> = {
  publicado: 'teal.7',
  desatualizado: 'yellow.6',
  falhou: 'red.7',
  pendente: 'gray.6',
};

type Item = PainelRevenda['atencao'][number];

/** What an attention item says, in the dealer's words. */
export function textoAtencao(item: Item): string {
  const n = formatarNumero(item.quantidade);
  const um = item.quantidade === 1;
  switch (item.tipo) {
    case 'anuncios_falhos':
      return um ? '1 anúncio com falha no envio' : `${n} anúncios com falha no envio`;
    case 'anuncios_desatualizados':
      return um ? '1 anúncio desatualizado no canal' : `${n} anúncios desatualizados nos canais`;
    case 'sem_fotos':
      return um ? '1 veículo à venda sem fotos' : `${n} veículos à venda sem fotos`;
    case 'sem_canal':
      return um ? '1 veículo à venda em nenhum canal' : `${n} veículos à venda em nenhum canal`;
    case 'estoque_90_dias':
      return um ? '1 veículo há mais de 90 dias em estoque' : `${n} veículos há mais de 90 dias em estoque`;
    case 'preco_acima_fipe':
      return um ? '1 veículo com preço mais de 10 % acima da FIPE' : `${n} veículos com preço mais de 10 % acima da FIPE`;
    case 'token_vencendo':
      return `Acesso ao ${item.canal ? (ROTULO_CANAL[item.canal as keyof typeof ROTULO_CANAL] ?? item.canal) : 'canal'} vence em até 7 dias`;
  }
}

/** "dd/mm" of a YYYY-MM-DD week start. */
const diaMes = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

function Numero({ id, rotulo, valor, para }: { id: string; rotulo: string; valor: number | undefined; para?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      {para ? (
        <Anchor component={Link} to={para} size="sm" fw={500}>
          {rotulo}
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          {rotulo}
        </Text>
      )}
      {valor === undefined ? (
        <Skeleton height={36} width={60} />
      ) : (
        <Text data-testid={`numero-${id}`} fz={30} fw={700} lh={1.2}>
          {formatarNumero(valor)}
        </Text>
      )}
    </Paper>
  );
}

/** The business under the tiles (issue 25): two figures, three charts and what needs attention. */
export function PainelNegocio({ idRevenda }: { idRevenda: string }) {
  const { data, error, refetch } = usePainelRevenda(idRevenda);
  const pendencias = data?.atencao.filter((a) => a.quantidade > 0) ?? [];
  return (
    <Stack>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Numero id="a-venda" rotulo="À venda" valor={data?.a_venda} />
        <Numero id="vendidos-30-dias" rotulo="Vendidos nos últimos 30 dias" valor={data?.vendidos_30_dias} />
        <Numero id="leads-novos" rotulo="Leads novos" valor={data?.leads_novos} para={rotas.revenda.leads.listar(idRevenda, 'novo')} />
      </SimpleGrid>
      <Paper component="section" aria-labelledby="titulo-atencao" withBorder p="md" radius="md" data-testid="atencao">
        <Title order={2} size="h4" id="titulo-atencao" mb="sm">
          Precisa de atenção
        </Title>
        {data && pendencias.length === 0 && <Text size="sm">Nada precisa de atenção agora.</Text>}
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {pendencias.map((a) => (
            <Group component="li" key={`${a.tipo}-${a.canal ?? ''}`} justify="space-between" gap="xs" data-tipo={a.tipo}>
              <Text size="sm">{textoAtencao(a)}</Text>
              <Anchor component={Link} to={a.link} size="sm" aria-label={`Resolver: ${textoAtencao(a)}`}>
                Resolver
              </Anchor>
            </Group>
          ))}
        </Stack>
        {pendencias.some((a) => a.tipo === 'preco_acima_fipe') && (
          <Text size="xs" c="gray.7" mt="xs">
            FIPE: preço já consultado da versão e do ano modelo; veículos sem preço FIPE consultado não entram na conta.
          </Text>
        )}
      </Paper>
      {data && (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <GraficoAcessivel
            id="idade"
            titulo="Estoque por idade (dias)"
            dados={data.idade_estoque}
            chave="faixa"
            rotuloChave="Dias em estoque"
            vazio="Nenhum veículo à venda."
            series={[{ name: 'quantidade', label: 'Veículos', color: 'teal.7' }]}
          />
          <GraficoAcessivel
            id="anuncios"
            titulo="Anúncios por canal"
            dados={data.anuncios_por_canal.map((c) => ({
              ...c,
              canal: ROTULO_CANAL[c.canal as keyof typeof ROTULO_CANAL] ?? c.canal,
            }))}
            chave="canal"
            rotuloChave="Canal"
            empilhado
            vazio="Nenhum anúncio nos canais."
            series={ESTADOS_PAINEL.map((e) => ({ name: e, label: ROTULO_ESTADO[e], color: COR_ESTADO[e] }))}
          />
          <GraficoAcessivel
            id="vendas"
            titulo="Vendas por semana (12 semanas)"
            dados={data.vendas_por_semana.map((s) => ({ semana: diaMes(s.semana), quantidade: s.quantidade }))}
            chave="semana"
            rotuloChave="Semana de"
            vazio="Nenhuma venda nas últimas 12 semanas."
            series={[{ name: 'quantidade', label: 'Vendidos', color: 'teal.7' }]}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
