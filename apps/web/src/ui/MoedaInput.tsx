import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * Money input in reais (spec 1 §5, §9): prefix "R$ ", dot for thousands, comma for decimals, always
 * 2 decimals, no negative values. The value is a number or, once typed, a decimal string such as "1234.50"
 * ('' when empty), which the contract's money field accepts as is.
 */
export function MoedaInput(props: NumberInputProps) {
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
    />
  );
}
