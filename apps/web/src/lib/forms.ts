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

/** A Mantine NumberInput's value: a number, or a string while empty or being typed. */
export type NumberField = number | string;

/** An optional text field for the API: trimmed, or null when blank. */
export const trimmedOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** A number field for the API: null while empty (a decimal comma is accepted). */
export const numberOrNull = (value: NumberField): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value.replace(',', '.'));
