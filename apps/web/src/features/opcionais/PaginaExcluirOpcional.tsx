import { PaginaExcluirCatalogo } from './catalogo/PaginasCatalogo';
import { OPCIONAIS } from './definicao';

/** /opcionais/:idOpcional/excluir (admin). */
export default function PaginaExcluirOpcional() {
  return <PaginaExcluirCatalogo def={OPCIONAIS} />;
}
