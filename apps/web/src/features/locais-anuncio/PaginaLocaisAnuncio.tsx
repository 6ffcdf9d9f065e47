import { PaginaListaCatalogo } from '@/features/opcionais/catalogo/PaginaListaCatalogo';
import { LOCAIS_ANUNCIO } from './definicao';

/** /locais-anuncio/listar (admin). */
export default function PaginaLocaisAnuncio() {
  return <PaginaListaCatalogo def={LOCAIS_ANUNCIO} />;
}
