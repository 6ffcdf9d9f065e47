import type { VeiculoLinha } from '@intermedio/contracts';
import { Checkbox, Text, VisuallyHidden } from '@mantine/core';
import type { ColunaTabela } from '@/ui/DataTable';
import { Moeda } from '@/ui/Formatados';
import { Miniatura } from '@/ui/Miniatura';
import { formatarDiferenca } from './PrecoFipe';
import { anoVeiculo, nomeVeiculo } from './rotulos';

/** What the vehicle list and the history show of every vehicle. */
type Veiculo = Pick<VeiculoLinha, 'miniatura' | 'vefipe_marca' | 'vefipe_name' | 'veano_fabricacao' | 'vefipe_ano_modelo' | 'vevalor'>;

/** The list's and the history's photo, year and price columns, alike on both screens (in the row's Mais panel on a phone). */
/** `foto`: the thumbnail's box, px (default the spec's 100×80; the vehicle list's compact rows use less). */
export const colunaFoto = <T extends Veiculo>(foto = { largura: 100, altura: 80 }): ColunaTabela<T> => ({
  id: 'foto',
  cabecalho: 'Foto',
  largura: foto.largura + 24,
  secundaria: 'telefone',
  celula: (v) => <Miniatura src={v.miniatura} alt={`Foto de ${nomeVeiculo(v)}`} largura={foto.largura} altura={foto.altura} />,
});

export const colunaAno = <T extends Veiculo>(): ColunaTabela<T> => ({
  id: 'ano',
  cabecalho: 'Ano',
  largura: 100,
  secundaria: 'telefone',
  celula: anoVeiculo,
  ordenar: (v) => v.vefipe_ano_modelo,
});

export const colunaValor = <T extends Veiculo>(): ColunaTabela<T> => ({
  id: 'valor',
  cabecalho: 'Valor',
  largura: 140,
  alinhar: 'right',
  secundaria: 'telefone',
  ordenar: (v) => Number(v.vevalor),
  celula: (v) => <Moeda valor={v.vevalor} />,
});

/** The rows selected for a bulk action (issue 24 item 2). */
export type Selecao = { marcado: (id: string) => boolean; alternar: (id: string) => void };

/** A checkbox per row, named after the vehicle for screen readers; the same width on a phone. */
export const colunaSelecao = <T extends Veiculo & { id: string; veiplaca: string | null }>(s: Selecao): ColunaTabela<T> => ({
  id: 'selecao',
  cabecalho: <VisuallyHidden>Seleção</VisuallyHidden>,
  rotulo: 'Seleção',
  largura: 40,
  larguraTelefone: 40,
  alinhar: 'center',
  celula: (v) => (
    <Checkbox
      aria-label={`Selecionar ${nomeVeiculo(v)}${v.veiplaca ? ` ${v.veiplaca}` : ''}`}
      checked={s.marcado(v.id)}
      onChange={() => s.alternar(v.id)}
    />
  ),
});

/** Above this gap (%) a price is "acima da FIPE" (the dashboard's attention item counts the same). */
export const LIMITE_ACIMA_FIPE = 10;

/**
 * "vs FIPE" (issue 25 item 3): the price against the FIPE price cached on the server, "+x %" / "−x %"; green below
 * FIPE, red more than 10 % above, "—" when no FIPE price is known. Sortable (unknown last).
 */
export const colunaVsFipe = <T extends { vs_fipe: number | null }>(): ColunaTabela<T> => ({
  id: 'vs_fipe',
  cabecalho: 'vs FIPE',
  largura: 96,
  alinhar: 'right',
  secundaria: 'telefone',
  ordenar: (v) => v.vs_fipe,
  celula: (v) =>
    v.vs_fipe === null ? (
      <span title="Sem preço FIPE">—</span>
    ) : (
      <Text
        span
        size="sm"
        fw={500}
        style={{ whiteSpace: 'nowrap' }}
        c={v.vs_fipe < 0 ? 'green.9' : v.vs_fipe > LIMITE_ACIMA_FIPE ? 'red.9' : undefined}
      >
        {formatarDiferenca(v.vs_fipe)}
      </Text>
    ),
});
