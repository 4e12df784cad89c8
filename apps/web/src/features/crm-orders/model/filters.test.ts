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
      partnerId: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
      pointId: '0a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d',
      search: '+79161112201',
      sort: '-amount',
    };
    const query = filtersToSearchParams(filters).toString();
    expect(query).toContain('status=NEW%2CREADY');
    expect(query).toContain('sort=-amount');
    expect(parseFilters(new URLSearchParams(query))).toEqual(filters);
  });

  it('leaves empty filters out and drops unknown values', () => {
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe('');
    expect(
      parseFilters(
        new URLSearchParams(
          'status=NEW,BOGUS&payerType=X&dateFrom=yesterday&isPaid=maybe&partnerId=1&pointId=x&sort=email',
        ),
      ),
    ).toEqual({ ...EMPTY_FILTERS, status: ['NEW'] });
  });

  it('offers only the transitions of the staff table', () => {
    expect(allowedNextStatuses('IN_PROGRESS')).toEqual(['READY', 'CANCELED']);
    expect(allowedNextStatuses('COMPLETED')).toEqual([]);
  });
});
