import { MENSAGENS_LOCAL_ANUNCIO } from '@intermedio/contracts';
import type { DefinicaoCatalogo } from '@/features/opcionais/catalogo/definicao';
import { rotas } from '@/lib/rotas';

/** Locais de anúncio (spec 2 §2): the shared catalogue screens (features/opcionais/catalogo) with this catalogue's names. */
export const LOCAIS_ANUNCIO: DefinicaoCatalogo = {
  chave: 'locaisAnuncio',
  api: '/api/locais-anuncio',
  parametro: 'idLocalAnuncio',
  titulo: 'Locais de anúncio',
  singular: 'local de anúncio',
  novo: 'Novo local de anúncio',
  paraQue: 'Os locais de anúncio são os lugares onde as revendas podem anunciar; elas escolhem os seus na ficha do veículo.',
  mensagens: MENSAGENS_LOCAL_ANUNCIO,
  rotas: rotas.locaisAnuncio,
};
