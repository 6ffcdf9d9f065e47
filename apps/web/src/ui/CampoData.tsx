import { ActionIcon, Popover, Skeleton, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type ChangeEvent, lazy, Suspense, useEffect, useState } from 'react';
import { proximoValor } from './MascaraInput';

const SeletorDia = lazy(() => import('./SeletorDia'));

/** The dd/mm/aaaa mask, applied while typing: at most 8 digits. */
export function formatarData(valor: string): string {
  const d = valor.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** A whole day typed as dd/mm/aaaa, as its ISO day (YYYY-MM-DD); null while incomplete or not a real day. */
export function lerDia(texto: string): string | null {
  const m = /^\s*(\d{2})\/(\d{2})\/(\d{4})\s*$/.exec(texto);
  if (!m) return null;
  const [, d, mes, a] = m;
  const iso = `${a}-${mes}-${d}`;
  const data = new Date(`${iso}T00:00:00Z`);
  // 31/04 and the like roll over to another day: not a real day.
  return Number.isNaN(data.getTime()) || data.toISOString().slice(0, 10) !== iso ? null : iso;
}

const paraTexto = (dia: string) => (/^\d{4}-\d{2}-\d{2}$/.test(dia) ? `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}` : '');

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'label'> & {
  label: string;
  /** The ISO day (YYYY-MM-DD), '' when empty. */
  value: string;
  onChange: (dia: string) => void;
};

/**
 * A day, typed as dd/mm/aaaa (masked) or picked in a calendar, in Portuguese whatever the browser's language (a
 * native date input follows the browser's: mm/dd/yyyy on one in English). The value changes only once the typed day
 * is whole and real, never on a half-typed one; emptied, it is ''.
 */
export function CampoData({ label, value, onChange, error, ...props }: Props) {
  const [texto, setTexto] = useState(() => paraTexto(value));
  const [aberto, setAberto] = useState(false);
  // A change from outside (filters cleared, a day picked): the text follows, unless it already says that day.
  useEffect(() => {
    setTexto((t) => (lerDia(t) === value ? t : paraTexto(value)));
  }, [value]);
  const invalido = texto.length === 10 && lerDia(texto) === null;
  const mudar = (e: ChangeEvent<HTMLInputElement>) => {
    const tipo = (e.nativeEvent as InputEvent).inputType;
    const novo = proximoValor(formatarData, texto, e.currentTarget.value, tipo ? tipo.startsWith('delete') : undefined);
    setTexto(novo);
    const dia = lerDia(novo);
    if (novo === '') onChange('');
    else if (dia) onChange(dia);
  };
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      value={texto}
      onChange={mudar}
      error={error ?? (invalido ? 'Data inválida (dd/mm/aaaa).' : undefined)}
      rightSectionPointerEvents="all"
      rightSection={
        // The calendar hangs from its button (a text box may not carry aria-expanded).
        <Popover opened={aberto} onChange={setAberto} position="bottom-end" trapFocus returnFocus withinPortal>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Escolher a data "${label}" no calendário`}
              onClick={() => setAberto((a) => !a)}
            >
              <IconCalendar size={16} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            {aberto && (
              <Suspense fallback={<Skeleton w={252} h={272} />}>
                <SeletorDia
                  dia={lerDia(texto)}
                  escolher={(dia) => {
                    setTexto(paraTexto(dia));
                    onChange(dia);
                    setAberto(false);
                  }}
                />
              </Suspense>
            )}
          </Popover.Dropdown>
        </Popover>
      }
      {...props}
    />
  );
}
