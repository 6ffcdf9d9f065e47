import { escolherOpcao } from '../ajuda/cadastros.ts';
import { testarPortal } from '../ajuda/portais.ts';

/** iCarros: the plan ("Anúncio") of the used-vehicle set (only plans with free slots are offered). */
testarPortal({
  canal: 'icarros',
  nome: 'iCarros',
  titulo: 'Incluir veículo iCarros',
  campoTexto: 'Observações',
  campoTextoNoCanal: 'text',
  completar: (page) => escolherOpcao(page, 'Anúncio', 'Comum (25 disponíveis)'),
});
