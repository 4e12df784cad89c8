import { formatRub, MESSAGES } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { AmountForm } from './amount-form';

const ORDER_ID = '00000000-0000-4000-8000-000000000017';

/** Issue 17: `-100` was snapped to 0 and saved at once; now a reason and a confirmation «Было X → станет Y». */
describe('CRM amount form', () => {
  let patches: unknown[];

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
    patches = [];
    mockApi(async (url, init) => {
      if (url.pathname === '/api/order/amount' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { id: string; amount: number };
        patches.push(body);
        return { id: body.id, amount: body.amount };
      }
      return undefined;
    });
  });

  const render = () =>
    renderInCabinet(<AmountForm order={{ id: ORDER_ID, amount: 5400 }} />, {
      path: `/crm/orders/${ORDER_ID}`,
    });
  const amountField = () => screen.getByRole('textbox', { name: 'Сумма заказа, ₽' });
  const reasonField = () => screen.getByRole('textbox', { name: 'Причина изменения' });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Изменить сумму' }));

  it('keeps -100 as typed (no snap to 0), shows the error and sends nothing', async () => {
    render();
    fireEvent.change(amountField(), { target: { value: '-100' } });
    fireEvent.blur(amountField());
    fireEvent.change(reasonField(), { target: { value: 'Скидка' } });
    submit();
    expect(await screen.findByText(MESSAGES.amountMustBePositive)).toBeInTheDocument();
    expect(amountField()).toHaveValue('-100');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches).toEqual([]);
  });

  it('refuses 0 and a missing reason before asking', async () => {
    render();
    fireEvent.change(amountField(), { target: { value: '0' } });
    submit();
    expect(await screen.findByText(MESSAGES.amountMustBePositive)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.amountChangeReasonMissing)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches).toEqual([]);
  });

  it('asks «Было X → станет Y» with the reason, and saves only on confirmation', async () => {
    render();
    fireEvent.change(amountField(), { target: { value: '6000' } });
    fireEvent.change(reasonField(), { target: { value: '  Добавлена страница ' } });
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Изменить сумму заказа?' });
    expect(within(dialog).getByTestId('amount-change-preview').textContent).toBe(
      `Было ${formatRub(5400)} → станет ${formatRub(6000)}`,
    );
    expect(within(dialog).getByText('Причина: Добавлена страница')).toBeInTheDocument();
    expect(patches).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual([]);

    submit();
    const again = await screen.findByRole('dialog', { name: 'Изменить сумму заказа?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Изменить сумму' }));
    await waitFor(() =>
      expect(patches).toEqual([{ id: ORDER_ID, amount: 6000, reason: 'Добавлена страница' }]),
    );
  });

  it('reads «300,5» as 300,50 ₽, not 3005 (a Russian decimal comma, issue 17)', async () => {
    render();
    fireEvent.change(amountField(), { target: { value: '300,5' } });
    fireEvent.change(reasonField(), { target: { value: 'Скидка' } });
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Изменить сумму заказа?' });
    expect(within(dialog).getByTestId('amount-change-preview').textContent).toBe(
      `Было ${formatRub(5400)} → станет ${formatRub(300.5)}`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить сумму' }));
    await waitFor(() => expect(patches).toEqual([{ id: ORDER_ID, amount: 300.5, reason: 'Скидка' }]));
  });
});
