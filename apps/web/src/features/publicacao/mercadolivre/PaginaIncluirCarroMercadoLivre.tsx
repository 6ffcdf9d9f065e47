import { TelaIncluirMercadoLivre } from './TelaIncluirMercadoLivre';

/** "Incluir carro Mercado Livre" (spec 3 §2.4): behind the dispatcher for cars. */
export default function PaginaIncluirCarroMercadoLivre() {
  return <TelaIncluirMercadoLivre titulo="Incluir carro Mercado Livre" />;
}
