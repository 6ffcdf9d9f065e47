import type { Tela } from '@/lib/telas';

export const telasLocaisAnuncio: Tela[] = [
  { caminho: '/locais-anuncio/listar', titulo: 'Locais de anúncio', regra: 'admin' },
  { caminho: '/locais-anuncio/incluir', titulo: 'Incluir local de anúncio', regra: 'admin' },
  { caminho: '/locais-anuncio/:idLocalAnuncio/alterar', titulo: 'Alterar local de anúncio', regra: 'admin' },
  { caminho: '/locais-anuncio/:idLocalAnuncio/excluir', titulo: 'Excluir local de anúncio', regra: 'admin' },
];
