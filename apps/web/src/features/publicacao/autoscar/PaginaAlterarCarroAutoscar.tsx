import { FormularioAutoscar } from './FormularioAutoscar';

export default function PaginaAlterarCarroAutoscar() {
  return <FormularioAutoscar tipo="carro" alterar />;
}
