import { TAMANHO_BANNER_SITE } from '@intermedio/contracts';
import { IncluirImagemRevenda } from '@/features/imagens-destaque/IncluirImagemRevenda';
import { rotas } from '@/lib/rotas';

const { largura, altura } = TAMANHO_BANNER_SITE;

export default function PaginaIncluirBannerSite() {
  return (
    <IncluirImagemRevenda
      d={{
        tipo: 'banner-site',
        titulo: 'Incluir banner site',
        rotulo: `Imagem (tamanho recomendado ${largura} x ${altura} px)`,
        rotaLista: rotas.revenda.bannerSite.listar,
      }}
    />
  );
}
