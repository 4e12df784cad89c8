import { beforeEach, describe, expect, it } from 'vitest';
import { resolveFunnelEntry } from '@/app/order-funnel/funnel-routes';
import { orderDraftStore } from '@/features/order-form/model/draft-store';
import { selectionFromQuery } from './order-draft';
import { STORAGE_KEYS } from './storage';

const A = '6f9c2a54-4a7e-4c8e-9a51-0c6f1f4c2b11';
const B = '0b6f3f56-1d2e-4e5f-8a9b-7c6d5e4f3a21';

describe('a calculator selection handed over to the order form (decision 072)', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads documents with copies and the language pair', () => {
    expect(selectionFromQuery(new URLSearchParams(`docs=${A}:2,${B}:1&from=ru&to=en`))).toEqual({
      docs: [
        { documentId: A, quantity: 2 },
        { documentId: B, quantity: 1 },
      ],
      from: 'ru',
      to: 'en',
    });
    expect(selectionFromQuery(new URLSearchParams(`docs=${A}:1&from=<script>`))?.from).toBe('');
  });

  it.each([
    ['no docs', ''],
    ['not an id', 'docs=passport:1'],
    ['no copies', `docs=${A}:0`],
    ['too many copies', `docs=${A}:100`],
    ['a fraction', `docs=${A}:1.5`],
    ['the same document twice', `docs=${A}:1,${A}:2`],
  ])('ignores a malformed selection: %s', (_, query) => {
    expect(selectionFromQuery(new URLSearchParams(query))).toBeNull();
  });

  it('/order?reset=true&docs=… starts a new draft with the documents; the form in memory reads it', () => {
    orderDraftStore.update((draft) => ({ ...draft, step2: { ...draft.step2, name: 'Старый черновик' } }));
    const before = orderDraftStore.getDraft().idempotencyKey;
    const path = resolveFunnelEntry(new URL(`http://localhost/order?reset=true&docs=${A}:3&from=ru&to=de`));
    expect(path).toBe('/order/step-1');
    const draft = orderDraftStore.getDraft();
    expect(draft.step1.documentsWithQuantity).toEqual([{ documentId: A, quantity: 3 }]);
    expect(draft.step1).toMatchObject({
      originalLanguage: 'ru',
      targetLanguage: 'de',
      promoCode: '',
      files: [],
    });
    expect(draft.step2.name).toBe('');
    expect(draft.idempotencyKey).not.toBe(before);
    expect(
      JSON.parse(window.localStorage.getItem(STORAGE_KEYS.orderDraft)!).step1.documentsWithQuantity,
    ).toEqual([{ documentId: A, quantity: 3 }]);
  });

  it('a malformed selection leaves the form as it is', () => {
    orderDraftStore.update((draft) => ({ ...draft, step2: { ...draft.step2, name: 'Мой черновик' } }));
    expect(resolveFunnelEntry(new URL(`http://localhost/order?docs=${A}:0`))).toBe('/order/step-1');
    expect(orderDraftStore.getDraft().step2.name).toBe('Мой черновик');
  });
});
