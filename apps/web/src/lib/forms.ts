import { isApiError } from '@/lib/api-client';

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
