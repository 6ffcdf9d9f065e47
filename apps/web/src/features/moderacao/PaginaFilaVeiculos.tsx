import {
  type AlteracaoModeracao,
  CANAIS,
  type CanalId,
  type FilaVeiculoModeracao,
  MENSAGENS_PUBLICACAO_VEICULO,
  type ModeracaoVeiculoLinha,
  ROTULO_CAMPO_VEICULO,
  ROTULO_CANAL,
} from '@intermedio/contracts';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { urlVeiculos } from '@/features/veiculos/api';
import { useExcluirAnuncio } from '@/features/veiculos/excluirAnuncio';
import { anoVeiculo, nomeVeiculo } from '@/features/veiculos/rotulos';
import { entregarAsListas } from '@/lib/lista-ao-vivo';
import { rotas } from '@/lib/rotas';
import type { ColunaTabela } from '@/ui/DataTable';
import { DataHora } from '@/ui/Formatados';
import { Miniatura } from '@/ui/Miniatura';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { useFilaVeiculos } from './api';
import { DadosVeiculoModal } from './DadosVeiculoModal';
import { colunasCompactas, colunasDaEntrada, type Ferramentas, LinhasRotuladas, QuadroFila, type TextosFila } from './QuadroFila';
import { BlocoCanal, LegendaStatus, VERDE_VALIDAR } from './StatusCanal';

type Definicao = TextosFila & { fila: FilaVeiculoModeracao; validaUm: string };
const VEICULOS: [string, string] = ['veículo', 'veículos'];

const DEFINICOES: Record<FilaVeiculoModeracao, Definicao> = {
  incluidos: {
    fila: 'incluidos',
    unidade: VEICULOS,
    titulo: 'Veículos incluídos',
    painel: 'Lista de veículos incluídos',
    botao: 'Validar incluídos',
    validaUm: 'Valida inclusão',
    vazio: 'Nenhum veículo incluído aguardando validação.',
  },
  alterados: {
    fila: 'alterados',
    unidade: VEICULOS,
    titulo: 'Veículos alterados',
    painel: 'Lista de veículos alterados',
    botao: 'Validar alterados',
    validaUm: 'Valida alteração',
    vazio: 'Nenhum veículo alterado aguardando validação.',
  },
  removidos: {
    fila: 'removidos',
    unidade: VEICULOS,
    titulo: 'Veículos removidos',
    painel: 'Lista de veículos removidos',
    botao: 'Validar removidos',
    validaUm: 'Valida remoção',
    vazio: 'Nenhum veículo removido aguardando validação.',
  },
};

/** Channel state filter (beyond the spec): the S.A. / S.I. combinations an admin looks for. */
const ESTADOS = [
  { value: 'ativo', label: 'Anúncio ativo' },
  { value: 'inativo', label: 'Anúncio inativo' },
  { value: 'sem-anuncio', label: 'Sem anúncio (configurado)' },
  { value: 'sem-configuracao', label: 'Revenda sem configuração' },
];
const OPCOES_CANAIS = CANAIS.map((c) => ({ value: c, label: ROTULO_CANAL[c] }));

/** What the search looks in: reseller, vehicle, years and, in alterados, the changed fields and values. */
function textoDaEntrada(l: ModeracaoVeiculoLinha) {
  const alteracoes = mudancas(l.alteracoes).map((m) => `${m.campo} ${m.antiga} ${m.nova}`);
  return [l.revenda, nomeVeiculo(l.veiculo), anoVeiculo(l.veiculo), ...alteracoes].join(' ');
}

function noEstado(l: ModeracaoVeiculoLinha, valor: string, estado: string) {
  const canal = valor as CanalId;
  const sa = l.integracao_veiculo[canal];
  if (estado === 'ativo') return sa?.status === true;
  if (estado === 'inativo') return sa?.status === false;
  if (estado === 'sem-anuncio') return !!l.integracao_revenda[canal] && !sa;
  return !l.integracao_revenda[canal];
}

/** The channels the entry's reseller has configured (the others show no block). */
const configurados = (l: ModeracaoVeiculoLinha) => CANAIS.filter((c) => !!l.integracao_revenda[c]);

const FILTRO = { texto: textoDaEntrada, canais: OPCOES_CANAIS, estados: ESTADOS, noEstado };

/** The pending changes of an entry per field: the first old value → the last new one. */
export function mudancas(alteracoes: readonly AlteracaoModeracao[]): { campo: string; antiga: string; nova: string }[] {
  const porCampo = new Map<string, { antiga: string; nova: string }>();
  for (const a of alteracoes) {
    for (const [campo, v] of Object.entries(a.campos)) {
      const atual = porCampo.get(campo);
      porCampo.set(campo, { antiga: atual ? atual.antiga : v.antiga, nova: v.nova });
    }
  }
  return [...porCampo].map(([campo, v]) => ({ campo: ROTULO_CAMPO_VEICULO[campo] ?? campo, ...v }));
}

