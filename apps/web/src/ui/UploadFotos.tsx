import { ActionIcon, Alert, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconGripVertical, IconTrash, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { LIMITE_FOTO_TEXTO, recusaDeFoto } from '@/lib/upload';
import { mensagemDoErro } from './AlertaErro';
import { Miniatura } from './Miniatura';

/** What the uploader needs of a stored photo. */
export type FotoBasica = { fileName: string; fileUrl: string; fileThumb?: string | null };

type Envio = { id: number; nome: string; percentual: number };

export const TIPOS_IMAGEM = 'image/jpeg,image/png,image/webp';
const ENVIOS_SIMULTANEOS = 3;

type Props<T extends FotoBasica> = {
  /** Label of the picker and accessible name of the photo list. */
  rotulo: string;
  fotos: readonly T[];
  aoMudar: (fotos: T[]) => void;
  /** Uploads one file, reporting 0–100; resolves with the stored photo. */
  enviar: (arquivo: File, aoProgresso: (percentual: number) => void) => Promise<T>;
  /** Called with true while any upload runs (forms block Gravar meanwhile). */
  aoEnviar?: (enviando: boolean) => void;
  multiplo?: boolean;
  aceitar?: string;
  alturaMiniatura?: number;
  desabilitado?: boolean;
  erro?: string;
};

/** Moves the item at `de` to position `para` (a new array). */
export function mover<T>(lista: readonly T[], de: number, para: number): T[] {
  const copia = [...lista];
  if (de < 0 || de >= copia.length || para < 0 || para >= copia.length || de === para) return copia;
  const [item] = copia.splice(de, 1) as [T];
  copia.splice(para, 0, item);
  return copia;
}

/**
 * Photo uploader: several files at once (each up to LIMITES_IMAGEM, checked before sending; a progress bar per
 * file, at most three uploads at a time, photos
 * added in the order they were chosen), ordering by dragging a thumbnail or with the move buttons (keyboard),
 * and removal of one photo. A failed upload shows the server's message and leaves the others alone.
 */
export function UploadFotos<T extends FotoBasica>({
  rotulo,
  fotos,
  aoMudar,
  enviar,
  aoEnviar,
  multiplo = true,
  aceitar = TIPOS_IMAGEM,
  alturaMiniatura = 80,
  desabilitado = false,
  erro,
}: Props<T>) {
  const [envios, setEnvios] = useState<Envio[]>([]);
  const [falhas, setFalhas] = useState<string[]>([]);
  const [arrastando, setArrastando] = useState<number | null>(null);
  const [anuncio, setAnuncio] = useState('');
  // The latest list, so that uploads finishing later add to what is there then (not to a stale copy).
  const atuais = useRef(fotos);
  atuais.current = fotos;
  const proximoId = useRef(1);

  useEffect(() => aoEnviar?.(envios.length > 0), [envios.length, aoEnviar]);

  const escolher = async (arquivos: File[] | File | null) => {
    const escolhidos = arquivos === null ? [] : Array.isArray(arquivos) ? arquivos : [arquivos];
    // Too large for the server: refused here at once with its message, never uploaded.
    const recusas = escolhidos.flatMap((a) => {
      const recusa = recusaDeFoto(a);
      return recusa ? [`${a.name}: ${recusa}`] : [];
    });
    setFalhas(recusas);
    const lista = escolhidos.filter((a) => !recusaDeFoto(a));
    if (lista.length === 0) return;
    const lote = lista.map((arquivo) => ({ arquivo, id: proximoId.current++ }));
    setEnvios((e) => [...e, ...lote.map(({ arquivo, id }) => ({ id, nome: arquivo.name, percentual: 0 }))]);
    const resultados: (T | null | undefined)[] = lote.map(() => undefined);
    let entregues = 0;
    // Finished photos join the list in the order chosen: each waits for the ones before it.
    const entregar = () => {
      const novas: T[] = [];
      while (entregues < resultados.length && resultados[entregues] !== undefined) {
        const r = resultados[entregues++];
        if (r) novas.push(r);
      }
      if (novas.length === 0) return;
      // Two uploads may finish before the next render: the ref carries the list just handed over.
      const lista = [...atuais.current, ...novas];
      atuais.current = lista;
      aoMudar(lista);
    };
    let seguinte = 0;
    const trabalhador = async () => {
      while (seguinte < lote.length) {
        const i = seguinte++;
        const { arquivo, id } = lote[i] as (typeof lote)[number];
        try {
          resultados[i] = await enviar(arquivo, (percentual) => setEnvios((e) => e.map((x) => (x.id === id ? { ...x, percentual } : x))));
        } catch (falha) {
          console.error(`Falha ao enviar ${arquivo.name}`, falha);
          resultados[i] = null;
          setFalhas((f) => [...f, `${arquivo.name}: ${mensagemDoErro(falha)}`]);
        }
        setEnvios((e) => e.filter((x) => x.id !== id));
        entregar();
      }
    };
    await Promise.all(Array.from({ length: Math.min(ENVIOS_SIMULTANEOS, lote.length) }, trabalhador));
  };

  const reordenar = (de: number, para: number) => {
    aoMudar(mover(fotos, de, para));
    setAnuncio(`Foto ${de + 1} movida para a posição ${para + 1}.`);
  };
  const remover = (i: number) => {
    aoMudar(fotos.filter((_, j) => j !== i));
    setAnuncio(`Foto ${i + 1} removida.`);
  };
  const soltar = (e: DragEvent, alvo: number) => {
    e.preventDefault();
    if (arrastando !== null) reordenar(arrastando, alvo);
    setArrastando(null);
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <FileButton onChange={(a) => void escolher(a)} accept={aceitar} multiple={multiplo} disabled={desabilitado}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} disabled={desabilitado}>
              {rotulo}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="gray.7">
          JPEG, PNG ou WebP {LIMITE_FOTO_TEXTO}
          {multiplo ? '; escolha várias de uma vez' : ''}. Arraste as fotos ou use as setas para ordenar.
        </Text>
      </Group>
      {envios.map((e) => (
        <div key={e.id}>
          <Text size="sm">Carregando imagem... {e.nome}</Text>
          <Progress value={e.percentual} aria-label={`Envio de ${e.nome}`} size="lg" animated striped />
        </div>
      ))}
      {falhas.map((f) => (
        <Alert key={f} color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {f}
        </Alert>
      ))}
      {erro && (
        <Text size="sm" c="red.9" role="alert">
          {erro}
        </Text>
      )}
      <Group component="ul" aria-label={rotulo} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {fotos.map((f, i) => (
          <Paper
            component="li"
            key={f.fileUrl}
            withBorder
            p={4}
            draggable={!desabilitado}
            onDragStart={(e: DragEvent) => {
              e.dataTransfer.effectAllowed = 'move';
              setArrastando(i);
            }}
            onDragOver={(e: DragEvent) => e.preventDefault()}
            onDrop={(e: DragEvent) => soltar(e, i)}
            onDragEnd={() => setArrastando(null)}
            aria-label={`Foto ${i + 1} de ${fotos.length}`}
            data-foto={f.fileName}
            style={{ opacity: arrastando === i ? 0.5 : 1, cursor: 'grab' }}
          >
            <Stack gap={4} align="center">
              <Group gap={2} wrap="nowrap">
                <IconGripVertical size={14} aria-hidden color="var(--mantine-color-gray-7)" />
                <Miniatura src={f.fileThumb || f.fileUrl} alt={`Foto ${i + 1}`} altura={alturaMiniatura} largura={alturaMiniatura * 1.5} />
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="sm"
                  aria-label={`Mover foto ${i + 1} para a esquerda`}
                  disabled={desabilitado || i === 0}
                  onClick={() => reordenar(i, i - 1)}
                >
                  <IconArrowLeft size={14} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="sm"
                  aria-label={`Mover foto ${i + 1} para a direita`}
                  disabled={desabilitado || i === fotos.length - 1}
                  onClick={() => reordenar(i, i + 1)}
                >
                  <IconArrowRight size={14} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="light"
                  color="red"
                  size="sm"
                  aria-label={`Remover foto ${i + 1}`}
                  disabled={desabilitado}
                  onClick={() => remover(i)}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Group>
      <div aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {anuncio}
      </div>
    </Stack>
  );
}
