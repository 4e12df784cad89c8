import { describe, expect, it } from 'vitest';
import { keysetPage } from './keyset.ts';

describe('keyset pages', () => {
  const rows = [3, 2, 1].map((n) => ({
    id: `0000000${n}-0000-4000-8000-000000000000`,
    createdAt: new Date(Date.UTC(2026, 0, n)),
  }));

  it('cuts the extra row and points the cursor at the last row kept', () => {
    const page = keysetPage(rows, 2);
    expect(page.rows).toHaveLength(2);
    expect(page.nextCursor).toBe(`2026-01-02T00:00:00.000Z|${rows[1]!.id}`);
  });

  it('has no cursor on the last page', () => {
    expect(keysetPage(rows, 3).nextCursor).toBeUndefined();
  });
});

describe('keyset cursor', () => {
  it('refuses a cursor that is not `createdAt|uuid`', async () => {
    const { keysetAfter } = await import('./keyset.ts');
    const { orders } = await import('../db/schema/index.ts');
    expect(() => keysetAfter(orders.createdAt, orders.id, 'yesterday|1')).toThrow('Некорректный курсор');
    expect(() => keysetAfter(orders.createdAt, orders.id, '2026-01-01T00:00:00Z|x')).toThrow();
    expect(keysetAfter(orders.createdAt, orders.id, undefined)).toBeUndefined();
    expect(
      keysetAfter(
        orders.createdAt,
        orders.id,
        '2026-01-01T00:00:00.000Z|00000001-0000-4000-8000-000000000000',
      ),
    ).toBeDefined();
  });
});
