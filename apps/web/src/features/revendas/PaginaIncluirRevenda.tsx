import { FormularioRevenda } from './FormularioRevenda';

/**
 * /revenda/incluir (admin). The basic plan is offered to every admin: the session does not tell whether
 * the admin's empresa is ff, so the server decides and its refusal is shown on the Plano field.
 */
export default function PaginaIncluirRevenda() {
  return <FormularioRevenda />;
}
