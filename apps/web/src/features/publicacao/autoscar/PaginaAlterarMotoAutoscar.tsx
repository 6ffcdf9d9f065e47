import { FormularioAutoscar } from './FormularioAutoscar';

export default function PaginaAlterarMotoAutoscar() {
  return <FormularioAutoscar tipo="moto" alterar />;
}
