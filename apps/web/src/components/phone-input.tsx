import { formatPhoneInput, normalizePhone } from '@app/contracts';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';

type PhoneInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** Optional only for Mantine's form.getInputProps (which always passes it). */
  value?: string;
  onChange: (value: string) => void;
};

const countDigits = (text: string) => text.replace(/\D/g, '').length;

/**
 * Where the caret goes in `text` so that `digitsAfter` digits follow it. Counted from the end: the formatting may
 * add a "+7" in front, never a digit behind.
 */
function caretBefore(text: string, digitsAfter: number): number {
  let seen = 0;
  for (let index = text.length - 1; index >= 0; index -= 1) {
    if (/\d/.test(text[index]!)) seen += 1;
    if (seen === digitsAfter + 1) return index + 1;
  }
  return digitsAfter === 0 ? text.length : text.search(/\d/) < 0 ? text.length : text.search(/\d/);
}

/**
 * Every phone field (order form, cabinet profile, CRM offices): typed or pasted as 8…, +7…, 7… or 10 digits, shown
 * as `+7 (916) 123-45-67` while typing, never a digit dropped (the contracts' formatPhoneInput/normalizePhone, the
 * same rule the server validates with). Backspace on a separator erases the digit before it; the caret stays after
 * the digit it was after. On leaving the field a whole number is shown as stored: `+7 (916) 123-45-67`.
 */
export function PhoneInput({ value = '', onChange, onBlur, ...props }: PhoneInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const digitsAfterCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = input.current;
    if (digitsAfterCaret.current === null || !element || element !== element.ownerDocument.activeElement)
      return;
    const caret = caretBefore(value, digitsAfterCaret.current);
    element.setSelectionRange(caret, caret);
    digitsAfterCaret.current = null;
  }, [value]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    let raw = event.currentTarget.value;
    let caret = event.currentTarget.selectionStart ?? raw.length;
    // A separator was erased (fewer characters, the same digits): erase the digit before it instead.
    if (raw.length < value.length && countDigits(raw) === countDigits(value)) {
      const before = raw.slice(0, caret);
      const at = before.search(/\d\D*$/);
      if (at >= 0) {
        raw = raw.slice(0, at) + raw.slice(at + 1);
        caret = at;
      }
    }
    digitsAfterCaret.current = countDigits(raw.slice(caret));
    onChange(formatPhoneInput(raw));
  };

  return (
    <TextInput
      {...props}
      ref={input}
      type="tel"
      inputMode="tel"
      autoComplete={props.autoComplete ?? 'tel'}
      value={value}
      onChange={change}
      onBlur={(event) => {
        const phone = normalizePhone(value);
        if (phone !== null && formatPhoneInput(phone) !== value) onChange(formatPhoneInput(phone));
        onBlur?.(event);
      }}
    />
  );
}
