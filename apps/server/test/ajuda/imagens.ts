import { crc32 } from 'node:zlib';

/** A PNG of a few bytes that declares `w`×`h` pixels (its header only, and an empty image data chunk). */
export function pngDeclarado(w: number, h: number) {
  const bloco = (tipo: string, dados: Buffer) => {
    const corpo = Buffer.concat([Buffer.from(tipo, 'latin1'), dados]);
    const tam = Buffer.alloc(4);
    tam.writeUInt32BE(dados.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(corpo));
    return Buffer.concat([tam, corpo, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const assinatura = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([assinatura, bloco('IHDR', ihdr), bloco('IDAT', Buffer.alloc(0)), bloco('IEND', Buffer.alloc(0))]);
}
