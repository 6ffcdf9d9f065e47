import { FormularioAutoscar } from './FormularioAutoscar';

export default function PaginaIncluirCarroAutoscar() {
  return <FormularioAutoscar tipo="carro" />;
}
