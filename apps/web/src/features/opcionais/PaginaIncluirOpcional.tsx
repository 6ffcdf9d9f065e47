import { PaginaIncluirCatalogo } from './catalogo/PaginasCatalogo';
import { OPCIONAIS } from './definicao';

/** /opcionais/incluir (admin). */
export default function PaginaIncluirOpcional() {
  return <PaginaIncluirCatalogo def={OPCIONAIS} />;
}
