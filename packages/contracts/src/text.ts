/**
 * What text the API accepts (decision 021). No control characters: C0 (U+0000–U+001F) and C1 (U+0080–U+009F),
 * DEL, and no lone surrogate halves (not Unicode, and PostgreSQL refuses U+0000 with a 500). Tab, line feed and
 * carriage return are allowed only in fields marked with `multiline(...)` (comments, notes, descriptions).
 * The API checks every string of every request (body, query, path, multipart file names) in one place,
 * apps/api/src/plugins/input-guard.ts, before the contracts validate it.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_CONTROL = /[\t\n\r]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag on purpose). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the text holds a character no field accepts (or a line break/tab where the field is single-line). */
export function hasForbiddenCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  if (CONTROL.test(value)) return true;
  if (!options.multiline && LINE_CONTROL.test(value)) return true;
  return LONE_SURROGATE.test(value);
}

const MULTILINE_SCHEMAS = new WeakSet<object>();

/** Marks a string schema as multi-line: tab and line breaks are allowed in it (call it last in the chain). */
export function multiline<T extends object>(schema: T): T {
  MULTILINE_SCHEMAS.add(schema);
  return schema;
}

export function isMultilineSchema(schema: object): boolean {
  return MULTILINE_SCHEMAS.has(schema);
}
