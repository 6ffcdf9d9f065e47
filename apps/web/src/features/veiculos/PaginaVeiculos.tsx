import { anunciosDaUrl, type CanalId, LISTA_ANUNCIOS_PARAM, ROTULO_TIPO_VEICULO, type VeiculoLinha } from '@intermedio/contracts';
import { Badge, Button, Checkbox, Chip, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconFileImport, IconHistory, IconPlus, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { urlExportacoes } from '@/features/exportacoes/api';
import { MenuExportar } from '@/features/exportacoes/MenuExportar';
import { useIntegracoes } from '@/features/integracoes/api';
import { BarraLote } from '@/features/lotes/BarraLote';
import { LotesRecentes } from '@/features/lotes/LotesRecentes';
import { PainelLote } from '@/features/lotes/PainelLote';
import { useRevenda } from '@/features/revendas/api';
import { ModalVenda } from '@/features/vendas/ModalVenda';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { arranjarColunas, type ColunaTabela, DataTable, LARGURA_TELEFONE } from '@/ui/DataTable';
import { DataHora, Moeda } from '@/ui/Formatados';
import { MenuAcoes } from '@/ui/MenuAcoes';
import { Miniatura } from '@/ui/Miniatura';
import {
  ALTURA_LINHA_SELOS,
  ALTURA_LINHA_SELOS_COMPACTOS,
  canaisDaLinha,
  FILTROS_ANUNCIO,
  type FiltroAnuncio,
  filtrarPorAnuncios,
  linhasSelos,
  SelosAnuncios,
} from './anuncios';
import { useVeiculos } from './api';
import { BloqueiosRevenda } from './BloqueiosRevenda';
import { colunaAno, colunaFoto, colunaSelecao, colunaValor, colunaVsFipe, type Selecao } from './colunas';
import { AvisoFiltroDaUrl, useFiltroDaUrl } from './FiltroDaUrl';
import { FiltrosSalvos } from './FiltrosSalvos';
import { anoVeiculo, filtrarVeiculos, nomeVeiculo, OPCOES_TIPO } from './rotulos';

/**
 * Widths at 1366 px (issue 23 item 17, issue 25 item 4): the fixed columns leave the name at least ~200 px of a
 * 1102 px box (1366 less the menu and margins, less a scrollbar), so nothing scrolls under the sticky Manutenção
 * column (now one ⋯ menu).
 */
const LARGURA = { ano: 92, valor: 128, vsFipe: 96, estoque: 150, alterado: 140, manutencao: 112 } as const;
/**
 * Compact rows (issue 25 item 4: at most 64 px at 1366 px, ten channels included): the cells' padding, the
 * thumbnail, one line of name, then the badges — full names on one line when they fit, else the compact ones.
 */
const ESPACAMENTO_VERTICAL = 4;
/** A cell's padding, px: both sides, and top plus bottom with the row's line. */
const RECUO_CELULA = { lados: 20, vertical: 2 * ESPACAMENTO_VERTICAL + 1 };
const FOTO_LISTA = { largura: 64, altura: 48 };
/** The name's line (sm), px. */
const ALTURA_NOME = 22;
/** The row's height without badges: the thumbnail and the cell's padding, px. */
const ALTURA_MINIMA = FOTO_LISTA.altura + RECUO_CELULA.vertical;

function colunasVeiculos(
  idRevenda: string,
  vender: ((v: VeiculoLinha) => void) | null,
  configurados: readonly CanalId[],
  selecao: Selecao,
  compacto: boolean,
): ColunaTabela<VeiculoLinha>[] {
  return [
    colunaSelecao(selecao),
    colunaFoto(FOTO_LISTA),
    {
      id: 'veiculo',
      cabecalho: 'Veículo',
      // No width: the name takes what the other columns leave (its badges wrap; the row height follows).
      larguraTelefone: 'auto',
      ordenar: nomeVeiculo,
      celulaTelefone: (v) => <VeiculoNoTelefone v={v} canais={canaisDaLinha(configurados, v.anuncios)} compacto={compacto} />,
      celula: (v) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" truncate="end" title={tituloVeiculo(v)} style={{ minWidth: 0 }}>
              <Text span fw={500} inherit>
                {nomeVeiculo(v)}
              </Text>
              {/* Plate and code: what a dealer looks a car up by; the type is the list's filter (and in the title). */}
              {detalheVeiculo(v) && (
                <Text span size="xs" c="gray.7">
                  {` · ${detalheVeiculo(v)}`}
                </Text>
              )}
            </Text>
            {v.vevendido === 1 && (
              <Badge color="orange" variant="light" size="xs" style={{ flexShrink: 0 }}>
                Vendido
              </Badge>
            )}
          </Group>
          {/* One badge per channel with the advert's state (issue 24); in this cell so a phone shows them too. */}
          <SelosAnuncios canais={canaisDaLinha(configurados, v.anuncios)} anuncios={v.anuncios} compacto={compacto} />
        </Stack>
      ),
    },
    { ...colunaAno(), largura: LARGURA.ano },
    { ...colunaValor(), largura: LARGURA.valor },
    { ...colunaVsFipe(), largura: LARGURA.vsFipe },
    // On a box too narrow for every column (a phone, a small window) these two go to the row's Mais panel
    // instead of scrolling under the sticky Manutenção column.
    {
      id: 'estoque',
      cabecalho: 'Dias em estoque',
      ordenar: (v) => v.dias_estoque,
      largura: LARGURA.estoque,
      secundaria: true,
      alinhar: 'right',
      celula: (v) => formatarNumero(v.dias_estoque),
    },
    {
      id: 'alterado',
      cabecalho: 'Atualizado em',
      largura: LARGURA.alterado,
      secundaria: true,
      ordenar: (v) => v.updated_at,
      celula: (v) => <DataHora valor={v.updated_at} />,
    },
    {
      id: 'manutencao',
      cabecalho: 'Manutenção',
      largura: LARGURA.manutencao,
      fixa: true,
      larguraTelefone: 56,
      // One overflow menu (issue 25 item 4): the row's click opens the view; "Excluir" last, red, confirmed on its page.
      celula: (v) => (
        <MenuAcoes
          nome={nomeVeiculo(v)}
          rotulo={`Ações do veículo ${nomeVeiculo(v)}`}
          acoes={[
            { rotulo: 'Visualizar', para: rotas.revenda.veiculos.visualizar(idRevenda, v.id) },
            { rotulo: 'Alterar', para: rotas.revenda.veiculos.alterar(idRevenda, v.id) },
            ...(vender && v.vevendido === 0 ? [{ rotulo: 'Marcar como vendido', aoClicar: () => vender(v) }] : []),
            { rotulo: 'Excluir', para: rotas.revenda.veiculos.excluir(idRevenda, v.id), perigo: true },
          ]}
        />
      ),
    },
  ];
}

