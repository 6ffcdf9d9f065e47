import { ListaRevendas } from './ListaRevendas';

/** /revenda-free/listar: resellers of the basic plan (admin). */
export default function PaginaRevendasBasico() {
  return <ListaRevendas plano="basico" titulo="Revendas - Plano Básico" />;
}
