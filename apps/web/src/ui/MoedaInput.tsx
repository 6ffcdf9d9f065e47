import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

type Valor = NumberInputProps['value'];

const vazio = (v: Valor) => v === undefined || v === null || v === '';
/** Same amount (a pending "75990," is the same as 75990; '' and nothing are the same). */
const mesmoValor = (a: Valor, b: Valor) => (vazio(a) ? null : Number(a)) === (vazio(b) ? null : Number(b));
/** An amount shown with its two decimals ("9.90"); anything that is not a number stays as it is. */
const comCentavos = (v: Valor): string | number => (vazio(v) ? '' : Number.isFinite(Number(v)) ? Number(v).toFixed(2) : (v ?? ''));

/**
 * Money input in reais (spec 1 §5, §9): prefix "R$ ", dot for thousands, comma for decimals, 2 decimals,
 * no negative values. The value is a number or, once typed, a decimal string such as "1234.50" ('' when empty),
 * which the contract's money field accepts as is.
 *
 * The ",00" is added when the field is left, never while typing: padded as you type, a comma typed fast landed
 * before the padded one and was dropped ("1234,56" became "123.456,00"). What is being typed stays in local
 * state, so the form's echo of the previous keystroke cannot overwrite it; a different amount set from outside
 * replaces it.
 */
export function MoedaInput({ value, onChange, onBlur, ...props }: NumberInputProps) {
  const [digitado, setDigitado] = useState<string | number>(() => comCentavos(value));
  const [externo, setExterno] = useState(value);
  if (externo !== value) {
    setExterno(value);
    if (!mesmoValor(value, digitado)) setDigitado(comCentavos(value));
  }
  return (
    <NumberInput
      prefix="R$ "
      thousandSeparator="."
      decimalSeparator=","
      decimalScale={2}
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
      onBlur={(e) => {
        setDigitado((v) => comCentavos(v));
        onBlur?.(e);
      }}
    />
  );
}
