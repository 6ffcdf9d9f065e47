import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

/** Same amount (a pending "75990," is the same as 75990; '' and nothing are the same). */
const mesmoValor = (a: unknown, b: unknown) => {
  const n = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
  return n(a) === n(b);
};

/**
 * Money input in reais (spec 1 §5, §9): prefix "R$ ", dot for thousands, comma for decimals, always
 * 2 decimals, no negative values. The value is a number or, once typed, a decimal string such as "1234.50"
 * ('' when empty), which the contract's money field accepts as is.
 *
 * What is being typed stays in local state: the form's echo of the previous keystroke ("75990" while the
 * text is already "75990,") must not overwrite it, which lost the comma when typing fast. A value set from
 * outside (a different amount) replaces it.
 */
export function MoedaInput({ value, onChange, ...props }: NumberInputProps) {
  const [digitado, setDigitado] = useState<string | number>(value ?? '');
  const [externo, setExterno] = useState(value);
  if (externo !== value) {
    setExterno(value);
    if (!mesmoValor(value, digitado)) setDigitado(value ?? '');
  }
  return (
    <NumberInput
      prefix="R$ "
      thousandSeparator="."
      decimalSeparator=","
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      hideControls
      inputMode="decimal"
      placeholder="R$ 0,00"
      {...props}
      value={digitado}
      onChange={(v) => {
        setDigitado(v);
        onChange?.(v);
      }}
    />
  );
}
