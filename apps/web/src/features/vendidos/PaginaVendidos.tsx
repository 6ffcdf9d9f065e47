import { ListaPublicacoes } from '@/features/banners/ListaPublicacoes';
import { rotas } from '@/lib/rotas';

/** /revenda/:idRevenda/vendidos/listar (spec 2 §2): the same columns and blocks as banners. */
export default function PaginaVendidos() {
  return (
    <ListaPublicacoes
      d={{
        tipo: 'vendido',
        titulo: 'Vendidos',
        painel: 'Lista de Vendidos',
        novo: 'Novo vendido',
        rotaIncluir: rotas.revenda.vendidos.incluir,
      }}
    />
  );
}
