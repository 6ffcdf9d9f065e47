import { rotas } from '@/lib/rotas';
import { IncluirImagemRevenda } from './IncluirImagemRevenda';

export default function PaginaIncluirImagemDestaque() {
  return (
    <IncluirImagemRevenda
      d={{ tipo: 'imagem-destaque', titulo: 'Incluir imagem destaque', rotulo: 'Imagem', rotaLista: rotas.revenda.imagemDestaque.listar }}
    />
  );
}
