/** Checks a Russian INN: 10 digits (organization) or 12 digits (person), with its check digits. */
export function isValidInn(value: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const checkDigit = (weights: number[]) =>
    (weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11) % 10;
  if (digits.length === 10) {
    return checkDigit([2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[9];
  }
  return (
    checkDigit([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[10] &&
    checkDigit([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === digits[11]
  );
}

/** KPP: 4 digits of the tax office, 2 of the reason (digits or capital Latin letters), 3 digits. */
export function isValidKpp(value: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value);
}
