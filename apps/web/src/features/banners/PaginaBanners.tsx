import { rotas } from '@/lib/rotas';
import { ListaPublicacoes } from './ListaPublicacoes';

/** /revenda/:idRevenda/banners/listar (spec 2 §2). */
export default function PaginaBanners() {
  return (
    <ListaPublicacoes
      d={{ tipo: 'banner', titulo: 'Banners', painel: 'Lista de Banners', novo: 'Novo banner', rotaIncluir: rotas.revenda.banners.incluir }}
    />
  );
}
