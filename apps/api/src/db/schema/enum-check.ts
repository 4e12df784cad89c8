import { sql } from 'drizzle-orm';
import { check } from 'drizzle-orm/pg-core';

/**
 * A CHECK that a text column holds one of its enumeration's values (decision 076). Drizzle's `text({ enum })` only
 * types the TypeScript side; without this a misspelt value ('CANCELLED' for 'CANCELED') is stored silently. The
 * values come from the contracts' constants, so adding one there makes `npm run db:generate` replace the CHECK.
 * A NULL passes (a nullable column stays nullable). Inlined, not bound: drizzle-kit writes the SQL into a migration.
 */
export function enumCheck(name: string, column: string, values: readonly string[]) {
  if (!/^[a-z_]+$/.test(column)) throw new Error(`enumCheck: bad column name ${column}`);
  const list = values
    .map((value) => {
      if (!/^[A-Za-z0-9_.:-]+$/.test(value)) throw new Error(`enumCheck: bad value ${value}`);
      return `'${value}'`;
    })
    .join(', ');
  return check(name, sql.raw(`${column} IN (${list})`));
}
