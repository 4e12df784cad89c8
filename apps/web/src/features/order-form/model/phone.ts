/**
 * Keeps a Russian phone readable while typing: '+7 (999) 123-45-67'. Accepts pasted 8…/7…/+7… numbers;
 * PhoneSchema drops the spaces and brackets again before validation.
 */
export function formatPhoneInput(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.startsWith('8') || digits.startsWith('7')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  const parts = ['+7'];
  if (digits.length > 0) parts.push(` (${digits.slice(0, 3)}`);
  if (digits.length >= 3) parts.push(')');
  if (digits.length > 3) parts.push(` ${digits.slice(3, 6)}`);
  if (digits.length > 6) parts.push(`-${digits.slice(6, 8)}`);
  if (digits.length > 8) parts.push(`-${digits.slice(8, 10)}`);
  return parts.join('');
}
