import { PaginaAlterarCatalogo } from './catalogo/PaginasCatalogo';
import { OPCIONAIS } from './definicao';

/** /opcionais/:idOpcional/alterar (admin). */
export default function PaginaAlterarOpcional() {
  return <PaginaAlterarCatalogo def={OPCIONAIS} />;
}
