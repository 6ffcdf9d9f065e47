import { CORES_STATUS, enderecoDoSite, formatarCpfCnpj, type RevendaLinha, ROTULO_COR_STATUS, type Sessao } from '@intermedio/contracts';
import { Anchor, Badge, Box, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
import { Data, Moeda } from '@/ui/Formatados';
import { type AcaoBloqueio, type PlanoLista, useBloqueio, useRevendas } from './api';
import { MenuManutencao } from './MenuManutencao';

type Cor = (typeof CORES_STATUS)[number];
const ehCor = (c: string | null): c is Cor => !!c && (CORES_STATUS as readonly string[]).includes(c);

/** The pestatus colour dot. */
export function PontoStatus({ cor }: { cor: string | null }) {
  if (!ehCor(cor)) return null;
  return (
    <Box
      component="span"
      role="img"
      aria-label={`Status: ${ROTULO_COR_STATUS[cor]}`}
      title={ROTULO_COR_STATUS[cor]}
      data-cor={cor}
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: '50%',
        backgroundColor: `var(--mantine-color-${cor}-6)`,
        verticalAlign: 'middle',
      }}
    />
  );
}

/** Confirmation question and success message of each block / unblock action (also used by the vehicle list). */
export const TEXTOS_CONFIRMACAO: Record<AcaoBloqueio['alvo'], Record<0 | 1, { pergunta: string; feito: string }>> = {
  usuarios: {
    0: { pergunta: 'Bloquear o acesso ao app de todos os usuários da revenda', feito: 'Acesso dos usuários bloqueado.' },
    1: { pergunta: 'Liberar o acesso ao app de todos os usuários da revenda', feito: 'Acesso dos usuários liberado.' },
  },
  site: {
    0: { pergunta: 'Bloquear o site da revenda', feito: 'Site bloqueado.' },
    1: { pergunta: 'Liberar o site da revenda', feito: 'Site liberado.' },
  },
};

function colunas(
  basico: boolean,
  sessao: Pick<Sessao, 'solicitacoesUrl' | 'linksExternos'>,
  aoBloquear: (l: RevendaLinha, a: AcaoBloqueio) => void,
) {
  const todas: (ColunaTabela<RevendaLinha> | false)[] = [
    {
      id: 'status',
      cabecalho: <span title="Status">St.</span>,
      rotulo: 'Status',
      largura: 56,
      alinhar: 'center',
      secundaria: 'telefone',
      celula: (r) => <PontoStatus cor={r.pestatus} />,
    },
    !basico && {
      id: 'logo',
      cabecalho: 'Logo',
      largura: 124,
      secundaria: 'telefone',
      celula: (r) =>
        r.logotipo ? (
          <img
            src={r.logotipo}
            alt={`Logotipo de ${r.penome_fantasia}`}
            loading="lazy"
            style={{ maxWidth: 100, maxHeight: 40, objectFit: 'contain', verticalAlign: 'middle' }}
          />
        ) : null,
    },
    {
      id: 'manutencao',
      cabecalho: 'Manutenção',
      largura: 150,
      celula: (r) => (
        <MenuManutencao
          linha={r}
          basico={basico}
          solicitacoesUrl={sessao.solicitacoesUrl}
          linksExternos={sessao.linksExternos}
          aoBloquear={aoBloquear}
        />
      ),
    },
    {
      id: 'loja',
      cabecalho: 'Loja',
      largura: 240,
      larguraTelefone: 'auto',
      ordenar: (r) => r.penome_fantasia,
      celula: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} truncate="end" title={r.penome_fantasia}>
            {r.penome_fantasia}
          </Text>
          {r.ativo === 0 && (
            <Badge color="red" variant="light" size="xs">
              Site bloqueado
            </Badge>
          )}
          {r.usuarios_total > 0 && r.usuarios_bloqueados === r.usuarios_total && (
            <Badge color="orange" variant="light" size="xs">
              Usuários bloqueados
            </Badge>
          )}
        </Group>
      ),
    },
    {
      id: 'mensalidade',
      cabecalho: 'Mensalidade',
      largura: 130,
      alinhar: 'right',
      secundaria: 'telefone',
      ordenar: (r) => (r.pevalormensalidade ? Number(r.pevalormensalidade) : null),
      celula: (r) => <Moeda valor={r.pevalormensalidade} />,
    },
    {
      id: 'vencimento',
      cabecalho: 'Vencimento',
      largura: 110,
      alinhar: 'center',
      secundaria: 'telefone',
      ordenar: (r) => r.pedatavencimento,
      celula: (r) => r.pedatavencimento ?? '',
    },
    {
      id: 'obs',
      cabecalho: 'Obs. adm',
      largura: 200,
      secundaria: true,
      celula: (r) => <span title={r.peobsadm ?? undefined}>{r.peobsadm}</span>,
    },
    {
      id: 'cnpj',
      cabecalho: 'CNPJ',
      largura: 160,
      secundaria: true,
      ordenar: (r) => r.pecpf_cnpj,
      celula: (r) => formatarCpfCnpj(r.pecpf_cnpj),
    },
    {
      id: 'responsavel',
      cabecalho: 'Responsável',
      largura: 190,
      secundaria: true,
      ordenar: (r) => r.perazao_social_nome,
      celula: (r) => <span title={r.perazao_social_nome}>{r.perazao_social_nome}</span>,
    },
    {
      id: 'cidade',
      cabecalho: 'Cidade-UF',
      largura: 180,
      secundaria: true,
      ordenar: (r) => r.pecidade,
      celula: (r) => [r.pecidade, r.peuf].filter(Boolean).join('-'),
    },
    {
      id: 'cadastro',
      cabecalho: 'Cadastro',
      largura: 110,
      secundaria: true,
      ordenar: (r) => r.created_at,
      celula: (r) => <Data valor={r.created_at} />,
    },
    {
      id: 'dias',
      cabecalho: 'Dias ativo',
      largura: 100,
      alinhar: 'right',
      secundaria: true,
      ordenar: (r) => r.dias_ativo,
      celula: (r) => formatarNumero(r.dias_ativo),
    },
    { id: 'telefone', cabecalho: 'Telefone', largura: 150, secundaria: true, celula: (r) => r.petelefone1 },
    {
      id: 'email',
      cabecalho: 'E-mail',
      largura: 230,
      secundaria: true,
      ordenar: (r) => r.peemail,
      celula: (r) => <span title={r.peemail}>{r.peemail}</span>,
    },
    {
      id: 'site',
      cabecalho: 'Site',
      largura: 220,
      secundaria: true,
      celula: (r) => {
        const site = enderecoDoSite(r.pehomepage);
        return site ? (
          <Anchor href={site} target="_blank" rel="noopener noreferrer" size="sm">
            {r.pehomepage}
          </Anchor>
        ) : null;
      },
    },
  ];
  return todas.filter((c): c is ColunaTabela<RevendaLinha> => c !== false);
}

