import { FormularioWebmotors } from './FormularioWebmotors';

export default function PaginaIncluirCarroWebmotors() {
  return <FormularioWebmotors titulo="Incluir carro Webmotors" />;
}
