import { FormularioWebmotors } from './FormularioWebmotors';

export default function PaginaAlterarWebmotors() {
  return <FormularioWebmotors titulo="Alterar veículo Webmotors" alterar />;
}
