import { PaginaExcluirCatalogo } from '@/features/opcionais/catalogo/PaginasCatalogo';
import { LOCAIS_ANUNCIO } from './definicao';

/** /locais-anuncio/:idLocalAnuncio/excluir (admin). */
export default function PaginaExcluirLocalAnuncio() {
  return <PaginaExcluirCatalogo def={LOCAIS_ANUNCIO} />;
}
