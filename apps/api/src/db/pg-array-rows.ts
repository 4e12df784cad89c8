import pg from 'pg';

type ResultInternals = {
  rowAsArray: boolean;
  fields: Array<{ name: string; dataTypeID: number; format?: string }>;
  _parsers?: Array<(value: string) => unknown>;
  _types?: { getTypeParser(oid: number, format: string): (value: string) => unknown };
  addFields(fields: ResultInternals['fields']): void;
};

let applied = false;

/**
 * node-postgres 8 (`lib/result.js`, `addFields`) builds for every result an empty row object with a key per column
 * and copies it (`{ ...row }` of an object in dictionary mode): the template of the row objects it makes. Drizzle
 * reads every row as an array (`rowMode: 'array'`), where the template is never used; for the order's 70-column row
 * it cost about 25 µs, the API's largest single function on the order path (5 % of its CPU per order, issue 15).
 * Results in array mode get their fields and type parsers only; object-mode results are node-postgres's own.
 * `pg-array-rows.test.ts` checks both against the installed version.
 */
export function skipRowTemplateForArrayResults(): void {
  if (applied) return;
  applied = true;
  const prototype = (pg as unknown as { Result: { prototype: ResultInternals } }).Result.prototype;
  const original = prototype.addFields;
  prototype.addFields = function addFields(this: ResultInternals, fields) {
    if (!this.rowAsArray) return original.call(this, fields);
    this.fields = fields;
    const types = this._types ?? pg.types;
    const parsers = new Array<(value: string) => unknown>(fields.length);
    for (let index = 0; index < fields.length; index += 1) {
      const field = fields[index]!;
      parsers[index] = types.getTypeParser(field.dataTypeID, (field.format || 'text') as 'text');
    }
    if (fields.length) this._parsers = parsers;
  };
}
