import { MASCARA_CEP, MASCARA_TELEFONE, mascararCnpj, mascararCpfCnpj } from '@intermedio/contracts';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

const digitos = (texto: string) => texto.replace(/\D/g, '');

/**
 * Phone mask (99) 99999-9999 (spec 1 §9), applied while typing: up to 10 digits it follows the landline
 * form (99) 9999-9999, with 11 digits the mobile form. Anything but digits is ignored; at most 11 digits.
 */
export function formatarTelefone(valor: string | null | undefined): string {
  const d = digitos(valor ?? '').slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const ddd = `(${d.slice(0, 2)}) `;
  if (d.length <= 6) return ddd + d.slice(2);
  if (d.length <= 10) return `${ddd}${d.slice(2, 6)}-${d.slice(6)}`;
  return `${ddd}${d.slice(2, 7)}-${d.slice(7)}`;
}

/** CEP mask 99999-999 (spec 1 §9), applied while typing; at most 8 digits. */
export function formatarCep(valor: string | null | undefined): string {
  const d = digitos(valor ?? '').slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

/**
 * The next masked value after the user edited `anterior` into `bruto`. Deleting only a mask character
 * (a parenthesis, space or hyphen) with backspace also deletes the digit before it, otherwise backspace would get
 * stuck. Only a deletion counts (`apagou`, from the input event): pasting or typing the bare digits over the same
 * masked value keeps them all.
 */
export function proximoValor(
  formatar: (v: string) => string,
  anterior: string,
  bruto: string,
  apagou = bruto.length < anterior.length,
): string {
  let d = digitos(bruto);
  if (apagou && bruto.length < anterior.length && d === digitos(anterior)) d = d.slice(0, -1);
  return formatar(d);
}

export type MascaraInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value?: string | null;
  /** Receives the masked text (what the API expects, e.g. "(11) 98765-4321"). */
  onChange?: (valor: string) => void;
};

function MascaraInput({ formatar, value, onChange, ...props }: MascaraInputProps & { formatar: (v: string) => string }) {
  const atual = formatar(value ?? '');
  return (
    <TextInput
      {...props}
      value={atual}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        const tipo = (e.nativeEvent as InputEvent).inputType;
        // jsdom and some older browsers give no inputType: then a shorter value is read as a deletion.
        const apagou = tipo ? tipo.startsWith('delete') : undefined;
        onChange?.(proximoValor(formatar, atual, e.currentTarget.value, apagou));
      }}
    />
  );
}

/** Text input with the phone mask (99) 99999-9999. */
export function TelefoneInput(props: MascaraInputProps) {
  return (
    <MascaraInput type="tel" inputMode="tel" autoComplete="tel" placeholder={MASCARA_TELEFONE} {...props} formatar={formatarTelefone} />
  );
}

/** Text input with the CEP mask 99999-999. */
export function CepInput(props: MascaraInputProps) {
  return <MascaraInput inputMode="numeric" autoComplete="postal-code" placeholder={MASCARA_CEP} {...props} formatar={formatarCep} />;
}

/** CPF or CNPJ, masked while typing (000.000.000-00 up to 11 digits, then 00.000.000/0000-00). */
export function CpfCnpjInput(props: MascaraInputProps) {
  return <MascaraInput inputMode="numeric" autoComplete="off" {...props} formatar={mascararCpfCnpj} />;
}

/** CNPJ masked while typing (00.000.000/0000-00); pasting the punctuated or the bare form both work. */
export function CnpjInput(props: MascaraInputProps) {
  return <MascaraInput inputMode="numeric" autoComplete="off" {...props} formatar={mascararCnpj} />;
}
