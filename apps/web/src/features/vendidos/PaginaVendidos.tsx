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
        paraQue: 'Os posts de vendido mostram aos seus clientes os carros que a loja já vendeu, no site e nas redes sociais.',
        rotaIncluir: rotas.revenda.vendidos.incluir,
      }}
    />
  );
}
