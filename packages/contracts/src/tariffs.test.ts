import { describe, expect, it } from 'vitest';
import { TariffInputSchema } from './tariffs.ts';

// The price engine's tests (findTariff, applyTariff, calculatePrice) are in pricing/pricing.test.ts.

describe('TariffInputSchema', () => {
  it('defaults optional fields and lower-cases language codes', () => {
    expect(TariffInputSchema.parse({ name: ' Тариф ', targetLanguage: 'ZH', pricePercent: 120 })).toEqual({
      name: 'Тариф',
      originalLanguage: null,
      targetLanguage: 'zh',
      documentTypeId: null,
      pricePercent: 120,
      surcharge: 0,
      extraDays: 0,
      isActive: true,
      sortOrder: 0,
    });
  });
});
