import { FormularioRevenda } from './FormularioRevenda';

/**
 * /revenda/incluir (admin). The basic plan is offered only to an admin whose empresa is ff (the session's
 * `planoBasico`); the server checks it again and its refusal is shown on the Plano field.
 */
export default function PaginaIncluirRevenda() {
  return <FormularioRevenda />;
}
