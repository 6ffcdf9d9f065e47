import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The product's colours (Mantine blue 8, the theme's primary shade) for the icons and the web manifest. */
export const COR_TEMA = '#1971c2';
export const COR_FUNDO = '#ffffff';

/**
 * The "I" of Intermédio drawn with shapes (no font: the build machine may have none), on a 512 grid.
 * `escala` shrinks the glyph: maskable icons keep it inside the central safe circle.
 */
function svg({ arredondado, escala }: { arredondado: boolean; escala: number }): string {
  const glifo = `<g transform="translate(256 256) scale(${escala}) translate(-256 -256)" fill="#fff">
    <rect x="176" y="96" width="160" height="56" rx="12"/>
    <rect x="220" y="96" width="72" height="320" rx="10"/>
    <rect x="176" y="360" width="160" height="56" rx="12"/>
  </g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${arredondado ? 96 : 0}" fill="${COR_TEMA}"/>${glifo}</svg>`;
}

const png = (conteudo: string, lado: number) => sharp(Buffer.from(conteudo)).resize(lado, lado).png({ compressionLevel: 9 }).toBuffer();

/**
 * Emits the installable panel's icons into the build (`icons/`): 192 and 512 (any purpose, rounded), 512 maskable
 * (full-bleed background, glyph inside the 80 % safe zone) and the 180 px apple-touch icon.
 */
export function icones(): Plugin {
  return {
    name: 'intermedio:icones',
    apply: 'build',
    async generateBundle() {
      const arquivos: [string, Promise<Buffer>][] = [
        ['icons/icone-192.png', png(svg({ arredondado: true, escala: 1 }), 192)],
        ['icons/icone-512.png', png(svg({ arredondado: true, escala: 1 }), 512)],
        ['icons/icone-maskable-512.png', png(svg({ arredondado: false, escala: 0.7 }), 512)],
        ['icons/apple-touch-icon.png', png(svg({ arredondado: false, escala: 0.8 }), 180)],
      ];
      for (const [fileName, source] of arquivos) this.emitFile({ type: 'asset', fileName, source: await source });
    },
  };
}
