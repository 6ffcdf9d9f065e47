import { rotas } from '@/lib/rotas';
import { ListaImagensRevenda } from './ListaImagensRevenda';

export default function PaginaImagensDestaque() {
  return (
    <ListaImagensRevenda
      d={{
        tipo: 'imagem-destaque',
        titulo: 'Imagens Destaque',
        paraQue: 'As imagens destaque aparecem em evidência no site da revenda.',
        rotaIncluir: rotas.revenda.imagemDestaque.incluir,
      }}
    />
  );
}
