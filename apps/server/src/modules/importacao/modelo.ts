import { CAMPOS_IMPORTACAO, type CampoImportacao, ROTULO_CAMPO_IMPORTACAO } from '@intermedio/contracts';
import type { Coluna } from '../exportacoes/planilha.ts';

/** The template's example row (texts as a dealer types them; the preview converts them). */
const EXEMPLO: Record<CampoImportacao, string> = {
  tipo: 'Carro',
  marca: 'Fiat',
  modelo: 'Argo',
  versao: 'Drive 1.0 6V Flex 5p Mec.',
  codigo_fipe: '',
  ano_fabricacao: '2022',
  ano_modelo: '2023',
  combustivel: 'Flex',
  cambio: 'Manual',
  cor: 'Branco',
  portas: '4',
  carroceria: 'Hatch',
  placa: 'ABC1D23',
  km: '35000',
  valor: 'R$ 72.900,00',
  codigo_interno: 'A-001',
  observacao: 'Único dono, revisado.',
  novo: 'Não',
  ipva_pago: 'Sim',
  blindado: 'Não',
  garantia_fabrica: 'Não',
  exibir_site: 'Sim',
  opcionais: 'Ar condicionado; Direção hidráulica',
  fotos: 'https://exemplo.com.br/fotos/argo-1.jpg https://exemplo.com.br/fotos/argo-2.jpg',
};

export const LINHA_MODELO = EXEMPLO;
export const COLUNAS_MODELO: Coluna<Record<CampoImportacao, string>>[] = CAMPOS_IMPORTACAO.map((c) => ({
  titulo: ROTULO_CAMPO_IMPORTACAO[c],
  tipo: 'texto',
  largura: Math.max(14, ROTULO_CAMPO_IMPORTACAO[c].length + 2),
  valor: (l) => l[c],
}));
