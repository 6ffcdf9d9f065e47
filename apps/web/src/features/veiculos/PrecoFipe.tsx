import { normalizarBusca, type Veiculo } from '@intermedio/contracts';
import { Text } from '@mantine/core';
import { useAnosFipe, useMarcasFipe, useModelosFipe, useVersoesFipe } from '@/features/fipe/api';
import { ApiError } from '@/lib/api';
import { formatarMoeda, lerValor } from '@/lib/formato';
import { codigoFipe, type ValoresVeiculo } from './valores';

/** What identifies a vehicle in the price lookup (the form's values or a saved vehicle's). */
export type DadosFipe = {
  tipo: string;
  marca: string;
  modelo: string;
  anoModelo: string;
  versao: string;
  /** FIPE code chosen with the version, when known: it picks the version even if its name was edited. */
  codigo: string | null;
};

export const dadosFipeDoForm = (v: ValoresVeiculo): DadosFipe => ({
  tipo: v.vetipoveiculo,
  marca: v.vefipe_marca,
  modelo: v.ve_modelo,
  anoModelo: v.vefipe_ano_modelo,
  versao: v.ve_versao,
  codigo: v.vefipe_codigo || null,
});

export const dadosFipeDoVeiculo = (v: Veiculo): DadosFipe => ({
  tipo: v.vetipoveiculo,
  marca: v.vefipe_marca,
  modelo: v.ve_modelo,
  anoModelo: v.vefipe_ano_modelo === null ? '' : String(v.vefipe_ano_modelo),
  versao: v.ve_versao,
  codigo: v.vefipe_codigo,
});

export type PrecoFipe =
  | { estado: 'incompleto' | 'carregando' | 'indisponivel' | 'sem_preco' }
  | { estado: 'preco'; preco: number; mes: string | null };

export const MENSAGENS_PRECO_FIPE = {
  sem_preco: 'FIPE sem preço para esta versão e ano.',
  indisponivel: 'Preço FIPE indisponível no momento.',
  carregando: 'Consultando o preço FIPE…',
} as const;

const pelaNome = <T extends { nome: string }>(itens: readonly T[] | undefined, nome: string) => {
  const n = normalizarBusca(nome);
  return n ? itens?.find((i) => normalizarBusca(i.nome) === n) : undefined;
};

/**
 * The FIPE price of a vehicle's version and model year, walking the same lookups as the form's cascade
 * (brand → model → model years → versions, each cached by TanStack Query and on the server in fipe_cache).
 * Manual-table versions have no price: "sem_preco", as does a vehicle the lookup does not know.
 */
export function usePrecoFipe(d: DadosFipe): PrecoFipe {
  const tipo = codigoFipe(d.tipo);
  const marcas = useMarcasFipe(tipo);
  const marca = pelaNome(marcas.data, d.marca);
  const modelos = useModelosFipe(tipo, marca);
  const modelo = pelaNome(modelos.data, d.modelo);
  const anos = useAnosFipe(tipo, marca?.codigo, modelo?.codigo);
  const ano = anos.data?.find((a) => String(a.ano) === d.anoModelo);
  const versoes = useVersoesFipe(tipo, marca?.codigo, modelo?.codigo, ano?.codigo);

  if (tipo === null || !d.marca.trim() || !d.modelo.trim() || !d.anoModelo || !d.versao.trim()) return { estado: 'incompleto' };
  const etapas = [marcas, modelos, anos, versoes];
  // Each level waits for the one before; a level that loaded without a match ends the walk.
  for (const [i, q] of etapas.entries()) {
    // 404: the table lacks that item (no price); anything else: the lookup failed for now.
    if (q.isError) return q.error instanceof ApiError && q.error.status === 404 ? { estado: 'sem_preco' } : { estado: 'indisponivel' };
    if (q.isPending) {
      const achado = [true, marca, modelo, ano][i];
      return achado ? { estado: 'carregando' } : { estado: 'sem_preco' };
    }
  }
  const doCodigo = d.codigo ? versoes.data?.filter((x) => x.codigo_fipe === d.codigo) : undefined;
  const versao = pelaNome(doCodigo, d.versao) ?? pelaNome(versoes.data, d.versao) ?? (doCodigo?.length === 1 ? doCodigo[0] : undefined);
  const preco = lerValor(versao?.preco);
  return preco === null ? { estado: 'sem_preco' } : { estado: 'preco', preco, mes: mesAnoFipe(versao?.mes_referencia) };
}

/** FIPE's reference month "novembro de 2026" → "novembro/2026". */
export const mesAnoFipe = (mes: string | null | undefined) => (mes ? mes.trim().replace(/\s+de\s+/i, '/') : null);

const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** The asking price against FIPE: "+12,5 %", "−3 %", "0 %"; null without a price. */
export function diferencaFipe(valor: number | string | null | undefined, preco: number): string | null {
  const v = lerValor(valor);
  if (v === null || v <= 0 || preco <= 0) return null;
  return formatarDiferenca(((v - preco) / preco) * 100);
}

/** A percentage gap as "+12,5 %", "−3 %" or "0 %" (one decimal at most). */
export function formatarDiferenca(d: number): string {
  const texto = pct.format(Math.abs(d));
  return texto === '0' ? '0 %' : `${d > 0 ? '+' : '−'}${texto} %`;
}

/** "FIPE novembro/2026: R$ 85.430,00 (seu preço +x %)", or why there is no figure. */
export function textoPrecoFipe(p: PrecoFipe, valor: number | string | null | undefined): string | null {
  if (p.estado === 'incompleto') return null;
  if (p.estado !== 'preco') return MENSAGENS_PRECO_FIPE[p.estado];
  const gap = diferencaFipe(valor, p.preco);
  return `FIPE${p.mes ? ` ${p.mes}` : ''}: ${formatarMoeda(p.preco)}${gap ? ` (seu preço ${gap})` : ''}`;
}

/**
 * The FIPE line shown beside the price (form and view). The lookup depends only on the vehicle, never on the
 * price: typing a price only recomputes the gap here.
 */
export function LinhaPrecoFipe({ dados, valor }: { dados: DadosFipe; valor: number | string | null | undefined }) {
  const texto = textoPrecoFipe(usePrecoFipe(dados), valor);
  if (!texto) return null;
  return (
    <Text component="div" size="sm" c="gray.7" aria-live="polite">
      {texto}
    </Text>
  );
}
