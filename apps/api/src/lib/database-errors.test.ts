import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors.ts';

const pgError = (code: string, message = 'server error') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognizes lost, refused and timed-out connections, also wrapped by Drizzle', () => {
    const lost = [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('08003'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pgError('ECONNRESET', 'read ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
    ];
    for (const error of lost) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      // drizzle-orm's DrizzleQueryError keeps the driver's error as its cause.
      expect(isDatabaseUnavailable(new Error('Failed query: begin', { cause: error })), error.message).toBe(
        true,
      );
    }
  });

  it('leaves real errors alone: constraint violations, syntax, programming mistakes', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42601', 'syntax error'),
      pgError('22P02', 'invalid input syntax for type uuid'),
      pgError('40001', 'could not serialize access'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error('Failed query: select 1', { cause: pgError('42P01', 'relation does not exist') }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(false);
    }
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
