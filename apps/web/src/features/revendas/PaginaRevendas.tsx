import { ListaRevendas } from './ListaRevendas';

/** /revenda/listar: resellers whose plan is above basico (admin). */
export default function PaginaRevendas() {
  return <ListaRevendas plano="pagos" titulo="Revendas" />;
}
