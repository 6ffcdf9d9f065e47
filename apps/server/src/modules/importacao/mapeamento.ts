import { CAMPOS_IMPORTACAO, type CampoImportacao, type MapeamentoImportacao, ROTULO_CAMPO_IMPORTACAO } from '@intermedio/contracts';

/** A header as compared: accents and case ignored, only letters and digits ("Preço (R$)" → "precors"). */
export const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * Header names each field is guessed from (normalised), after the template's own titles: the panel's, common
 * spreadsheet headers and the tags of the Brazilian "estoque XML" feeds (docs/importacao.md).
 */
const SINONIMOS: Record<CampoImportacao, string[]> = {
  tipo: ['tipo', 'tipoveiculo', 'tipodeveiculo', 'categoria', 'vetipoveiculo'],
  marca: ['marca', 'fabricante', 'montadora', 'make', 'brand', 'vefipemarca'],
  modelo: ['modelo', 'model', 'vemodelo'],
  versao: ['versao', 'version', 'vers', 'veversao', 'descricaoversao'],
  codigo_fipe: ['codigofipe', 'fipe', 'codfipe', 'fipecodigo', 'vefipecodigo'],
  ano_fabricacao: ['anofabricacao', 'anofab', 'anodefabricacao', 'fabricacao', 'anofabric', 'ano', 'manufacturingyear', 'veanofabricacao'],
  ano_modelo: ['anomodelo', 'anomod', 'anodomodelo', 'modelyear', 'vefipeanomodelo'],
  combustivel: ['combustivel', 'comb', 'fuel', 'vefipecombustivel'],
  cambio: ['cambio', 'transmissao', 'transmission', 'vecambio'],
  cor: ['cor', 'color', 'colour', 'vecor'],
  portas: ['portas', 'numportas', 'nportas', 'doors', 'veportas'],
  carroceria: ['carroceria', 'carroceira', 'body', 'bodytype', 'vecarroceria'],
  placa: ['placa', 'plate', 'veiplaca'],
  km: ['km', 'quilometragem', 'kilometragem', 'kms', 'odometro', 'mileage', 'vequilometragem'],
  valor: ['valor', 'preco', 'precovenda', 'valorvenda', 'price', 'precors', 'valorrs', 'vevalor'],
  codigo_interno: [
    'codigointerno',
    'codigo',
    'cod',
    'codinterno',
    'estoque',
    'codigoestoque',
    'id',
    'referencia',
    'ref',
    'vecodigointerno',
  ],
  observacao: ['observacao', 'observacoes', 'obs', 'descricao', 'description', 'veobservacao'],
  novo: ['zerokm', 'novo', 'veiculonovo', '0km', 'veveiculonovo'],
  ipva_pago: ['ipvapago', 'ipva', 'veipvapago'],
  blindado: ['blindado', 'blindagem', 'veblindado'],
  garantia_fabrica: ['garantiafabrica', 'garantiadefabrica', 'garantia', 'vegarantiafabrica'],
  exibir_site: ['exibirnosite', 'exibirsite', 'site', 'veexibirsite'],
  opcionais: ['opcionais', 'opcional', 'acessorios', 'itens', 'equipamentos', 'features'],
  fotos: ['fotos', 'foto', 'imagens', 'imagem', 'photos', 'images', 'urlfotos', 'linkfotos'],
};

/** The mapping guessed from the headers: each field takes the first column whose name is one of its names. */
export function adivinharMapeamento(colunas: string[]): MapeamentoImportacao {
  const porNome = new Map<string, string>();
  for (const c of colunas) if (!porNome.has(normalizar(c))) porNome.set(normalizar(c), c);
  const usadas = new Set<string>();
  const m: MapeamentoImportacao = {};
  for (const campo of CAMPOS_IMPORTACAO) {
    const nomes = [normalizar(ROTULO_CAMPO_IMPORTACAO[campo]), ...SINONIMOS[campo]];
    const coluna = nomes.map((n) => porNome.get(n)).find((c) => c !== undefined && !usadas.has(c));
    m[campo] = coluna ?? null;
    if (coluna) usadas.add(coluna);
  }
  return m;
}

/** The key a mapping is remembered under: the source's set of column names (order and case ignored). */
export const chaveDasColunas = (colunas: string[]) => [...new Set(colunas.map(normalizar))].sort().join('|');

/** A remembered mapping applied to this source: columns it names that this source lacks are dropped. */
export function mapeamentoValido(m: MapeamentoImportacao, colunas: string[]): MapeamentoImportacao {
  const tem = new Set(colunas);
  return Object.fromEntries(CAMPOS_IMPORTACAO.map((c) => [c, m[c] && tem.has(m[c] as string) ? m[c] : null]));
}
