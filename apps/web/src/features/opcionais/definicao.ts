import { MENSAGENS_OPCIONAL } from '@intermedio/contracts';
import { rotas } from '@/lib/rotas';
import type { DefinicaoCatalogo } from './catalogo/definicao';

/** Opcionais (spec 2 §2): the shared catalogue screens (features/opcionais/catalogo) with this catalogue's names. */
export const OPCIONAIS: DefinicaoCatalogo = {
  chave: 'opcionais',
  api: '/api/opcionais',
  parametro: 'idOpcional',
  titulo: 'Opcionais',
  singular: 'opcional',
  novo: 'Novo opcional',
  paraQue: 'Os opcionais são os itens que as revendas marcam na ficha de cada veículo e que vão para os anúncios.',
  mensagens: MENSAGENS_OPCIONAL,
  rotas: rotas.opcionais,
};
