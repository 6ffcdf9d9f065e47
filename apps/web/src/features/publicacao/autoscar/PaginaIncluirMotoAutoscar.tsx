import { FormularioAutoscar } from './FormularioAutoscar';

export default function PaginaIncluirMotoAutoscar() {
  return <FormularioAutoscar tipo="moto" />;
}
