import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FiltroAnuncio } from './anuncios';

/** The list's filter set: text, type and the advert chips. */
export type ConjuntoFiltros = { texto: string; tipo: string | null; filtros: FiltroAnuncio[] };
export type FiltroSalvo = ConjuntoFiltros & { nome: string };

/** localStorage key of a user's saved vehicle-list filters (per user: a shared browser keeps them apart). */
export const chaveFiltrosSalvos = (idUsuario: string) => `intermedio:filtros-veiculos:${idUsuario}`;

function ler(chave: string): FiltroSalvo[] {
  try {
    const valor: unknown = JSON.parse(localStorage.getItem(chave) ?? '[]');
    return Array.isArray(valor) ? (valor as FiltroSalvo[]).filter((f) => typeof f?.nome === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Saved filters as chips (issue 25 item 4): the current filter set saved under a name, one chip per saved set to
 * re-apply it and a close button to remove it. Buttons only, so the keyboard reaches everything.
 */
export function FiltrosSalvos({
  idUsuario,
  atual,
  podeSalvar,
  aoAplicar,
}: {
  idUsuario: string;
  atual: ConjuntoFiltros;
  podeSalvar: boolean;
  aoAplicar: (f: ConjuntoFiltros) => void;
}) {
  const chave = chaveFiltrosSalvos(idUsuario);
  const [salvos, setSalvos] = useState(() => ler(chave));
  const [nome, setNome] = useState('');
  const gravar = (lista: FiltroSalvo[]) => {
    setSalvos(lista);
    localStorage.setItem(chave, JSON.stringify(lista));
  };
  const salvar = () => {
    const n = nome.trim();
    if (!n) return;
    gravar([...salvos.filter((f) => f.nome !== n), { nome: n, ...atual }]);
    setNome('');
  };
  return (
    <Group gap="xs" role="group" aria-label="Filtros salvos">
      {salvos.map((f) => (
        <Group key={f.nome} gap={0} wrap="nowrap" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 16 }}>
          <Button size="compact-sm" variant="subtle" radius="xl" onClick={() => aoAplicar(f)} aria-label={`Aplicar filtro ${f.nome}`}>
            {f.nome}
          </Button>
          <CloseButton
            size="sm"
            radius="xl"
            aria-label={`Remover filtro ${f.nome}`}
            onClick={() => gravar(salvos.filter((s) => s.nome !== f.nome))}
          />
        </Group>
      ))}
      {podeSalvar && (
        <Group gap={4} wrap="nowrap">
          <TextInput
            size="xs"
            aria-label="Nome do filtro"
            placeholder="Nome do filtro"
            value={nome}
            onChange={(e) => setNome(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && salvar()}
            w={160}
          />
          <Button size="compact-sm" variant="default" onClick={salvar} disabled={!nome.trim()}>
            Salvar filtro
          </Button>
        </Group>
      )}
    </Group>
  );
}