function Mudancas({ l }: { l: ModeracaoVeiculoLinha }) {
  const lista = mudancas(l.alteracoes);
  const texto = lista.map((m) => `${m.campo}: ${m.antiga || '(vazio)'} → ${m.nova || '(vazio)'}`);
  return (
    <Text size="xs" lineClamp={4} title={texto.join('\n')} style={{ whiteSpace: 'normal' }}>
      {texto.length
        ? texto.map((t) => (
            <span key={t} style={{ display: 'block' }}>
              {t}
            </span>
          ))
        : 'Sem alterações de campos registradas.'}
    </Text>
  );
}

/** The Manutenção actions of each queue (spec 2 §2). */
function Manutencao({ d, l, f }: { d: Definicao; l: ModeracaoVeiculoLinha; f: Ferramentas<ModeracaoVeiculoLinha> }) {
  const nome = nomeVeiculo(l.veiculo);
  const link = (para: string, texto: string) => (
    <Button component={Link} to={para} size="compact-xs" variant="light" aria-label={`${texto}: ${nome}`}>
      {texto}
    </Button>
  );
  const baixar = (href: string, texto: string) => (
    <Button component="a" href={href} download size="compact-xs" variant="light" aria-label={`${texto}: ${nome}`}>
      {texto}
    </Button>
  );
  return (
    <Group gap={4} wrap="wrap" style={{ whiteSpace: 'normal' }}>
      {link(rotas.revenda.veiculos.visualizar(l.idRevenda, l.idVeiculo), 'Visualizar')}
      {d.fila === 'alterados' && baixar(urlVeiculos.alteracoes(l.idRevenda, l.idVeiculo), 'Alterações')}
      {d.fila !== 'removidos' && baixar(urlVeiculos.pacote(l.idRevenda, l.idVeiculo), 'Baixar')}
      {d.fila === 'alterados' && link(rotas.revenda.veiculos.alterar(l.idRevenda, l.idVeiculo), 'Alterar')}
      <Button
        size="compact-xs"
        color={VERDE_VALIDAR}
        onClick={() => f.validarUm(l)}
        disabled={f.validando}
        aria-label={`${d.validaUm}: ${nome}`}
      >
        {d.validaUm}
      </Button>
    </Group>
  );
}

type Excluir = (l: ModeracaoVeiculoLinha, canal: CanalId) => void;

function colunas(d: Definicao, abrirDados: (l: ModeracaoVeiculoLinha) => void, excluir: Excluir) {
  return (f: Ferramentas<ModeracaoVeiculoLinha>): ColunaTabela<ModeracaoVeiculoLinha>[] => {
    const veiculo = (l: ModeracaoVeiculoLinha) => (
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={500}
        onClick={() => abrirDados(l)}
        aria-label={`Dados do veículo: ${nomeVeiculo(l.veiculo)}`}
        truncate="end"
        maw="100%"
      >
        {nomeVeiculo(l.veiculo)}
      </Anchor>
    );
    // Data incluído is the vehicle's inclusion, also in alterados (whose entry is created by the change).
    const quando = (l: ModeracaoVeiculoLinha) => (d.fila === 'removidos' ? l.vedataremovido : l.vedataincluido);
    const data = (l: ModeracaoVeiculoLinha) => <DataHora valor={quando(l)} />;
    const rotuloData = d.fila === 'removidos' ? 'Data removido' : 'Data incluído';
    if (f.compacta) {
      return colunasCompactas(f, {
        ids: ['entrada', 'canais'],
        cabecalhos: ['Veículo', 'Canais'],
        entrada: (l) => (
          <>
            <Miniatura src={l.veiculo.miniatura} alt={`Foto de ${nomeVeiculo(l.veiculo)}`} largura={64} altura={48} />
            {veiculo(l)}
            <Text size="xs">
              {anoVeiculo(l.veiculo)} · {data(l)}
            </Text>
            <Manutencao d={d} l={l} f={f} />
          </>
        ),
        linhas: (l) => (
          <LinhasRotuladas
            chaves={configurados(l)}
            rotulo={(c) => ROTULO_CANAL[c]}
            nome={(c) => ROTULO_CANAL[c]}
            largura={58}
            gap={2}
            conteudo={(c) => <BlocoCanal linha={l} canal={c} compacto aoExcluir={excluir} />}
            depois={configurados(l).length === 0 && <Text size="xs">Nenhum canal configurado.</Text>}
          />
        ),
      });
    }
    // Wide layout (issue 23 item 17): at 1366 px the entry, its changes (alterados) and Manutenção stay in view;
    // Manutenção is the last column and sticks to the right edge, the ten channel blocks scroll under it.
    const mudancasCol: ColunaTabela<ModeracaoVeiculoLinha>[] =
      d.fila === 'alterados' ? [{ id: 'mudancas', cabecalho: 'Alterações', largura: 260, celula: (l) => <Mudancas l={l} /> }] : [];
    const alteradoCol: ColunaTabela<ModeracaoVeiculoLinha>[] =
      d.fila === 'alterados'
        ? [
            {
              id: 'alterado',
              cabecalho: 'Data alterado',
              largura: 136,
              ordenar: (l) => l.updated_at,
              celula: (l) => <DataHora valor={l.updated_at} />,
            },
          ]
        : [];
    return [
      ...colunasDaEntrada(f),
      {
        id: 'imagem',
        cabecalho: 'Imagem',
        largura: 104, // an 80 px thumbnail and the cell padding
        celula: (l) => <Miniatura src={l.veiculo.miniatura} alt={`Foto de ${nomeVeiculo(l.veiculo)}`} largura={80} altura={64} />,
      },
      { id: 'veiculo', cabecalho: 'Veículo', largura: 200, ordenar: (l) => nomeVeiculo(l.veiculo), celula: veiculo },
      ...mudancasCol,
      { id: 'ano', cabecalho: 'Ano', largura: 96, ordenar: (l) => l.veiculo.vefipe_ano_modelo, celula: (l) => anoVeiculo(l.veiculo) },
      { id: 'data', cabecalho: rotuloData, largura: 136, ordenar: quando, celula: data },
      ...alteradoCol,
      ...CANAIS.map(
        (c): ColunaTabela<ModeracaoVeiculoLinha> => ({
          id: c,
          cabecalho: ROTULO_CANAL[c],
          largura: 150,
          celula: (l) => <BlocoCanal linha={l} canal={c} aoExcluir={excluir} />,
        }),
      ),
      {
        id: 'manutencao',
        cabecalho: 'Manutenção',
        largura: d.fila === 'alterados' ? 230 : 200,
        fixa: true,
        celula: (l) => <Manutencao d={d} l={l} f={f} />,
      },
    ];
  };
}

