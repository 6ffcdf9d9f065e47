import { Group, Text } from '@mantine/core';
import { Moeda } from '@/ui/Formatados';
import { Miniatura } from '@/ui/Miniatura';
import type { DadosIntermedio } from './api';
import type { LinhaPublicacao } from './TelaPublicacao';

type Imagem = { fileUrl: string; fileThumb: string; fileName: string };

const anos = (v: DadosIntermedio) => [v.anoFabricacao, v.anoModelo].filter(Boolean).join('/');

/** Rows every screen shows first, read-only: the vehicle and its price (R$), changed in the app / panel. */
export function linhasDoVeiculo(v: DadosIntermedio): LinhaPublicacao[] {
  return [
    {
      rotulo: 'Veículo',
      intermedio: `${v.marca} ${v.modelo} ${v.versao}`,
      canal: `${v.marca} ${v.modelo} ${v.versao}`,
      somenteLeitura: true,
    },
    { rotulo: 'Ano', intermedio: anos(v), canal: anos(v), somenteLeitura: true },
    { rotulo: 'Preço', intermedio: <Moeda valor={v.valor} />, canal: <Moeda valor={v.valor} />, somenteLeitura: true },
  ];
}

/** The photos the channel receives, as 80 px high thumbnails (spec 3 §2.1). */
export function linhaImagens(imagens: readonly Imagem[]): LinhaPublicacao {
  return {
    rotulo: 'Imagens',
    somenteLeitura: true,
    canal: imagens.length ? (
      <Group gap={6}>
        {imagens.map((i, n) => (
          <Miniatura key={i.fileUrl} src={i.fileThumb || i.fileUrl} alt={`Foto ${n + 1}`} largura={107} altura={80} />
        ))}
      </Group>
    ) : (
      <Text size="sm">Nenhuma foto.</Text>
    ),
  };
}
