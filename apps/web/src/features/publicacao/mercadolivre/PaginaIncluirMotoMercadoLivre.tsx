import { TelaIncluirMercadoLivre } from './TelaIncluirMercadoLivre';

/** "Incluir moto Mercado Livre" (spec 3 §2.4): behind the dispatcher for motorcycles. */
export default function PaginaIncluirMotoMercadoLivre() {
  return <TelaIncluirMercadoLivre titulo="Incluir moto Mercado Livre" />;
}
