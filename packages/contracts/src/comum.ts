import { z } from 'zod';
import { CANAIS } from './constantes.ts';

// Also here, where the schemas always found them (the constants now live in the zod-free constantes.ts).
export { CANAIS, type CanalId } from './constantes.ts';

export const VERSAO_PAINEL = '1.7.0';
export const FUSO_HORARIO = 'America/Sao_Paulo';

/** Every API answer: `{ status, data }` (spec 1 §7). */
export const envelopeSucesso = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('success'), data });
export const envelopeErro = z.object({
  status: z.literal('error'),
  data: z.string().describe('Mensagem em português para o usuário'),
  campos: z.record(z.string(), z.string()).optional().describe('Mensagem por campo, quando a validação falha'),
});
export type EnvelopeErro = z.infer<typeof envelopeErro>;

/** The version a change form read (the record's `updated_at`); a save over a newer one answers 409 (issue 10 item 6). */
export const versaoEntrada = z
  .string('Preenchimento obrigatório')
  .datetime({ offset: true, message: 'Versão inválida.' })
  .describe('updated_at lido; enviar de volta ao alterar');

export const PAPEIS = ['admin', 'gestor', 'client'] as const;
export const papel = z.enum(PAPEIS);
export type Papel = z.infer<typeof papel>;

export const PLANOS = ['basico', 'vendedor', 'familiar', 'showroom', 'concessionaria'] as const;
export const plano = z.enum(PLANOS);
export type Plano = z.infer<typeof plano>;
export const ROTULO_PLANO: Record<Plano, string> = {
  basico: 'Básico',
  vendedor: 'Vendedor',
  familiar: 'Loja familiar',
  showroom: 'Showroom',
  concessionaria: 'Concessionária',
};

export const canal = z.enum(CANAIS);

export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export const uf = z.enum(UFS);

export const FILAS_MODERACAO = ['incluidos', 'vendidos', 'alterados', 'removidos', 'banners'] as const;
export const filaModeracao = z.enum(FILAS_MODERACAO);
export type FilaModeracao = z.infer<typeof filaModeracao>;

export const idParam = z.string().uuid('Identificador inválido');

/**
 * A body naming rows by id (`{ ids }`, 1 to `maximo`), with the words for what they are: a bulk validation, a live
 * list's batch read of the rows a burst of events touched.
 */
export const idsEntrada = (maximo: number, m: { falta: string; vazio: string; demais: string }) =>
  z.object({ ids: z.array(idParam, m.falta).min(1, m.vazio).max(maximo, m.demais) });

/** The most rows a live list reads in one batch request (above it, it downloads the list again). */
export const MAXIMO_LINHAS_AO_VIVO = 1000;
