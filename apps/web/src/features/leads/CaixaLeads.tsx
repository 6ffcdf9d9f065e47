import { CANAIS_LEAD, ESTADOS_LEAD, type Lead, MENSAGENS_LEAD, ROTULO_CANAL, ROTULO_ESTADO_LEAD } from '@intermedio/contracts';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { CampoData } from '@/ui/CampoData';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
import { DataHora } from '@/ui/Formatados';
import { useLeads } from './api';
import { ContatoLead } from './ContatoLead';
import { EstadoLead } from './EstadoLead';
import { CAMPOS_FILTRO, type FiltrosLeads, filtrarLeads, lerFiltros, SEM_VEICULO, textoBusca } from './filtros';
import { VeiculoLead } from './VeiculoLead';

export const TEXTO_VAZIO =
  'Aqui chegam os contatos dos compradores interessados nos seus anúncios: mensagens da Olx, perguntas e leads do Mercado Livre e propostas do iCarros e da Mobiauto, todos numa só caixa.';

const opcoesCanal = CANAIS_LEAD.map((c) => ({ value: c, label: ROTULO_CANAL[c] }));
const opcoesEstado = ESTADOS_LEAD.map((e) => ({ value: e, label: ROTULO_ESTADO_LEAD[e] }));

/** The vehicles the leads name (for the vehicle filter), plus "anúncio não encontrado". */
function opcoesVeiculo(leads: readonly Lead[]) {
  const vistos = new Map<string, string>();
  for (const l of leads)
    if (l.veiculo_id && l.veiculo && !vistos.has(l.veiculo_id))
      vistos.set(l.veiculo_id, `${l.veiculo.titulo}${l.veiculo.placa ? ` (${l.veiculo.placa})` : ''}`);
  return [
    ...[...vistos].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    { value: SEM_VEICULO, label: 'Anúncio não encontrado' },
  ];
}

/**
 * The inbox's columns. At 1366 px (a 1,102 px box) all but the message fit beside the "Mais" column and a scrollbar
 * (1,005 px): the dealer sees each lead's channel and vehicle in the row; the message, the rightmost secondary
 * column, is the first to go into "Mais" (DataTable's `arranjarColunas`).
 */
function colunas(): ColunaTabela<Lead>[] {
  return [
    {
      id: 'nome',
      cabecalho: 'Nome',
      largura: 180,
      larguraTelefone: 'auto',
      ordenar: (l) => l.nome,
      celula: (l) => (
        <Anchor component={Link} to={rotas.revenda.leads.ver(l.revenda_id, l.id)} size="sm" fw={500}>
          {l.nome ?? (l.anonimizado ? MENSAGENS_LEAD.anonimizado : 'Sem nome')}
        </Anchor>
      ),
      // On a phone the row is the contact: the name, then tap-to-call and WhatsApp.
      celulaTelefone: (l) => (
        <Stack gap={2}>
          <Anchor component={Link} to={rotas.revenda.leads.ver(l.revenda_id, l.id)} size="sm" fw={500}>
            {l.nome ?? (l.anonimizado ? MENSAGENS_LEAD.anonimizado : 'Sem nome')}
          </Anchor>
          <ContatoLead lead={{ ...l, email: null }} />
        </Stack>
      ),
    },
    { id: 'contato', cabecalho: 'Contato', largura: 200, secundaria: 'telefone', celula: (l) => <ContatoLead lead={l} /> },
    {
      id: 'canal',
      cabecalho: 'Canal',
      largura: 110,
      secundaria: true,
      ordenar: (l) => ROTULO_CANAL[l.canal],
      celula: (l) => ROTULO_CANAL[l.canal],
    },
    {
      id: 'veiculo',
      cabecalho: 'Veículo',
      largura: 220,
      secundaria: true,
      ordenar: (l) => l.veiculo?.titulo ?? '',
      celula: (l) => <VeiculoLead lead={l} />,
    },
    {
      id: 'mensagem',
      cabecalho: 'Mensagem',
      largura: 260,
      secundaria: true,
      celula: (l) => (
        <Text size="sm" lineClamp={2} title={l.mensagem ?? ''}>
          {l.mensagem}
        </Text>
      ),
    },
    {
      id: 'recebido',
      cabecalho: 'Recebido em',
      largura: 140,
      secundaria: 'telefone',
      ordenar: (l) => l.recebido_em,
      celula: (l) => <DataHora valor={l.recebido_em} />,
    },
    {
      id: 'estado',
      cabecalho: 'Estado',
      largura: 155,
      larguraTelefone: 140,
      ordenar: (l) => ESTADOS_LEAD.indexOf(l.estado),
      celula: (l) => <EstadoLead lead={l} />,
    },
  ];
}

/**
 * The inbox (issue 26 item 2): a live list of every lead, filtered on the screen by channel, state, vehicle and period
 * (kept in the address) and searched by name, contact or message. `idRevenda` null: the admin's every reseller.
 */
export function CaixaLeads({ idRevenda }: { idRevenda: string | null }) {
  const lista = useLeads(idRevenda);
  const [params, setParams] = useSearchParams();
  const filtros = useMemo(() => lerFiltros(params), [params]);
  const linhas = useMemo(() => filtrarLeads(lista.data ?? [], filtros), [lista.data, filtros]);
  const veiculos = useMemo(() => opcoesVeiculo(lista.data ?? []), [lista.data]);
  const filtrando = CAMPOS_FILTRO.some((c) => filtros[c]);

  const mudar = (campo: keyof FiltrosLeads, valor: string | null) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (valor) n.set(campo, valor);
        else n.delete(campo);
        return n;
      },
      { replace: true },
    );

  return (
    <Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Canal"
          placeholder="Todos"
          data={opcoesCanal}
          value={filtros.canal ?? null}
          onChange={(v) => mudar('canal', v)}
          clearable
          w={160}
        />
        <Select
          label="Estado"
          placeholder="Todos"
          data={opcoesEstado}
          value={filtros.estado ?? null}
          onChange={(v) => mudar('estado', v)}
          clearable
          w={190}
        />
        <Select
          label="Veículo"
          placeholder="Todos"
          data={veiculos}
          value={filtros.veiculo ?? null}
          onChange={(v) => mudar('veiculo', v)}
          clearable
          searchable
          w={240}
        />
        <CampoData label="De" value={filtros.de ?? ''} onChange={(dia) => mudar('de', dia)} w={160} />
        <CampoData label="Até" value={filtros.ate ?? ''} onChange={(dia) => mudar('ate', dia)} w={160} />
        {filtrando && (
          <Button variant="subtle" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Limpar filtros
          </Button>
        )}
      </Group>
      {filtros.de && filtros.ate && filtros.de > filtros.ate && (
        <Text c="red.8" size="sm" role="alert">
          {MENSAGENS_LEAD.periodoInvalido}
        </Text>
      )}
      {lista.error && !lista.data && <AlertaErro erro={lista.error} tentarNovamente={() => void lista.refetch()} />}
      {lista.isPending && <Carregando />}
      {lista.data && (
        <DataTable
          colunas={colunas()}
          linhas={linhas}
          chaveLinha={(l) => l.id}
          legenda="Leads"
          alturaLinha={72}
          buscar={textoBusca}
          vazio={lista.data.length === 0 ? <EstadoVazio texto={TEXTO_VAZIO} /> : <Text size="sm">Nenhum lead com estes filtros.</Text>}
        />
      )}
    </Stack>
  );
}
