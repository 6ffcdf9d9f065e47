import { z } from 'zod';
import { envelopeSucesso } from './comum.ts';
import { CANAIS } from './constantes.ts';

/** "Marcar como vendido" (issue 16): the sale, its adverts taken down from every channel, the sold post. */
export const MENSAGENS_VENDA = {
  confirmar: 'Confirma que este veículo foi vendido?',
  canaisPublicados: 'Os anúncios serão retirados destes canais:',
  semCanais: 'Este veículo não está publicado em nenhum canal.',
  publicarVendido: 'Publicar vendido',
  publicarVendidoDescricao: 'Cria um vendido com a primeira foto e o texto de vendidos da revenda e o publica nas redes configuradas.',
  vendido: 'Veículo marcado como vendido. Os anúncios estão sendo retirados dos canais.',
  /** A sale of a vehicle published on no channel: nothing is being removed. */
  vendidoSemCanais: 'Venda registrada.',
  podeDesfazerHoje: 'A venda pode ser desfeita até o fim do dia.',
  jaVendido: 'Este veículo já está marcado como vendido.',
  veiculoRemovido: 'Um veículo removido não pode ser marcado como vendido.',
  naoVendido: 'Este veículo não está marcado como vendido.',
  foraDoDia: 'A venda só pode ser desfeita no mesmo dia em que foi marcada.',
  confirmarDesfazer: 'Desfazer a venda deste veículo? Os anúncios já retirados não serão publicados de novo automaticamente.',
  desfeito:
    'Venda desfeita. Os anúncios retirados não são publicados de novo automaticamente: publique o veículo outra vez em cada canal, se quiser.',
  naoFalhou: 'A retirada deste anúncio não falhou: não há o que tentar de novo.',
  tentarDeNovo: 'A retirada do anúncio será tentada de novo.',
  manual: (canal: string) => `${canal} não permite excluir a publicação pela integração: remova-a também no aplicativo.`,
  aguardandoEnvio: 'Aguardando a confirmação do envio que estava em andamento.',
  aguardandoAlteracao: 'Aguardando a conclusão da alteração do anúncio que estava em andamento.',
  aguardandoExclusao: 'Aguardando a conclusão da exclusão do anúncio que estava em andamento.',
  semFoto: 'O veículo não tem foto: o vendido não foi criado.',
  semRedes: 'Nenhuma rede social ativa: o vendido foi criado, mas não publicado.',
} as const;

export const ESTADOS_REMOCAO = ['removendo', 'removido', 'falhou'] as const;
export type EstadoRemocao = (typeof ESTADOS_REMOCAO)[number];
export const ROTULO_ESTADO_REMOCAO: Record<EstadoRemocao, string> = { removendo: 'Removendo', removido: 'Removido', falhou: 'Falhou' };

export const venderEntrada = z.object({
  publicar_vendido: z.boolean().default(false).describe('Criar e publicar um vendido com a primeira foto do veículo'),
});
export type VenderEntrada = z.infer<typeof venderEntrada>;

/** One channel's removal after the sale. */
export const remocaoVenda = z.object({
  canal: z.enum(CANAIS),
  descricao: z.string(),
  estado: z.enum(ESTADOS_REMOCAO),
  manual: z.boolean().describe('O canal não permite excluir pela integração (Instagram): remover também no aplicativo'),
  ultimo_erro: z.string().nullable(),
  tentativas: z.number().int(),
  removido_em: z.string().nullable(),
});
export type RemocaoVenda = z.infer<typeof remocaoVenda>;

/** The sale of a vehicle, as the view shows it (null when the vehicle was not marked sold from the panel). */
export const vendaVeiculo = z.object({
  vendido_em: z.string(),
  pode_desfazer: z.boolean().describe('Ainda é o mesmo dia da venda (America/Sao_Paulo)'),
  publicar_vendido: z.boolean(),
  vendido_id: z.string().nullable().describe('O vendido criado pela venda'),
  vendido_erro: z.string().nullable(),
  remocoes: z.array(remocaoVenda),
});
export type VendaVeiculo = z.infer<typeof vendaVeiculo>;

export const vendaResposta = envelopeSucesso(z.object({ mensagem: z.string(), venda: vendaVeiculo }));
export const mensagemVendaResposta = envelopeSucesso(z.object({ mensagem: z.string() }));

/** Dealer dashboard: a sale of the last 30 days and how long its adverts took to come down. */
export const vendaRecente = z.object({
  id_veiculo: z.string(),
  veiculo: z.string(),
  vendido_em: z.string(),
  canais: z.number().int(),
  removidos: z.number().int(),
  /** Seconds from "vendido" to the last channel removed; null while some advert is still online. */
  segundos_ate_remover: z.number().int().nullable(),
});
export type VendaRecente = z.infer<typeof vendaRecente>;
export const vendasRecentesResposta = envelopeSucesso(z.array(vendaRecente));

/** Admin home: vehicles sold more than an hour ago whose adverts are still online. */
export const vendaComAnuncios = z.object({
  id_veiculo: z.string(),
  id_revenda: z.string(),
  revenda: z.string(),
  veiculo: z.string(),
  vendido_em: z.string(),
  canais: z.array(z.enum(CANAIS)),
});
export type VendaComAnuncios = z.infer<typeof vendaComAnuncios>;
export const vendasComAnunciosResposta = envelopeSucesso(z.array(vendaComAnuncios));
