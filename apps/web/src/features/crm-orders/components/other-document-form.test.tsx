import { formatMessage, formatRub, MESSAGES } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { OtherDocumentForm } from './other-document-form';

const ORDER_ID = '00000000-0000-4000-8000-000000000044';

/** Issue 17: «Цена другого документа» changed neither the total nor revenue and said nothing (decision 044). */
describe('CRM other document form', () => {
  let patches: unknown[];

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
    patches = [];
    mockApi(async (url, init) => {
      if (url.pathname === '/api/order/other-document-amount' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        patches.push(body);
        return body;
      }
      return undefined;
    });
  });

  const render = () =>
    renderInCabinet(
      <OtherDocumentForm orderId={ORDER_ID} amount={5400} initial={{ otherPrice: null, otherCost: null }} />,
      { path: `/crm/orders/${ORDER_ID}` },
    );
  const price = () => screen.getByRole('textbox', { name: /Цена для клиента/ });
  const cost = () => screen.getByRole('textbox', { name: /Наши затраты/ });

  it('says the price is inside the total and the cost is a cost in the statistics', () => {
    render();
    expect(price()).toHaveAccessibleDescription('Входит в сумму заказа, итог не меняет');
    expect(cost()).toHaveAccessibleDescription('Расход «Другие документы» в статистике');
  });

  it('refuses a price above the order total and saves price and cost, showing the margin', async () => {
    render();
    fireEvent.change(price(), { target: { value: '6000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const message = formatMessage(MESSAGES.otherPriceAboveTotal, { amount: formatRub(5400) });
    expect(await screen.findByText(message, { normalizer: (text) => text })).toBeInTheDocument();
    expect(patches).toEqual([]);

    fireEvent.change(price(), { target: { value: '1000' } });
    fireEvent.change(cost(), { target: { value: '300.5' } });
    expect(screen.getByTestId('other-document-margin').textContent).toContain(formatRub(699.5));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patches).toEqual([{ orderId: ORDER_ID, otherPrice: 1000, otherCost: 300.5 }]));
  });
});
