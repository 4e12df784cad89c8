import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { skipRowTemplateForArrayResults } from './pg-array-rows.ts';

type Internals = {
  addFields(fields: Array<{ name: string; dataTypeID: number; format: string }>): void;
  parseRow(values: Array<string | null>): unknown;
  _prebuiltEmptyResultObject: unknown;
};
const Result = (pg as unknown as { Result: new (rowMode?: string) => Internals }).Result;

const FIELDS = [
  { name: 'id', dataTypeID: 23, format: 'text' }, // int4
  { name: 'created_at', dataTypeID: 1184, format: 'text' }, // timestamptz
  { name: 'data', dataTypeID: 3802, format: 'text' }, // jsonb
  { name: 'note', dataTypeID: 25, format: 'text' }, // text
];
const VALUES = ['7', '2026-11-26 10:00:00+00', '{"a":[1,2]}', null];

describe('node-postgres results in array mode skip the row template (issue 15)', () => {
  skipRowTemplateForArrayResults();

  it('array rows are parsed by each column’s type, with no row template built', () => {
    const result = new Result('array');
    result.addFields(FIELDS);
    expect(result.parseRow(VALUES)).toEqual([7, new Date('2026-11-26T10:00:00Z'), { a: [1, 2] }, null]);
    expect(result._prebuiltEmptyResultObject).toBeNull();
  });

  it('object rows are node-postgres’s own: keyed by column, template and all', () => {
    const result = new Result();
    result.addFields(FIELDS);
    expect(result.parseRow(VALUES)).toEqual({
      id: 7,
      created_at: new Date('2026-11-26T10:00:00Z'),
      data: { a: [1, 2] },
      note: null,
    });
    expect(result._prebuiltEmptyResultObject).toEqual({ id: null, created_at: null, data: null, note: null });
  });
});
