import { PaginaAlterarCatalogo } from '@/features/opcionais/catalogo/PaginasCatalogo';
import { LOCAIS_ANUNCIO } from './definicao';

/** /locais-anuncio/:idLocalAnuncio/alterar (admin). */
export default function PaginaAlterarLocalAnuncio() {
  return <PaginaAlterarCatalogo def={LOCAIS_ANUNCIO} />;
}
