/**
 * Russian phone numbers, one rule for the browser and the server (issue 16). Accepted, typed or pasted:
 * `+7…` (11 digits), `8…` or `7…` (11 digits), or the 10 national digits; spaces, brackets, dashes and dots are
 * dropped. Stored as `+7XXXXXXXXXX`. No digit is ever dropped: a number with one too many or too few is refused,
 * not shortened. A national number beginning with 88 or 89 is refused too: no Russian code starts so, it is an
 * 8… number missing a digit (`+7 (891) 612-34-56` from `89161234567`).
 */
export function normalizePhone(value: string): string | null {
  const text = value.trim();
  if (text.length > 40 || !/^\+?[\d\s().-]*$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  let national: string | null = null;
  if (text.startsWith('+'))
    national = digits.length === 11 && digits.startsWith('7') ? digits.slice(1) : null;
  else if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8')))
    national = digits.slice(1);
  else if (digits.length === 10) national = digits;
  return national === null || /^8[89]/.test(national) ? null : `+7${national}`;
}

/**
 * Keeps a phone readable while it is typed or pasted — `+7 (916) 123-45-67`, `8 (916) 123-45-67` — without
 * changing what it means: the prefix typed (+7, 7, 8) stays, ten digits without one get +7, and a separator is
 * written only before a digit that follows it (so Backspace erases past any of them). Digits beyond a whole
 * number are kept, unformatted, for the validation to refuse.
 */
export function formatPhoneInput(value: string): string {
  const text = value.trimStart();
  const plus = text.startsWith('+');
  const digits = text.replace(/\D/g, '');
  if (digits === '') return plus ? '+' : '';
  if (plus && !digits.startsWith('7')) return `+${digits}`;
  const [prefix, national] =
    plus || digits.startsWith('7')
      ? [plus ? '+7' : '7', digits.slice(1)]
      : digits.startsWith('8')
        ? ['8', digits.slice(1)]
        : ['+7', digits];
  if (national === '') return prefix;
  if (national.length > 10) return `${prefix}${national}`;
  let formatted = `${prefix} (${national.slice(0, 3)}`;
  if (national.length > 3) formatted += `) ${national.slice(3, 6)}`;
  if (national.length > 6) formatted += `-${national.slice(6, 8)}`;
  if (national.length > 8) formatted += `-${national.slice(8, 10)}`;
  return formatted;
}

/**
 * A stored phone for people: `+79161234567` → `+7 916 123-45-67`, the one display format of the CRM, the partner
 * pages and the CSV export (issue 17). Anything that is not a stored Russian number is shown as it is.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+7 ${match[1]} ${match[2]}-${match[3]}-${match[4]}` : phone;
}

/**
 * The digits of a phone search (issue 17): any 4 or more consecutive digits of the number, however they are
 * spelled (`916 123-45-67`, `(916)1234567`, `1234567`). A whole number written with 8 or 7 in front
 * (`8 916 123-45-67`) is reduced to its 10 national digits, so it matches the stored `+7…`. Null when the text is
 * not a phone fragment (letters) or has fewer than 4 digits.
 */
export function phoneSearchDigits(search: string): string | null {
  const text = search.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 4) return null;
  if (digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  return digits.length > 11 ? null : digits;
}