const detalheVeiculo = (v: VeiculoLinha) =>
  [v.veiplaca, v.vecodigo_interno ? `Cód. ${v.vecodigo_interno}` : ''].filter(Boolean).join(' · ');
/** The name cell's tooltip: the whole name, the type, plate and code (the line may be cut). */
const tituloVeiculo = (v: VeiculoLinha) =>
  [nomeVeiculo(v), ROTULO_TIPO_VEICULO[v.vetipoveiculo], detalheVeiculo(v)].filter(Boolean).join(' · ');

/** The phone's thumbnail beside the name (issue 25 item 4), px, and its gap; the year and price line (xs), px. */
const FOTO_TELEFONE = { largura: 56, altura: 42, vao: 8 };
const ALTURA_LINHA_TELEFONE = 19;

/**
 * The Veículo cell on a phone (390 px): photo, name, price and year, and the channel badges, all in the row (the
 * Foto, Ano and Valor columns leave a phone-narrow box for the row's Mais panel).
 */
export function VeiculoNoTelefone({ v, canais, compacto = false }: { v: VeiculoLinha; canais: readonly CanalId[]; compacto?: boolean }) {
  return (
    <Group gap={FOTO_TELEFONE.vao} wrap="nowrap" align="flex-start">
      <Miniatura src={v.miniatura} alt={`Foto de ${nomeVeiculo(v)}`} largura={FOTO_TELEFONE.largura} altura={FOTO_TELEFONE.altura} />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate="end" title={nomeVeiculo(v)}>
          {nomeVeiculo(v)}
        </Text>
        <Text size="xs" c="gray.7" truncate="end">
          {/* The price first: on a narrow phone the year is what gets cut. */}
          <Text span inherit fw={600} c="dark">
            <Moeda valor={v.vevalor} />
          </Text>
          {` · ${anoVeiculo(v)}`}
          {v.vevendido === 1 ? ' · Vendido' : ''}
        </Text>
        <SelosAnuncios canais={canais} anuncios={v.anuncios} compacto={compacto} />
      </Stack>
    </Group>
  );
}

/** A vertical scrollbar's width at most (Windows), px: the name's cell may lose it. */
const BARRA_ROLAGEM = 17;
/** What a box of unknown width (not measured yet) is taken for: the list at 1366 px. */
const CAIXA_PADRAO = 1102;

/**
 * The fixed height of the list's rows (the list is virtualised) and the badges' form: enough for the badges of the
 * row with the most channels (`canais`, every channel any row shows) in the name's cell of a box `larguraCaixa` px
 * wide. Full badges when they fit on one line, else compact ones (two lines of them hold ten channels at 1366 px).
 */
