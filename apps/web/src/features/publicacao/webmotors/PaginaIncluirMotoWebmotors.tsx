import { FormularioWebmotors } from './FormularioWebmotors';

export default function PaginaIncluirMotoWebmotors() {
  return <FormularioWebmotors titulo="Incluir moto Webmotors" />;
}
