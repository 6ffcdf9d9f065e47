import { PaginaListaCatalogo } from './catalogo/PaginaListaCatalogo';
import { OPCIONAIS } from './definicao';

/** /opcionais/listar (admin). */
export default function PaginaOpcionais() {
  return <PaginaListaCatalogo def={OPCIONAIS} />;
}
