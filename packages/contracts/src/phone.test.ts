import { describe, expect, it } from 'vitest';
import { PhoneSchema } from './common.ts';
import { formatPhone, formatPhoneInput, normalizePhone, phoneSearchDigits } from './phone.ts';

/** Issue 16: one phone rule for the form and the server; no digit is ever dropped. */
describe('phone numbers', () => {
  it.each([
    ['89161234567', '+79161234567'],
    ['+79161234567', '+79161234567'],
    ['79161234567', '+79161234567'],
    ['9161234567', '+79161234567'],
    ['8 (916) 123-45-67', '+79161234567'],
    ['+7 (916) 123-45-67', '+79161234567'],
    [' 8.916.123.45.67 ', '+79161234567'],
    ['8 800 555-35-35', '+78005553535'],
    ['8005553535', '+78005553535'],
    ['7001234567', '+77001234567'],
  ])('accepts %s as %s (the schema the API validates with says the same)', (input, stored) => {
    expect(normalizePhone(input)).toBe(stored);
    expect(PhoneSchema.parse(input)).toBe(stored);
  });

  it.each([
    '+7 (891) 612-34-56', // what the old field made of 89161234567: one digit short, no longer accepted
    '+78916123456',
    '8916123456', // an 8… number missing a digit, not ten national digits
    '891612345678',
    '+791612345678',
    '+89161234567',
    '+7',
    '',
    '12345',
    '8916123456a',
    '+7916\u00001234567',
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
    expect(PhoneSchema.safeParse(input).success).toBe(false);
  });

  it('formats every accepted way of typing, keeping each digit typed', () => {
    const typed = (keys: string) =>
      [...keys].reduce((shown, key) => formatPhoneInput(shown + key), formatPhoneInput(''));
    expect(typed('89161234567')).toBe('8 (916) 123-45-67');
    expect(typed('+79161234567')).toBe('+7 (916) 123-45-67');
    expect(typed('79161234567')).toBe('7 (916) 123-45-67');
    expect(typed('9161234567')).toBe('+7 (916) 123-45-67');
    for (const keys of ['89161234567', '+79161234567', '79161234567', '9161234567']) {
      expect(normalizePhone(typed(keys))).toBe('+79161234567');
    }
    // One digit too many stays visible (and is refused), it is not cut off.
    expect(typed('891612345678')).toBe('8916123456 78'.replace(' ', ''));
    expect(normalizePhone(typed('891612345678'))).toBeNull();
  });

  it('lets Backspace erase the whole number, separators included', () => {
    let shown = formatPhoneInput('+79161234567');
    const seen: string[] = [];
    while (shown !== '') {
      shown = formatPhoneInput(shown.slice(0, -1));
      seen.push(shown);
      expect(seen.length).toBeLessThan(40);
    }
    expect(seen).toContain('+7 (916');
    expect(seen).toContain('+7');
  });

  it('shows a stored phone as +7 916 123-45-67 (issue 17), anything else as it is', () => {
    expect(formatPhone('+79161234567')).toBe('+7 916 123-45-67');
    expect(formatPhone('+78005553535')).toBe('+7 800 555-35-35');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('');
  });

  it.each([
    ['1234567', '1234567'],
    ['123-45-67', '1234567'],
    ['916 123', '916123'],
    ['8 (916) 123-45-67', '9161234567'],
    ['+7 916 123 45 67', '9161234567'],
    ['79161234567', '9161234567'],
  ])('searches a phone by the digits of %j', (input, digits) => {
    expect(phoneSearchDigits(input)).toBe(digits);
  });

  it.each(['123', 'romashka', '№100006 ', '1234567890123', ''])('%j is no phone fragment', (input) => {
    expect(phoneSearchDigits(input)).toBeNull();
  });
});
