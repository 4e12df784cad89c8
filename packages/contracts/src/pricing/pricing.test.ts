import { describe, expect, it } from 'vitest';
import type { TariffRule } from '../tariffs.ts';
import {
  applyTariff,
  calculatePrice,
  courierPrice,
  distanceKm,
  findTariff,
  priceInputOfLines,
  requiredWorkingDays,
} from './index.ts';

const PASSPORT = 'passport-id';
const DIPLOMA = 'diploma-id';

const rule = (patch: Partial<TariffRule> & Pick<TariffRule, 'id'>): TariffRule => ({
  name: patch.id,
  originalLanguage: null,
  targetLanguage: null,
  documentTypeId: null,
  pricePercent: 100,
  surcharge: 0,
  extraDays: 0,
  sortOrder: 0,
  ...patch,
});

describe('findTariff', () => {
  const anyToZh = rule({ id: 'any-zh', targetLanguage: 'zh', sortOrder: 5 });
  const ruToZh = rule({ id: 'ru-zh', originalLanguage: 'ru', targetLanguage: 'zh', sortOrder: 9 });
  const diplomas = rule({ id: 'diplomas', documentTypeId: DIPLOMA, sortOrder: 1 });
  const diplomaRuZh = rule({
    id: 'diploma-ru-zh',
    originalLanguage: 'ru',
    targetLanguage: 'zh',
    documentTypeId: DIPLOMA,
    sortOrder: 100,
  });

  it('matches set criteria exactly and treats null as any', () => {
    expect(
      findTariff([anyToZh], { documentId: PASSPORT, originalLanguage: 'en', targetLanguage: 'zh' }),
    ).toBe(anyToZh);
    expect(
      findTariff([anyToZh], { documentId: PASSPORT, originalLanguage: 'zh', targetLanguage: 'ru' }),
    ).toBe(null);
    expect(findTariff([ruToZh], { documentId: PASSPORT, originalLanguage: 'en', targetLanguage: 'zh' })).toBe(
      null,
    );
    // No language chosen yet: only rules for any language apply.
    expect(
      findTariff([anyToZh, diplomas], { documentId: DIPLOMA, originalLanguage: '', targetLanguage: '' }),
    ).toBe(diplomas);
  });

  it('prefers the rule with more criteria set, whatever its sort order or position', () => {
    const all = [diplomas, anyToZh, diplomaRuZh, ruToZh];
    for (const order of [all, [...all].reverse()]) {
      expect(findTariff(order, { documentId: DIPLOMA, originalLanguage: 'ru', targetLanguage: 'zh' })).toBe(
        diplomaRuZh,
      );
      expect(findTariff(order, { documentId: PASSPORT, originalLanguage: 'ru', targetLanguage: 'zh' })).toBe(
        ruToZh,
      );
      expect(findTariff(order, { documentId: PASSPORT, originalLanguage: 'en', targetLanguage: 'zh' })).toBe(
        anyToZh,
      );
    }
  });

  it('breaks ties by the lower sort order, then the name', () => {
    // Both have one criterion set: the diploma rule (sortOrder 1) beats "any → zh" (sortOrder 5).
    expect(
      findTariff([anyToZh, diplomas], { documentId: DIPLOMA, originalLanguage: 'en', targetLanguage: 'zh' }),
    ).toBe(diplomas);
    const alpha = rule({ id: 'b', name: 'Альфа', targetLanguage: 'zh' });
    const beta = rule({ id: 'a', name: 'Бета', targetLanguage: 'zh' });
    for (const order of [
      [alpha, beta],
      [beta, alpha],
    ]) {
      expect(findTariff(order, { documentId: PASSPORT, targetLanguage: 'zh' })).toBe(alpha);
    }
  });
});

describe('applyTariff', () => {
  it('takes the percent in whole kopecks and adds the surcharge', () => {
    expect(applyTariff(1500, null)).toBe(1500);
    expect(applyTariff(1500, { pricePercent: 150, surcharge: 200 })).toBe(2450);
    // 2 499,99 × 150 % = 3 749,985 → 3 749,99 (half a kopeck rounds up).
    expect(applyTariff(2499.99, { pricePercent: 150, surcharge: 0 })).toBe(3749.99);
    expect(applyTariff(1200, { pricePercent: 1, surcharge: 0.1 })).toBe(12.1);
  });
});

