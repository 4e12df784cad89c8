import type { FieldErrors } from './draft-store';

/** The first error of a field or of any of its children (`documentsWithQuantity.0.quantity`). */
export function pickError(errors: FieldErrors, key: string): string | undefined {
  if (errors[key]) return errors[key];
  const prefix = `${key}.`;
  const nested = Object.keys(errors).find((candidate) => candidate.startsWith(prefix));
  return nested ? errors[nested] : undefined;
}
