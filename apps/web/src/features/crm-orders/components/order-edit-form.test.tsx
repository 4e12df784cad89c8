import { formatRub, MESSAGES, type OrderDetail, type OrderEditPreview } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { OrderEditButton } from './order-edit-form';

const ORDER_ID = '00000000-0000-4000-8000-000000000054';
const PASSPORT = '10000000-0000-4000-8000-000000000001';
const DIPLOMA = '10000000-0000-4000-8000-000000000002';

const order = {
  id: ORDER_ID,
  number: 1054,
  status: 'NEW',
  amount: 3000,
  isPaid: false,
  originalLanguage: 'ru',
  targetLanguage: 'en',
  name: 'Вера Лаптева',
  phoneNumber: '+79161234567',
  email: 'vera@example.ru',
  priceBreakdown: {
    lines: [
      { kind: 'document', refId: PASSPORT, name: 'Паспорт', unitPrice: 1500, quantity: 2, total: 3000 },
    ],
    documentsTotal: 3000,
    assurancesTotal: 0,
    deliveryPrice: 0,
    subtotal: 3000,
    discountPercent: 0,
    discount: 0,
    total: 3000,
  },
  delivery: { type: 'ELECTRONIC', name: 'Электронно', price: 0, address: null, addressComment: null },
} as unknown as OrderDetail;

const CATALOGUE = {
  documents: [
    { id: PASSPORT, name: 'Паспорт', price: 1500 },
    { id: DIPLOMA, name: 'Диплом', price: 2000 },
  ],
  assurances: [],
  languages: [
    { code: 'ru', name: 'Русский' },
    { code: 'en', name: 'Английский' },
  ],
};

/** Decision 054: the server reprices, the form shows «Было X → станет Y (разница ±Z)» and saves on confirmation. */
describe('staff order edit form', () => {
  let previews: Array<Record<string, unknown>>;
  let saves: Array<Record<string, unknown>>;
  let answer: OrderEditPreview;

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
    previews = [];
    saves = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/order/form-params') return CATALOGUE;
      if (url.pathname === `/api/order/${ORDER_ID}/edit/preview`) {
        previews.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return answer;
      }
      if (url.pathname === `/api/order/${ORDER_ID}/edit` && init?.method === 'PUT') {
        saves.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return answer;
      }
      return undefined;
    });
  });

  async function openAndChangeCopies(copies: string, reason: string) {
    renderInCabinet(<OrderEditButton order={order} />, { path: `/crm/orders/${ORDER_ID}` });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить заказ' }));
    const form = await screen.findByRole('form', { name: 'Изменение заказа' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Копий' }), { target: { value: copies } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Причина изменения/ }), {
      target: { value: reason },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Пересчитать и проверить' }));
  }

  it('sends the new lines for repricing, shows the new total and the difference, saves with the old total', async () => {
    answer = {
      from: 3000,
      to: 4500,
      difference: 1500,
      priceBreakdown: { ...order.priceBreakdown, total: 4500 },
      changes: [{ field: 'Документы', from: 'Паспорт × 2', to: 'Паспорт × 3' }],
    };
    await openAndChangeCopies('3', '  Третья копия ');
    const confirmation = await screen.findByTestId('order-edit-confirmation');
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]).toMatchObject({ documentsWithQuantity: [{ documentId: PASSPORT, quantity: 3 }] });
    expect(within(confirmation).getByTestId('order-edit-difference').textContent).toBe(
      `Было ${formatRub(3000)} → станет ${formatRub(4500)} (разница +${formatRub(1500)})`,
    );
    expect(confirmation.textContent).toContain('Документы: Паспорт × 2 → Паспорт × 3');
    expect(confirmation.textContent).toContain('Причина: Третья копия');
    expect(saves).toEqual([]);

    fireEvent.click(within(confirmation).getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      documentsWithQuantity: [{ documentId: PASSPORT, quantity: 3 }],
      expectedAmount: 3000,
      reason: 'Третья копия',
    });
  });

  it('a lower total shows a minus; «Вернуться к правке» goes back without saving', async () => {
    answer = {
      from: 3000,
      to: 1500,
      difference: -1500,
      priceBreakdown: { ...order.priceBreakdown, total: 1500 },
      changes: [{ field: 'Документы', from: 'Паспорт × 2', to: 'Паспорт × 1' }],
    };
    await openAndChangeCopies('1', 'Одна копия');
    const confirmation = await screen.findByTestId('order-edit-confirmation');
    expect(within(confirmation).getByTestId('order-edit-difference').textContent).toBe(
      `Было ${formatRub(3000)} → станет ${formatRub(1500)} (разница −${formatRub(1500)})`,
    );
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Вернуться к правке' }));
    expect(await screen.findByRole('form', { name: 'Изменение заказа' })).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('checks with the shared contract before asking the server: no reason, no preview', async () => {
    answer = { from: 3000, to: 3000, difference: 0, priceBreakdown: order.priceBreakdown, changes: [] };
    await openAndChangeCopies('3', ' ');
    expect(await screen.findByText(MESSAGES.orderEditReasonMissing)).toBeInTheDocument();
    expect(previews).toEqual([]);
  });
});