function linhaVeiculos(cols: readonly ColunaTabela<VeiculoLinha>[], canais: readonly CanalId[], larguraCaixa: number) {
  if (canais.length === 0) return { altura: ALTURA_MINIMA, compacto: false };
  const caixa = larguraCaixa > 0 ? larguraCaixa : CAIXA_PADRAO;
  const outras = arranjarColunas(cols, caixa)
    .filter((c) => c.id !== 'veiculo')
    .reduce((soma, c) => soma + (c.largura ?? 120), 0);
  const celula = Math.max(120, caixa - BARRA_ROLAGEM - outras);
  // On a phone the thumbnail sits beside the name, with the year and price line (VeiculoNoTelefone).
  const telefone = larguraCaixa > 0 && larguraCaixa < LARGURA_TELEFONE;
  const largura = celula - RECUO_CELULA.lados - (telefone ? FOTO_TELEFONE.largura + FOTO_TELEFONE.vao : 0);
  const texto = ALTURA_NOME + (telefone ? ALTURA_LINHA_TELEFONE : 0);
  const compacto = linhasSelos(canais, largura) > 1;
  const linhas = linhasSelos(canais, largura, compacto);
  const selos = linhas * (compacto ? ALTURA_LINHA_SELOS_COMPACTOS : ALTURA_LINHA_SELOS);
  return { altura: Math.max(ALTURA_MINIMA, RECUO_CELULA.vertical + texto + selos), compacto };
}

/** Every channel some row shows a badge for: the configured ones and those of a removed configuration's adverts. */
function canaisDasLinhas(configurados: readonly CanalId[], linhas: readonly VeiculoLinha[]): CanalId[] {
  const todos = new Set(configurados);
  for (const v of linhas) for (const a of v.anuncios) todos.add(a.canal);
  return [...todos];
}

/**
 * /revenda/:idRevenda/veiculos/listar (spec 2 §2): the active vehicles, live, all rows (virtualised), with a
 * text filter (every word anywhere in name, year, plate, colour, code or price), a type filter and the advert
 * filters (Sem anúncio, Desatualizado, Falhou, Em estoque há mais de 60 dias, Sem fotos); each row shows its channels' badges.
 */
