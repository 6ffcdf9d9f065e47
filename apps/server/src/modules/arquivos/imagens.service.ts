import { MENSAGENS_REVENDA, type TipoImagem } from '@intermedio/contracts';
import type { Db } from '../../db/cliente.ts';
import { naoEncontrado } from '../../lib/http.ts';
import { type Armazenamento, lerArquivo } from '../../midia/armazenamento.ts';
import { salvarImagemEnviada } from '../../midia/imagens-enviadas.ts';
import { registrarEnvio } from '../../midia/orfaos.ts';
import { type Moldura, processarImagem } from '../../midia/pipeline.ts';
import { type RevendaRegistro, revendasRepository } from '../revendas/revendas.repository.ts';

/** Photos of vehicles, sold items and banners of a reseller: pipeline (pipeline.ts) then storage. */
export function criarImagensService(db: Db, armazenamento: Armazenamento, log: (m: string) => void) {
  /**
   * The frame for this kind of image (spec 1 §5). vendido uses the sold-item frame, banner none. A footer image is
   * read only from this product's storage (no address outside it is ever fetched); when it is missing the photo
   * goes unframed rather than failing the upload.
   */
  async function molduraDe(revenda: RevendaRegistro, tipo: TipoImagem): Promise<Moldura | null> {
    if (tipo === 'banner') return null;
    const veiculo = tipo === 'veiculo';
    const tipoMoldura = veiculo ? revenda.tipo_moldura_veiculo : revenda.tipo_moldura_vendido;
    if (tipoMoldura === 'personalizada') {
      const transformacao = veiculo ? revenda.transformation : revenda.transformation_vendidos;
      return transformacao?.trim() ? { tipo: 'personalizada', transformacao } : null;
    }
    if (tipoMoldura !== 'imagem_rodape') return null;
    const url = veiculo ? revenda.imagem_moldura_veiculo : revenda.imagem_moldura_vendido;
    const chave = url ? armazenamento.chaveDaUrl(url) : null;
    const imagem = chave ? await lerArquivo(armazenamento, chave) : null;
    if (!imagem) {
      log(`moldura ${tipo} da revenda ${revenda.id} indisponível (${url ?? 'sem endereço'}): imagem enviada sem moldura`);
      return null;
    }
    return { tipo: 'imagem_rodape', imagem };
  }

  return {
    async enviar(idRevenda: string, tipo: TipoImagem, arquivo: { dados: Buffer; nome: string | undefined }) {
      const revenda = await revendasRepository.buscar(db, idRevenda);
      if (!revenda) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      const renditions = await processarImagem(arquivo.dados, await molduraDe(revenda, tipo));
      const enviada = await salvarImagemEnviada(armazenamento, { idRevenda, tipo, nome: arquivo.nome, renditions });
      await registrarEnvio(db, armazenamento, enviada.imagem, { pasta: true });
      return enviada;
    },
  };
}
export type ImagensService = ReturnType<typeof criarImagensService>;
