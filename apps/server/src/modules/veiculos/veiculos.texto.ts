import {
  FUSO_HORARIO,
  ROTULO_CAMBIO,
  ROTULO_CAMPO_VEICULO,
  ROTULO_CARROCERIA,
  ROTULO_COMBUSTIVEL,
  ROTULO_TIPO_VEICULO,
  type Veiculo,
} from '@intermedio/contracts';

/** How vehicle values read in the change log, the package's text file and the moderation snapshot (pt-BR, spec 2 §9). */

const dinheiro = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });
const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_HORARIO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatarValor = (v: string | number) => dinheiro.format(Number(v)).replace(/\u00a0/g, ' ');
export const formatarData = (d: Date | string) => dataHora.format(new Date(d)).replace(',', '');
const simNao = (v: unknown) => (v === 1 || v === true ? 'Sim' : 'Não');
const rotulo = <T extends string>(mapa: Record<T, string>, v: unknown) =>
  typeof v === 'string' && v in mapa ? mapa[v as T] : String(v ?? '');

/** One field's value as text (empty string when blank). */
export function textoDoCampo(campo: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (campo) {
    case 'vevalor':
      return formatarValor(v as string);
    case 'vetipoveiculo':
      return rotulo(ROTULO_TIPO_VEICULO, v);
    case 'vefipe_combustivel':
      return rotulo(ROTULO_COMBUSTIVEL, v);
    case 'vecambio':
      return rotulo(ROTULO_CAMBIO, v);
    case 'vecarroceria':
      return rotulo(ROTULO_CARROCERIA, v);
    case 'veveiculonovo':
    case 'veipva_pago':
    case 'veblindado':
    case 'vegarantia_fabrica':
    case 'veexibir_site':
      return simNao(v);
    case 'opcionais':
    case 'locais_anuncio':
      return (v as { descricao: string }[]).map((o) => o.descricao).join(', ');
    case 'imagens':
      return (v as { fileName: string }[]).map((i) => i.fileName).join(', ');
    default:
      return String(v);
  }
}

/** The change log file (spec 2 §2 alterados): per change the date, the user and each field old -> new. */
export function textoAlteracoes(
  veiculo: { vefipe_marca: string; vefipe_name: string },
  alteracoes: { vedataalteracao: Date; veusuarioalterou: string; campos: Record<string, { antiga: unknown; nova: unknown }> }[],
): string {
  const linhas = [`Alterações de dados do veículo ${veiculo.vefipe_marca} ${veiculo.vefipe_name}`, ''];
  if (alteracoes.length === 0) linhas.push('Nenhuma alteração registrada.');
  for (const a of alteracoes) {
    linhas.push(`Data: ${formatarData(a.vedataalteracao)}`, `Usuário: ${a.veusuarioalterou}`);
    for (const [campo, { antiga, nova }] of Object.entries(a.campos)) {
      linhas.push(`  ${ROTULO_CAMPO_VEICULO[campo] ?? campo}: ${String(antiga) || '(vazio)'} -> ${String(nova) || '(vazio)'}`);
    }
    linhas.push('');
  }
  return `${linhas.join('\r\n')}\r\n`;
}

/** The text file of the vehicle package: every field in Portuguese. */
export function textoDoVeiculo(v: Veiculo, revenda: string): string {
  const campos: [string, string][] = [
    ['Revenda', revenda],
    ['Tipo', textoDoCampo('vetipoveiculo', v.vetipoveiculo)],
    ['Marca', v.vefipe_marca],
    ['Modelo', v.ve_modelo],
    ['Versão', v.ve_versao],
    ['Ano de fabricação', String(v.veano_fabricacao)],
    ['Ano modelo', String(v.vefipe_ano_modelo)],
    ['Valor', formatarValor(v.vevalor)],
    ['Quilometragem', v.vequilometragem],
    ['Placa', v.veiplaca ?? ''],
    ['Cor', v.vecor ?? ''],
    ['Combustível', textoDoCampo('vefipe_combustivel', v.vefipe_combustivel)],
    ['Câmbio', textoDoCampo('vecambio', v.vecambio)],
    ['Portas', v.veportas === null ? '' : String(v.veportas)],
    ['Carroceria', textoDoCampo('vecarroceria', v.vecarroceria)],
    ['Condição', v.veveiculonovo === 1 ? 'Novo (0 km)' : 'Seminovo'],
    ['IPVA pago', simNao(v.veipva_pago)],
    ['Blindado', simNao(v.veblindado)],
    ['Garantia de fábrica', simNao(v.vegarantia_fabrica)],
    ['Código interno', v.vecodigo_interno ?? ''],
    ['Código FIPE', v.vefipe_codigo ?? ''],
    ['Opcionais', textoDoCampo('opcionais', v.opcionais)],
    ['Locais de anúncio', textoDoCampo('locais_anuncio', v.locais_anuncio)],
    ['Observação', v.veobservacao ?? ''],
    ['Incluído em', formatarData(v.created_at)],
    ['Alterado em', formatarData(v.updated_at)],
    ['Fotos', String(v.imagens.length)],
  ];
  return `${campos.map(([k, val]) => `${k}: ${val}`).join('\r\n')}\r\n`;
}

/** A file name without accents or separators ("Auto Demo Veículos" → "Auto_Demo_Veiculos"). */
export const nomeDeArquivo = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80) || 'arquivo';
