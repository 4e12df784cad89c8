import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

/**
 * Every CRM money field (roubles to the kopeck): shown with the Russian decimal comma, and a dot or a comma typed,
 * pasted or filled in at once both read as the decimal separator. Mantine turns a separator into the decimal one
 * only when it is typed alone; a whole value set at once (autofill, a phone keyboard, «300,5» in one input event)
 * lost its comma and read 300,5 as 3005 (issue 17).
 */
export function MoneyInput({ onChangeCapture, ...props }: NumberInputProps) {
  const toComma = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (input.value.includes('.')) input.value = input.value.replace(/\./g, ',');
    onChangeCapture?.(event);
  };
  return (
    <NumberInput
      decimalScale={2}
      clampBehavior="none"
      {...props}
      decimalSeparator=","
      allowedDecimalSeparators={[',', '.']}
      onChangeCapture={toComma}
    />
  );
}
