import type { ImagemVeiculo } from '@intermedio/contracts';
import { Anchor, Button, Group, Image, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Miniatura } from '@/ui/Miniatura';

type Props = {
  nome: string;
  imagens: readonly ImagemVeiculo[];
  /** The original file's download address (spec 2 §2: "Baixar foto N"). */
  urlOriginal: (idImagem: string) => string;
};

/**
 * The view's photos (issue 25 item 5): the first as the cover, every photo as a thumbnail with its "Baixar foto N"
 * link, and a lightbox (prev / next buttons, ← / → keys, Esc closes) that also offers the download.
 */
export function GaleriaVeiculo({ nome, imagens, urlOriginal }: Props) {
  const [aberta, setAberta] = useState<number | null>(null);
  const total = imagens.length;
  const mover = (passo: number) => setAberta((i) => (i === null ? i : (i + passo + total) % total));

  useEffect(() => {
    if (aberta === null) return;
    const tecla = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') mover(-1);
      else if (e.key === 'ArrowRight') mover(1);
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  });

  const capa = imagens[0];
  const foto = aberta === null ? undefined : imagens[aberta];
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="sm">
        Fotos ({total})
      </Title>
      {!capa ? (
        <Text c="gray.7">Nenhuma foto.</Text>
      ) : (
        <Stack gap="sm">
          <UnstyledButton onClick={() => setAberta(0)} aria-label="Ampliar foto 1" style={{ alignSelf: 'flex-start', maxWidth: '100%' }}>
            {/* 4:3, the shape of a phone's photo and of the portals' pictures: the cover is shown whole, not cropped. */}
            <Image src={capa.fileUrl} alt={`${nome} foto 1`} maw="100%" w={480} style={{ aspectRatio: '4 / 3' }} fit="cover" radius="sm" />
          </UnstyledButton>
          <Group component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Fotos">
            {imagens.map((f, i) => (
              <Stack component="li" key={f.fileUrl} gap={4} align="center">
                <UnstyledButton onClick={() => setAberta(i)} aria-label={`Ampliar foto ${i + 1}`}>
                  <Miniatura src={f.fileThumb || f.fileUrl} alt={`${nome} foto ${i + 1}`} altura={80} largura={120} />
                </UnstyledButton>
                <Anchor href={urlOriginal(f.id)} download size="sm" aria-label={`Baixar foto ${i + 1}`}>
                  Baixar foto {i + 1}
                </Anchor>
              </Stack>
            ))}
          </Group>
        </Stack>
      )}
      <Modal
        opened={foto !== undefined}
        onClose={() => setAberta(null)}
        title={aberta === null ? '' : `${nome} — foto ${aberta + 1} de ${total}`}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        {foto && aberta !== null && (
          <Stack>
            <Image src={foto.fileUrl} alt={`${nome} foto ${aberta + 1}`} mah="70vh" fit="contain" />
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={16} aria-hidden />}
                onClick={() => mover(-1)}
                disabled={total < 2}
              >
                Foto anterior
              </Button>
              <Anchor href={urlOriginal(foto.id)} download aria-label={`Baixar foto ${aberta + 1}`}>
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden />
                  Baixar foto {aberta + 1}
                </Group>
              </Anchor>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={16} aria-hidden />}
                onClick={() => mover(1)}
                disabled={total < 2}
              >
                Próxima foto
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
