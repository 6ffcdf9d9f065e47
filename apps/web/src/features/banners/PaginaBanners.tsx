import { rotas } from '@/lib/rotas';
import { ListaPublicacoes } from './ListaPublicacoes';

/** /revenda/:idRevenda/banners/listar (spec 2 §2). */
export default function PaginaBanners() {
  return (
    <ListaPublicacoes
      d={{
        tipo: 'banner',
        titulo: 'Banners',
        painel: 'Lista de Banners',
        novo: 'Novo banner',
        paraQue: 'Os banners divulgam ofertas e novidades da loja no site e nas redes sociais.',
        rotaIncluir: rotas.revenda.banners.incluir,
      }}
    />
  );
}
