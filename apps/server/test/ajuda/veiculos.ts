import path from 'node:path';
import sharp from 'sharp';
import { ArmazenamentoLocal } from '../../src/midia/armazenamento.ts';
import { salvarImagemEnviada } from '../../src/midia/imagens-enviadas.ts';
import { VEICULO_EXEMPLO } from '../acesso.matriz.ts';
import { type Ambiente, type Credencial, cabecalhos } from './ambiente.ts';

export { VEICULO_EXEMPLO };

/** Calls the API as `c` (cookie + CSRF). */
export const chamarComo =
  (amb: Ambiente) => (metodo: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, c: Credencial | null, payload?: unknown) =>
    amb.app.inject({ method: metodo, url, headers: cabecalhos(c), payload: payload as object });

/**
 * Stores a photo for a reseller as the upload route does (its folder with original, display and thumbnail under
 * `revendas/{id}/veiculo/`) and answers the entry the vehicle form sends.
 */
export async function fotoDaRevenda(amb: Ambiente, idRevenda: string, nome: string, cor = '#c0392b') {
  const armazenamento = new ArmazenamentoLocal(path.join(amb.config.dataDir, 'arquivos'));
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: cor } })
    .jpeg()
    .toBuffer();
  const renditions = { formato: 'jpeg' as const, original: jpeg, exibicao: jpeg, miniatura: jpeg, moldura: null };
  return salvarImagemEnviada(armazenamento, { idRevenda, tipo: 'veiculo', nome: `${nome}.jpg`, renditions });
}