describe('calculatePrice and requiredWorkingDays with tariffs', () => {
  const catalogue = {
    documents: [
      { id: PASSPORT, name: 'Паспорт', price: 1500, processingDays: 1 },
      { id: DIPLOMA, name: 'Диплом', price: 2500, processingDays: 2 },
    ],
    assurances: [{ id: 'notary', name: 'Нотариальное заверение', price: 1200, extraDays: 1 }],
    tariffs: [
      rule({
        id: 'zh',
        name: 'Китайский',
        targetLanguage: 'zh',
        pricePercent: 200,
        surcharge: 50,
        extraDays: 3,
      }),
    ],
  };
  const input = {
    documentsWithQuantity: [
      { documentId: PASSPORT, quantity: 2 },
      { documentId: DIPLOMA, quantity: 1 },
    ],
    documentsAssurances: [{ documentId: PASSPORT, assuranceId: 'notary' }],
    originalLanguage: 'ru',
    targetLanguage: 'zh',
    deliveryPrice: 500,
    deliveryName: 'Курьер',
    discountPercent: 10,
  };

  it('prices documents under the tariff; assurances and delivery keep their prices; the promo applies after', () => {
    const price = calculatePrice(catalogue, input);
    expect(price.lines.slice(0, 3)).toEqual([
      {
        kind: 'document',
        refId: PASSPORT,
        name: 'Паспорт',
        unitPrice: 3050,
        quantity: 2,
        total: 6100,
        tariffName: 'Китайский',
      },
      {
        kind: 'assurance',
        refId: 'notary',
        name: 'Нотариальное заверение — Паспорт',
        unitPrice: 1200,
        quantity: 2,
        total: 2400,
      },
      {
        kind: 'document',
        refId: DIPLOMA,
        name: 'Диплом',
        unitPrice: 5050,
        quantity: 1,
        total: 5050,
        tariffName: 'Китайский',
      },
    ]);
    // (6 100 + 5 050 + 2 400) × 10 % = 1 355; delivery is not discounted.
    expect(price).toMatchObject({
      documentsTotal: 11150,
      assurancesTotal: 2400,
      discount: 1355,
      total: 12695,
    });
    const plain = calculatePrice(catalogue, { ...input, targetLanguage: 'en' });
    expect(plain.documentsTotal).toBe(5500);
    expect(plain.lines[0]).not.toHaveProperty('tariffName');
  });

  it("adds the tariff's extra days to each document's own time", () => {
    // Passport 1 + notary 1 + tariff 3 = 5; diploma 2 + tariff 3 = 5.
    expect(requiredWorkingDays(catalogue, input)).toBe(5);
    expect(requiredWorkingDays(catalogue, { ...input, targetLanguage: 'en' })).toBe(2);
  });
});

describe('courierPrice', () => {
  it('includes 5 km in the base price and adds 30 ₽ per started km beyond', () => {
    const kremlin: [number, number] = [55.752, 37.6175];
    expect(distanceKm(kremlin, kremlin)).toBe(0);
    expect(courierPrice(500, kremlin, [55.79, 37.6175])).toBe(500);
    // 0.1° of latitude ≈ 11.1 km: 7 started km beyond the first 5.
    expect(distanceKm(kremlin, [55.852, 37.6175])).toBeCloseTo(11.12, 1);
    expect(courierPrice(500, kremlin, [55.852, 37.6175])).toBe(500 + 7 * 30);
  });
});

describe('priceInputOfLines', () => {
  it('gives back the documents and assurances a breakdown was priced from', () => {
    const catalogue = {
      documents: [
        { id: PASSPORT, name: 'Паспорт', price: 1500 },
        { id: DIPLOMA, name: 'Диплом', price: 2500 },
      ],
      assurances: [
        { id: 'notary', name: 'Нотариальное заверение', price: 1200 },
        { id: 'stamp', name: 'Печать бюро', price: 500 },
      ],
      tariffs: [],
    };
    const input = {
      documentsWithQuantity: [
        { documentId: DIPLOMA, quantity: 1 },
        { documentId: PASSPORT, quantity: 3 },
      ],
      documentsAssurances: [
        { documentId: PASSPORT, assuranceId: 'notary' },
        { documentId: PASSPORT, assuranceId: 'stamp' },
        { documentId: DIPLOMA, assuranceId: 'stamp' },
      ],
    };
    const breakdown = calculatePrice(catalogue, {
      ...input,
      deliveryPrice: 500,
      deliveryName: 'Курьер',
      discountPercent: 10,
    });
    const back = priceInputOfLines(breakdown.lines);
    expect(back.documentsWithQuantity).toEqual(input.documentsWithQuantity);
    expect(back.documentsAssurances).toEqual([
      { documentId: DIPLOMA, assuranceId: 'stamp' },
      { documentId: PASSPORT, assuranceId: 'notary' },
      { documentId: PASSPORT, assuranceId: 'stamp' },
    ]);
  });
});
