import { Readable } from 'node:stream';

/**
 * The one CSV writer of every export (decision 021). A text cell that starts with = + - @, a tab or a line break
 * would be read by Excel or LibreOffice as a formula (`=HYPERLINK(...)`, `+cmd|...`, `@SUM(...)`): it gets a
 * leading apostrophe, which the spreadsheet shows as text (OWASP "CSV injection"). Numbers are written as they
 * are. A cell holding the separator, a quote or a line break is quoted.
 */
export const CSV_SEPARATOR = ';';

const FORMULA_START = /^[=+\-@\t\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of the file, newline included. */
export function csvRow(values: readonly unknown[]): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + '\n';
}

/** What `sendCsv` needs of Fastify's reply. */
type CsvReply<R> = { header(name: string, value: string): R; send(body: unknown): R };

/**
 * The one way a route answers with a CSV file: a download named `fileName` (ASCII), UTF-8 unless the file says
 * otherwise (the bank registry is Windows-1251), from a whole text, bytes or the rows as they are made (streamed).
 */
export function sendCsv<R extends CsvReply<R>>(
  reply: R,
  fileName: string,
  body: string | Buffer | AsyncIterable<string>,
  charset: 'utf-8' | 'windows-1251' = 'utf-8',
): R {
  return reply
    .header('content-type', `text/csv; charset=${charset}`)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(typeof body === 'string' || Buffer.isBuffer(body) ? body : Readable.from(body));
}
