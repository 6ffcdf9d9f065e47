import { ListaImagensRevenda } from '@/features/imagens-destaque/ListaImagensRevenda';
import { rotas } from '@/lib/rotas';

export default function PaginaBannersSite() {
  return (
    <ListaImagensRevenda
      d={{
        tipo: 'banner-site',
        titulo: 'Banner Site',
        paraQue: 'Os banners do site aparecem no topo do site da revenda.',
        rotaIncluir: rotas.revenda.bannerSite.incluir,
      }}
    />
  );
}
