import { z } from 'zod';

/**
 * Sync of published adverts (issue 24 item 1): per reseller, "automático" (after every save the adverts are updated
 * at their channels) or "perguntar" (the vehicle view offers "Atualizar em todos os canais").
 */
export const MODOS_SINCRONIZACAO = ['automatico', 'perguntar'] as const;
export type ModoSincronizacao = (typeof MODOS_SINCRONIZACAO)[number];
export const modoSincronizacao = z.enum(MODOS_SINCRONIZACAO, 'Escolha "automático" ou "perguntar".');
export const corpoSincronizacao = z.strictObject({ sincronizacao: modoSincronizacao });

export const MENSAGENS_SINCRONIZACAO = {
  semAtualizacao: 'Este canal não permite atualizar o anúncio: exclua e publique de novo.',
  instagram: 'O Instagram não permite editar uma publicação.',
  naoConfirmada: (canal: string, detalhe?: string) =>
    `${canal} não confirmou a atualização do anúncio${detalhe ? ` (${detalhe})` : ''}. Ela será enviada de novo na próxima verificação.`,
  pedida: 'Atualização dos anúncios iniciada.',
  nadaAAtualizar: 'Nenhum anúncio deste veículo precisa ser atualizado.',
  atualizavel: (canal: string) => `${canal} atualiza o anúncio: use "Atualizar em todos os canais" ou "Tentar de novo".`,
  antigaNoAplicativo: (canal: string) => `${canal} não permite excluir a publicação antiga pela integração: remova-a no aplicativo.`,
  vendido: 'O anúncio de um veículo vendido não é atualizado: ele está sendo retirado dos canais.',
} as const;
