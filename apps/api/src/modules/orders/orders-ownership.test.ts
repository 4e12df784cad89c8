import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 027 kept by a check: the order tables have one writer and an order's status one way to change. A new
 * UPDATE of `orders` in a service, or a second enqueue of `create-delivery`, fails here with the file to fix.
 */
const SRC = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({
  file: relative(SRC, path).replaceAll('\\', '/'),
  text: readFileSync(path, 'utf8'),
}));

const filesMatching = (pattern: RegExp) =>
  files
    .filter(({ text }) => pattern.test(text))
    .map(({ file }) => file)
    .sort();

describe('orders: one writer, one status change (decision 027)', () => {
  it('only orders.repository.ts writes the order tables (the demo seed and mail events aside)', () => {
    const writes =
      /\.(insert|update|delete)\(\s*(orders|orderLines|orderStatusHistory|orderNotes|orderEvents)\s*\)/;
    expect(filesMatching(writes)).toEqual([
      'db/seed/demo-orders.ts',
      // The mail module records its own email_sent events (its restructuring is separate).
      'modules/mail/mail.service.ts',
      'modules/orders/orders.repository.ts',
    ]);
  });

  it('only payments.repository.ts writes payments', () => {
    expect(filesMatching(/\.(insert|update|delete)\(\s*payments\s*\)/)).toEqual([
      'modules/payments/payments.repository.ts',
    ]);
  });

  it('a status moves only in changeOrderStatus, and create-delivery is enqueued in one place', () => {
    expect(filesMatching(/\.(moveStatus|markPaid)\(/)).toEqual(['modules/orders/order-status.service.ts']);
    // Any job send naming create-delivery, whatever the shape of the call.
    expect(filesMatching(/\.send\([^;]*'create-delivery'/)).toEqual([
      'modules/orders/order-status.service.ts',
    ]);
  });
});
