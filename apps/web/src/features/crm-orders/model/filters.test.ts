import { describe, expect, it } from 'vitest';
import {
  allowedNextStatuses,
  EMPTY_FILTERS,
  filtersToSearchParams,
  parseFilters,
  type OrderFilters,
} from './filters';

describe('staff order filters ↔ URL', () => {
  it('round-trips every filter through the query string', () => {
    const filters: OrderFilters = {
      status: ['NEW', 'READY'],
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      payerType: 'ORGANIZATION',
      deliveryType: 'COURIER',
      isPaid: 'false',
      search: '+79161112201',
    };
    const query = filtersToSearchParams(filters).toString();
    expect(query).toContain('status=NEW%2CREADY');
    expect(parseFilters(new URLSearchParams(query))).toEqual(filters);
  });

  it('leaves empty filters out and drops unknown values', () => {
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe('');
    expect(
      parseFilters(new URLSearchParams('status=NEW,BOGUS&payerType=X&dateFrom=yesterday&isPaid=maybe')),
    ).toEqual({ ...EMPTY_FILTERS, status: ['NEW'] });
  });

  it('offers only the transitions of the staff table', () => {
    expect(allowedNextStatuses('IN_PROGRESS')).toEqual(['READY', 'CANCELED']);
    expect(allowedNextStatuses('COMPLETED')).toEqual([]);
  });
});
