import { Box, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

export const IMAGEM_NAO_CARREGOU = 'Imagem não carregou no servidor';

type Props = {
  src: string | null | undefined;
  alt: string;
  /** Largest box the image fits in, px (spec 2 §9: lists at most 100×80; forms 80 px high). */
  largura?: number;
  altura?: number;
};

/**
 * A thumbnail that never shows a broken image: when the address is missing or the file does not load,
 * the spec's placeholder text takes its place (spec 2 §8 "Imagem não carregou no servidor").
 */
export function Miniatura({ src, alt, largura = 100, altura = 80 }: Props) {
  const [falhou, setFalhou] = useState<string | null>(null);
  if (!src || falhou === src) {
    return (
      <Box
        title={IMAGEM_NAO_CARREGOU}
        w={largura}
        h={altura}
        style={{
          display: 'inline-flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 2,
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 4,
          overflow: 'hidden',
          verticalAlign: 'middle',
        }}
      >
        <IconPhotoOff size={16} aria-hidden color="var(--mantine-color-gray-7)" />
        <Text size="9px" lh={1.1} ta="center" c="gray.8" style={{ whiteSpace: 'normal' }}>
          {IMAGEM_NAO_CARREGOU}
        </Text>
      </Box>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFalhou(src)}
      style={{ maxWidth: largura, maxHeight: altura, objectFit: 'contain', verticalAlign: 'middle' }}
    />
  );
}
