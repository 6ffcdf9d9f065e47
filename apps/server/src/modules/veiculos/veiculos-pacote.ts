import type { Readable } from 'node:stream';
import type { Veiculo } from '@intermedio/contracts';
import { ZipFile } from 'yazl';
import type { Armazenamento } from '../../midia/armazenamento.ts';
import { chaveDoOriginal } from '../../midia/imagens-enviadas.ts';
import { nomeDeArquivo, textoDoVeiculo } from './veiculos.texto.ts';

export const ARQUIVO_DADOS = 'dados_do_veiculo.txt';

/** `Content-Disposition` of a download: an ASCII name plus the UTF-8 one. */
export const anexo = (nome: string) =>
  `attachment; filename="${nome.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(nome)}`;

export const nomeDoPacote = (v: Veiculo) => `Veiculo_${nomeDeArquivo(`${v.vefipe_marca} ${v.vefipe_name} ${v.vefipe_ano_modelo}`)}.zip`;

/**
 * The vehicle package (spec 2 §7 "download a vehicle package"): a zip with the data as Portuguese text and the
 * original photos, streamed while it is built (each original is piped from storage, never held whole in memory).
 * A photo whose file is missing is listed in the text instead of failing the download.
 */
export function pacoteDoVeiculo(
  v: Veiculo,
  idRevenda: string,
  revenda: string,
  armazenamento: Armazenamento,
  log: (m: string) => void,
): Readable {
  const zip = new ZipFile();
  const saida = zip.outputStream as Readable;
  void (async () => {
    const faltando: string[] = [];
    const fotos: { nome: string; corpo: Readable }[] = [];
    for (const [i, im] of v.imagens.entries()) {
      const chave = await chaveDoOriginal(armazenamento, { ...im, imagem: im.imagem ?? undefined }, idRevenda).catch(() => null);
      const aberto = chave ? await armazenamento.abrir(chave).catch(() => null) : null;
      const extensao = chave?.match(/\.(\w+)$/)?.[1] ?? 'jpg';
      const nome = `foto_${String(i + 1).padStart(2, '0')}.${extensao}`;
      if (aberto) fotos.push({ nome, corpo: aberto.corpo });
      else faltando.push(`${nome} (${im.fileName})`);
    }
    const texto = textoDoVeiculo(v, revenda) + (faltando.length ? `Fotos indisponíveis: ${faltando.join(', ')}\r\n` : '');
    zip.addBuffer(Buffer.from(texto, 'utf8'), ARQUIVO_DADOS);
    // Photos are already compressed: stored as they are.
    for (const f of fotos) zip.addReadStream(f.corpo, f.nome, { compress: false });
    zip.end();
  })().catch((e: unknown) => {
    log(`falha ao montar o pacote do veículo ${v.id}: ${String(e)}`);
    saida.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return saida;
}