/** /dashboard/incluidos, /alterados, /removidos (spec 2 §2): one screen, three queues. */
function PaginaFilaVeiculos({ fila }: { fila: FilaVeiculoModeracao }) {
  const d = DEFINICOES[fila];
  const consulta = useFilaVeiculos(fila);
  const [dados, setDados] = useState<{ idRevenda: string; idVeiculo: string } | null>(null);
  // A channel block's Excluir: the spec's confirmation, then the channel's removal (as in the vehicle view).
  const [excluindo, setExcluindo] = useState<{ l: ModeracaoVeiculoLinha; canal: CanalId } | null>(null);
  const excluir = useExcluirAnuncio();
  const pedirExclusao = useCallback<Excluir>((l, canal) => setExcluindo({ l, canal }), []);
  const confirmarExclusao = ({ l, canal }: { l: ModeracaoVeiculoLinha; canal: CanalId }) =>
    excluir.mutate(
      { canal, idVeiculo: l.idVeiculo, idAnuncio: l.integracao_veiculo[canal]?.id_anuncio ?? null },
      {
        onSettled: () => {
          setExcluindo(null);
          // The reseller's rows again (S.A.), at once for the acting admin; the SSE event does the same for the others.
          entregarAsListas({ tabela: 'veiculo_integracoes', revenda: l.idRevenda, id: canal, op: 'UPDATE' });
        },
      },
    );
  const cols = useMemo(
    () => colunas(d, (l) => setDados({ idRevenda: l.idRevenda, idVeiculo: l.idVeiculo }), pedirExclusao),
    [d, pedirExclusao],
  );
  return (
    <>
      <QuadroFila
        fila={fila}
        textos={d}
        consulta={consulta}
        filtro={FILTRO}
        alturaLinha={(compacta) => (compacta ? 250 : d.fila === 'alterados' ? 104 : 96)}
        colunas={cols}
        erroAcao={excluir.erro ? { texto: excluir.erro, fechar: excluir.limparErro } : null}
        legenda={<LegendaStatus />}
      />
      <DadosVeiculoModal alvo={dados} aoFechar={() => setDados(null)} />
      <ModalConfirmacao
        aberto={excluindo !== null}
        titulo="Confirmação"
        pergunta={excluindo ? MENSAGENS_PUBLICACAO_VEICULO.confirmarExclusao(ROTULO_CANAL[excluindo.canal]) : ''}
        confirmar="Excluir"
        ocupado={excluir.isPending}
        aoConfirmar={() => excluindo && confirmarExclusao(excluindo)}
        aoFechar={() => setExcluindo(null)}
      />
    </>
  );
}

export const PaginaIncluidos = () => <PaginaFilaVeiculos fila="incluidos" />;
export const PaginaAlterados = () => <PaginaFilaVeiculos fila="alterados" />;
export const PaginaRemovidos = () => <PaginaFilaVeiculos fila="removidos" />;
