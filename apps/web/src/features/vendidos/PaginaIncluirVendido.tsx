import { FormularioPublicacao } from '@/features/banners/FormularioPublicacao';
import { rotas } from '@/lib/rotas';

/** /revenda/:idRevenda/vendidos/incluir (spec 2 §2): a single image (with the reseller's sold-item frame). */
export default function PaginaIncluirVendido() {
  return (
    <FormularioPublicacao
      d={{
        tipo: 'vendido',
        titulo: 'Vendidos',
        painel: 'Incluir vendido',
        rotuloTexto: 'Bloco texto vendidos',
        varios: false,
        rotaLista: rotas.revenda.vendidos.listar,
      }}
    />
  );
}
