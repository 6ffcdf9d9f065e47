import { escolherOpcao } from '../ajuda/cadastros.ts';
import { testarPortal } from '../ajuda/portais.ts';

/**
 * Mobiauto: the "Incluir veículo Mobiauto" gate sends a car to "Incluir carro Mobiauto"; plan and armoured; the
 * publication is confirmed asynchronously (pending until the reconciliation job's poll finds it published).
 */
testarPortal({
  canal: 'mobiauto',
  nome: 'Mobiauto',
  titulo: 'Incluir carro Mobiauto',
  campoTexto: 'Descrição',
  campoTextoNoCanal: 'description',
  confirmacaoAssincrona: true,
  completar: async (page) => {
    await escolherOpcao(page, 'Plano', 'Básico');
    await escolherOpcao(page, 'Blindado', 'Sim');
  },
});
