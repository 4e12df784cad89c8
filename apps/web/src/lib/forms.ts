import { isApiError } from '@/lib/api-client';
import { showSuccessToast } from '@/lib/notify';

/** The part of a zod schema the form needs; keeps the web app from depending on zod directly. */
export type SafeParseSchema = {
  safeParse: (values: unknown) =>
    | { success: true }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
};

/**
 * Validates a Mantine form with a contract schema, so the form and the server share one set of rules.
 * Answers Mantine's `{ field: message }` errors (first message per field).
 */
export function validateWithSchema(schema: SafeParseSchema) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

/**
 * Puts a refused request's field messages (400 `details`) next to the fields of a Mantine form. A detail's path
 * names the field by its last segment (`body.name` → `name`) unless `fieldOf` says otherwise.
 */
export function setServerFieldErrors(
  form: { setFieldError: (path: string, message: string) => void },
  error: unknown,
  fieldOf: (path: string) => string = (path) => path.split('.').at(-1) ?? '',
): void {
  if (!isApiError(error)) return;
  for (const detail of error.details) form.setFieldError(fieldOf(detail.path), detail.message);
}

/** A Mantine NumberInput's value: a number, or a string while empty or being typed. */
export type NumberField = number | string;

/** An optional text field for the API: trimmed, or null when blank. */
export const trimmedOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** A number field for the API: null while empty (a decimal comma is accepted). */
export const numberOrNull = (value: NumberField): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value.replace(',', '.'));

/**
 * The mutation callbacks of a form that saves: a success toast and the next step, or the refused fields'
 * messages next to them.
 */
export function saveCallbacks<T>(
  form: { setFieldError: (path: string, message: string) => void },
  successText: string,
  onSaved: (saved: T) => void,
) {
  return {
    onSuccess: (saved: T) => {
      showSuccessToast(successText);
      onSaved(saved);
    },
    onError: (error: unknown) => setServerFieldErrors(form, error),
  };
}
