import { rotas } from '@/lib/rotas';
import { FormularioPublicacao } from './FormularioPublicacao';

/** /revenda/:idRevenda/banners/incluir (spec 2 §2): several files may be chosen, the first is uploaded. */
export default function PaginaIncluirBanner() {
  return (
    <FormularioPublicacao
      d={{
        tipo: 'banner',
        titulo: 'Banners',
        painel: 'Incluir banner',
        rotuloTexto: 'Bloco texto banners',
        varios: true,
        rotaLista: rotas.revenda.banners.listar,
      }}
    />
  );
}