/** What the search box looks in: names, document (digits and formatted), place, contacts, notes. */
const textoDaRevenda = (r: RevendaLinha) =>
  [
    r.penome_fantasia,
    r.perazao_social_nome,
    r.pecpf_cnpj,
    formatarCpfCnpj(r.pecpf_cnpj),
    r.pecidade,
    r.peuf,
    r.peemail,
    r.petelefone1,
    r.peobsadm,
    r.pehomepage,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * Live reseller list (spec 1 §2): paid plans on /revenda/listar, basic plan on /revenda-free/listar
 * (no logo column, no Banners/Vendidos entries). All rows, virtualised, no paging; the server sorts.
 */
export function ListaRevendas({ plano, titulo }: { plano: PlanoLista; titulo: string }) {
  const { solicitacoesUrl, linksExternos } = useSessaoAtiva();
  const { data, error, refetch, isPending } = useRevendas(plano);
  const bloqueio = useBloqueio();
  const [pendente, setPendente] = useState<{ linha: RevendaLinha; acao: AcaoBloqueio } | null>(null);
  const basico = plano === 'basico';
  const cols = useMemo(
    () => colunas(basico, { solicitacoesUrl, linksExternos }, (linha, acao) => setPendente({ linha, acao })),
    [basico, solicitacoesUrl, linksExternos],
  );

  const confirmar = () => {
    if (!pendente) return;
    const { linha, acao } = pendente;
    bloqueio.mutate(
      { idRevenda: linha.id, ...acao },
      {
        onSuccess: () => notifications.show({ color: 'green', message: TEXTOS_CONFIRMACAO[acao.alvo][acao.ativo].feito }),
        onError: (erro) => notifications.show({ color: 'red', message: mensagemDoErro(erro) }),
        onSettled: () => setPendente(null),
      },
    );
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>
          {titulo}
          {data ? ` (${formatarNumero(data.length)})` : ''}
        </Title>
        <Button component={Link} to={rotas.revendas.incluir()} leftSection={<IconPlus size={16} aria-hidden />}>
          Nova revenda
        </Button>
      </Group>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {isPending && <Carregando />}
      {data && (
        <DataTable
          colunas={cols}
          linhas={data}
          chaveLinha={(r) => r.id}
          legenda={titulo}
          alturaLinha={56}
          buscar={textoDaRevenda}
          vazio={
            <EstadoVazio
              texto="Cada revenda tem seu estoque, seus usuários e suas integrações com os canais."
              acao={{ rotulo: 'Nova revenda' }}
            />
          }
        />
      )}

      <Modal opened={pendente !== null} onClose={() => !bloqueio.isPending && setPendente(null)} title="Confirmação" centered>
        {pendente && (
          <Stack>
            <Text>
              {TEXTOS_CONFIRMACAO[pendente.acao.alvo][pendente.acao.ativo].pergunta} <strong>{pendente.linha.penome_fantasia}</strong>?
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPendente(null)} disabled={bloqueio.isPending}>
                Cancelar
              </Button>
              <Button color={pendente.acao.ativo === 0 ? 'red' : 'blue'} onClick={confirmar} loading={bloqueio.isPending}>
                Confirmar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
