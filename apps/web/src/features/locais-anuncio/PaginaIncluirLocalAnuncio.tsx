import { PaginaIncluirCatalogo } from '@/features/opcionais/catalogo/PaginasCatalogo';
import { LOCAIS_ANUNCIO } from './definicao';

/** /locais-anuncio/incluir (admin). */
export default function PaginaIncluirLocalAnuncio() {
  return <PaginaIncluirCatalogo def={LOCAIS_ANUNCIO} />;
}
