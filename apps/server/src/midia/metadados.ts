import { MENSAGENS_MIDIA } from '@intermedio/contracts';
import { ErroHttp } from '../lib/http.ts';
import type { FormatoOriginal } from './pipeline.ts';

/**
 * Removes metadata (EXIF with GPS and camera data, XMP, IPTC, comments, text chunks) from the original file
 * WITHOUT re-encoding it: the pixels stay exactly as uploaded. A JPEG keeps a minimal EXIF holding only its
 * orientation, so viewers still show it upright; colour profiles are kept.
 */
export function limparMetadados(dados: Buffer, formato: FormatoOriginal, orientacao: number | undefined): Buffer {
  try {
    if (formato === 'jpeg') return limparJpeg(dados, orientacao ?? 1);
    if (formato === 'png') return limparPng(dados);
    return limparWebp(dados);
  } catch {
    throw new ErroHttp(400, MENSAGENS_MIDIA.corrompida);
  }
}

function exifSoOrientacao(orientacao: number): Buffer {
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // big-endian TIFF header, IFD0 at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    orientacao >> 8,
    orientacao & 0xff,
    0x00,
    0x00, // Orientation, SHORT
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  const corpo = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const cabecalho = Buffer.from([0xff, 0xe1, (corpo.length + 2) >> 8, (corpo.length + 2) & 0xff]);
  return Buffer.concat([cabecalho, corpo]);
}

/** Keeps APP0 (JFIF), APP2 ICC_PROFILE, APP14 (Adobe colour transform) and every coding segment; stops at EOI. */
function limparJpeg(d: Buffer, orientacao: number): Buffer {
  const saida: Buffer[] = [d.subarray(0, 2)];
  let i = 2;
  let exifPosto = orientacao <= 1;
  for (;;) {
    if (d[i] !== 0xff) throw new Error('marcador esperado');
    const marcador = d[i + 1] ?? -1;
    if (marcador === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marcador === 0xd9) {
      saida.push(d.subarray(i, i + 2)); // EOI: anything appended after it (e.g. extra pictures) is dropped
      return Buffer.concat(saida);
    }
    if (marcador < 0) throw new Error('fim inesperado');
    const tamanho = d.readUInt16BE(i + 2);
    const fim = i + 2 + tamanho;
    if (fim > d.length) throw new Error('segmento truncado');
    const segmento = d.subarray(i, fim);
    const app = marcador >= 0xe0 && marcador <= 0xef;
    const manter = !app
      ? marcador !== 0xfe
      : marcador === 0xe0 || marcador === 0xee || (marcador === 0xe2 && segmento.subarray(4, 15).toString('latin1') === 'ICC_PROFILE');
    if (!exifPosto && marcador !== 0xe0) {
      saida.push(exifSoOrientacao(orientacao));
      exifPosto = true;
    }
    if (manter) saida.push(segmento);
    i = fim;
    if (marcador === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      let j = d.indexOf(0xff, i);
      while (j >= 0 && j < d.length - 1 && (d[j + 1] === 0x00 || ((d[j + 1] ?? 0) >= 0xd0 && (d[j + 1] ?? 0) <= 0xd7)))
        j = d.indexOf(0xff, j + 2);
      if (j < 0 || j >= d.length - 1) throw new Error('dados truncados');
      saida.push(d.subarray(i, j));
      i = j;
    }
  }
}

const PNG_DESCARTAR = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
function limparPng(d: Buffer): Buffer {
  const saida: Buffer[] = [d.subarray(0, 8)];
  let i = 8;
  while (i < d.length) {
    const tamanho = d.readUInt32BE(i);
    const tipo = d.subarray(i + 4, i + 8).toString('latin1');
    const fim = i + 12 + tamanho;
    if (fim > d.length) throw new Error('bloco truncado');
    if (!PNG_DESCARTAR.has(tipo)) saida.push(d.subarray(i, fim));
    i = fim;
    if (tipo === 'IEND') break;
  }
  return Buffer.concat(saida);
}

function limparWebp(d: Buffer): Buffer {
  const blocos: Buffer[] = [];
  let i = 12;
  while (i + 8 <= d.length) {
    const tipo = d.subarray(i, i + 4).toString('latin1');
    const tamanho = d.readUInt32LE(i + 4);
    const fim = i + 8 + tamanho + (tamanho % 2);
    if (i + 8 + tamanho > d.length) throw new Error('bloco truncado');
    if (tipo !== 'EXIF' && tipo !== 'XMP ') {
      const bloco = Buffer.from(d.subarray(i, Math.min(fim, d.length)));
      if (tipo === 'VP8X') bloco[8] = (bloco[8] ?? 0) & ~0x0c; // the flags no longer announce EXIF / XMP
      blocos.push(bloco);
    }
    i = fim;
  }
  const corpo = Buffer.concat(blocos);
  const cabecalho = Buffer.alloc(12);
  cabecalho.write('RIFF', 0, 'latin1');
  cabecalho.writeUInt32LE(corpo.length + 4, 4);
  cabecalho.write('WEBP', 8, 'latin1');
  return Buffer.concat([cabecalho, corpo]);
}
