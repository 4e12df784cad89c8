import { describe, expect, it } from 'vitest';
import { apiSources } from '#test/api-sources.ts';

/**
 * Decision 027 kept by a check: an order's status has one way to change. A second caller of `moveStatus` /
 * `markPaid`, or a second enqueue of `create-delivery`, fails here with the file to fix. That the order tables
 * and `payments` have one writer is checked for every table by `db/table-owners.test.ts` (decision 026).
 */
const files = apiSources();

const filesMatching = (pattern: RegExp) =>
  files
    .filter(({ text }) => pattern.test(text))
    .map(({ file }) => file)
    .sort();

describe('orders: one status change (decision 027)', () => {
  it('a status moves only in changeOrderStatus, and create-delivery is enqueued in one place', () => {
    expect(filesMatching(/\.(moveStatus|markPaid)\(/)).toEqual(['modules/orders/order-status.service.ts']);
    // Any job send naming create-delivery, whatever the shape of the call.
    expect(filesMatching(/\.send\([^;]*'create-delivery'/)).toEqual([
      'modules/orders/order-status.service.ts',
    ]);
  });
});
