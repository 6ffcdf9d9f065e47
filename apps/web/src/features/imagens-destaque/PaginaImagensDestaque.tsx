import { rotas } from '@/lib/rotas';
import { ListaImagensRevenda } from './ListaImagensRevenda';

export default function PaginaImagensDestaque() {
  return (
    <ListaImagensRevenda d={{ tipo: 'imagem-destaque', titulo: 'Imagens Destaque', rotaIncluir: rotas.revenda.imagemDestaque.incluir }} />
  );
}
