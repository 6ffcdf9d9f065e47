import { expect } from '@playwright/test';
import { escolherOpcao } from '../ajuda/cadastros.ts';
import { testarPortal } from '../ajuda/portais.ts';

/** Na Pista (meucarronovo): the ad type ("Anúncio") of the current plan and the four feature checkboxes go with the advert. */
testarPortal({
  canal: 'meucarronovo',
  nome: 'Na Pista',
  titulo: 'Incluir veículo Na Pista',
  campoTexto: 'Observações',
  campoTextoNoCanal: 'observacoes',
  completar: async (page) => {
    for (const c of ['BLINDADO', 'ADAPTADO PARA PNE', 'ACEITA TROCA', 'DOCUMENTAÇÃO EM DIA'])
      await expect(page.getByRole('checkbox', { name: c })).toBeVisible();
    await page.getByRole('checkbox', { name: 'ACEITA TROCA' }).check();
    await escolherOpcao(page, 'Anúncio', 'Simples (50 disponíveis)');
  },
});