export default function PaginaVeiculos() {
  const { idRevenda = '' } = useParams();
  const navegar = useNavigate();
  const { usuario } = useSessaoAtiva();
  const { data, error, refetch, isPending } = useVeiculos(idRevenda);
  const revenda = useRevenda(idRevenda);
  const integracoes = useIntegracoes(idRevenda);
  const configurados = useMemo(
    () => (integracoes.data ?? []).filter((i) => i.configurado).map((i) => i.canal as CanalId),
    [integracoes.data],
  );
  // A dashboard attention link may preselect advert chips (`?anuncios=falhou`): read once, then the dealer's own.
  const [params] = useSearchParams();
  const [filtros, setFiltros] = useState<FiltroAnuncio[]>(() => anunciosDaUrl(params.get(LISTA_ANUNCIOS_PARAM)));
  const [texto, setTexto] = useState('');
  const [tipo, setTipo] = useState<string | null>(null);
  const textoAdiado = useDeferredValue(texto);
  // An attention link's filter (issue 25: ?filtro=acima_fipe), read-only from the address.
  const daUrl = useFiltroDaUrl(idRevenda);
  const [vendendo, setVendendo] = useState<VeiculoLinha | null>(null);
  // "Marcar como vendido": gestor and admin (issue 16).
  const podeVender = usuario.role === 'admin' || usuario.role === 'gestor';
  const { ref: caixa, width: larguraCaixa } = useElementSize();
  // Bulk actions (issue 24 item 2): the selected rows, and the batch whose progress panel is open.
  const [selecionados, setSelecionados] = useState<ReadonlySet<string>>(new Set());
  const [idLote, setIdLote] = useState<string | null>(null);
  const selecao = useMemo<Selecao>(
    () => ({
      marcado: (id) => selecionados.has(id),
      alternar: (id) =>
        setSelecionados((s) => {
          const novo = new Set(s);
          if (!novo.delete(id)) novo.add(id);
          return novo;
        }),
    }),
    [selecionados],
  );
  const vender = podeVender ? setVendendo : null;
  // The badges' form does not change any width: the layout is measured on the full-badge columns.
  const colsCheias = useMemo(
    () => colunasVeiculos(idRevenda, vender, configurados, selecao, false),
    [idRevenda, vender, configurados, selecao],
  );
  // Sized on every row (not only the filtered ones) so the rows keep their height while filtering.
  const canais = useMemo(() => canaisDasLinhas(configurados, data ?? []), [configurados, data]);
  const { altura: alturaLinha, compacto } = linhaVeiculos(colsCheias, canais, larguraCaixa);
  const cols = useMemo(
    () => (compacto ? colunasVeiculos(idRevenda, vender, configurados, selecao, true) : colsCheias),
    [compacto, colsCheias, idRevenda, vender, configurados, selecao],
  );
  const linhas = useMemo(
    () => daUrl.filtrar(filtrarPorAnuncios(filtrarVeiculos(data ?? [], textoAdiado, tipo), filtros)),
    [data, textoAdiado, tipo, filtros, daUrl.filtrar],
  );
  // Only vehicles still in the list count (one deleted meanwhile leaves the selection).
  const escolhidos = useMemo(() => (data ?? []).filter((v) => selecionados.has(v.id)).map((v) => v.id), [data, selecionados]);
  const filtradosMarcados = linhas.filter((v) => selecionados.has(v.id)).length;
  const alternarFiltrados = () =>
    setSelecionados((s) => {
      const novo = new Set(s);
      const todos = linhas.length > 0 && linhas.every((v) => s.has(v.id));
      for (const v of linhas) todos ? novo.delete(v.id) : novo.add(v.id);
      return novo;
    });
  const filtrando = textoAdiado.trim() !== '' || tipo !== null || filtros.length > 0 || daUrl.filtro !== null;

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
          <LotesRecentes idRevenda={idRevenda} aoAbrir={setIdLote} />
          {/* Importar estoque (issue 27 item 1): gestor and admin. */}
          {podeVender && (
            <Button
              component={Link}
              to={rotas.revenda.veiculos.importar(idRevenda)}
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
            >
              Importar estoque
            </Button>
          )}
          {/* Exportar (issue 25 item 6): the rows of the current filters; gestor and admin, as "Marcar como vendido". */}
          {podeVender && (
            <MenuExportar
              descricao="estoque"
              url={(f) => urlExportacoes.estoque(idRevenda, f, { texto: textoAdiado, tipo, filtros }, daUrl.filtro)}
            />
          )}
        </Group>
      </Group>
      <AvisoFiltroDaUrl idRevenda={idRevenda} filtro={daUrl.filtro} />
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
      <FiltrosSalvos
        idUsuario={usuario.id}
        atual={{ texto, tipo, filtros }}
        podeSalvar={texto.trim() !== '' || tipo !== null || filtros.length > 0}
        aoAplicar={(f) => {
          setTexto(f.texto);
          setTipo(f.tipo);
          setFiltros(f.filtros);
        }}
      />
      {filtrando && data && (
        <Text size="sm" c="gray.7" aria-live="polite">
          {formatarNumero(linhas.length)} de {formatarNumero(data.length)} veículos
        </Text>
      )}
      {data && data.length > 0 && (
        <Checkbox
          label="Selecionar todos os filtrados"
          checked={linhas.length > 0 && filtradosMarcados === linhas.length}
          indeterminate={filtradosMarcados > 0 && filtradosMarcados < linhas.length}
          onChange={alternarFiltrados}
          disabled={linhas.length === 0}
        />
      )}
      {escolhidos.length > 0 && (
        <BarraLote
          idRevenda={idRevenda}
          selecionados={escolhidos}
          configurados={configurados}
          podeVender={podeVender}
          aoLimpar={() => setSelecionados(new Set())}
          aoIniciar={(id) => {
            setSelecionados(new Set());
            setIdLote(id);
          }}
        />
      )}
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {isPending && <Carregando />}
      <div ref={caixa} style={{ minWidth: 0 }}>
        {data && (
          <DataTable
            colunas={cols}
            linhas={linhas}
            chaveLinha={(v) => v.id}
            legenda="Veículos"
            alturaLinha={alturaLinha}
            espacamentoVertical={ESPACAMENTO_VERTICAL}
            aoAbrirLinha={(v) => navegar(rotas.revenda.veiculos.visualizar(idRevenda, v.id))}
            rotuloLinha={(v) => `Visualizar ${nomeVeiculo(v)}`}
            vazio={filtrando ? 'Nenhum veículo corresponde ao filtro.' : 'Nenhum veículo cadastrado.'}
          />
        )}
      </div>
      {idLote && <PainelLote idRevenda={idRevenda} idLote={idLote} aoFechar={() => setIdLote(null)} />}
      {vendendo && (
        <ModalVenda idRevenda={idRevenda} idVeiculo={vendendo.id} nome={nomeVeiculo(vendendo)} aoFechar={() => setVendendo(null)} />
      )}
    </Stack>
  );
}
