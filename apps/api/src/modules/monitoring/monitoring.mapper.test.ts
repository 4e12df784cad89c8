import { describe, expect, it } from 'vitest';
import { maskPersonalData } from './monitoring.mapper.ts';

describe('maskPersonalData', () => {
  it('masks e-mails and phone numbers but never an id', () => {
    const orderId = '12345678-1234-4234-8234-123456789012';
    expect(
      maskPersonalData({
        orderId,
        ids: ['00000000-0000-4000-8000-000000000000'],
        error: '550 ivan.petrov@example.ru unavailable, call +7 (916) 123-45-67 about order ' + orderId,
      }),
    ).toEqual({
      orderId,
      ids: ['00000000-0000-4000-8000-000000000000'],
      error: '550 i•••@example.ru unavailable, call +7•••••••67 about order ' + orderId,
    });
  });
});
