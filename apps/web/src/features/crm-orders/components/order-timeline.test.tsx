import { ORDER_TIMELINE_KIND_LABELS, ORDER_TIMELINE_KINDS, type OrderTimelineEntry } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, renderInCabinet } from '@/test/render';
import { OrderTimeline } from './order-timeline';

const ORDER_ID = '00000000-0000-4000-8000-000000000055';

/** One entry of every kind the server sends (decision 055), oldest first. */
const TEXTS: Record<OrderTimelineEntry['kind'], string> = {
  status: 'Статус: Новый → Оплачен',
  amount: 'Сумма изменена: 5 400 ₽ → 6 000 ₽. Причина: Ещё страница',
  edit: 'Заказ изменён: Телефон: +79161234567 → +79167654321. Причина: Новый телефон',
  note: 'Заметка: клиент заберёт сам',
  mail: 'Письмо отправлено повторно: подтверждение заказа → vera@example.ru',
  push: 'Уведомление: Заказ №1042 оплачен',
  payment: 'Оплата 6 000 ₽ получена',
  job: 'Задача «Отправка письма»: выполнена',
  event: 'Событие: доставка создана',
  action: 'Отмечено: подписанный акт получен',
};

describe('the order timeline on the CRM order page', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.crmToken, 'aaa.bbb.ccc');
    window.localStorage.setItem(STORAGE_KEYS.crmRole, 'MANAGER');
  });

  it('draws every kind of entry with its label, Moscow time, who and the text, in the server order', async () => {
    const items: OrderTimelineEntry[] = ORDER_TIMELINE_KINDS.map((kind, index) => ({
      kind,
      at: `2026-03-05T${String(10 + index).padStart(2, '0')}:00:00.000Z`,
      actor: kind === 'job' || kind === 'payment' ? null : 'manager@demo.local',
      text: TEXTS[kind],
    }));
    mockApi((url) =>
      url.pathname === `/api/order/${ORDER_ID}/timeline` ? { items, truncated: false } : undefined,
    );
    renderInCabinet(<OrderTimeline orderId={ORDER_ID} />, { path: `/crm/orders/${ORDER_ID}` });
    const list = await screen.findByTestId('order-timeline');
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(ORDER_TIMELINE_KINDS.length);
    ORDER_TIMELINE_KINDS.forEach((kind, index) => {
      const entry = entries[index]!;
      expect(entry).toHaveAttribute('data-kind', kind);
      expect(within(entry).getByText(ORDER_TIMELINE_KIND_LABELS[kind])).toBeInTheDocument();
      expect(within(entry).getByText(TEXTS[kind])).toBeInTheDocument();
      // 10:00 UTC is 13:00 in Moscow.
      expect(entry.textContent).toContain(`05.03.2026, ${13 + index}:00`);
      if (kind === 'job' || kind === 'payment') expect(entry.textContent).not.toContain('manager@demo.local');
      else expect(within(entry).getByText('manager@demo.local')).toBeInTheDocument();
    });
    expect(screen.queryByText(/Показаны последние/)).toBeNull();
  });

  it('says when older entries were left out, and when the timeline could not be loaded', async () => {
    mockApi((url) =>
      url.pathname === `/api/order/${ORDER_ID}/timeline`
        ? {
            items: [{ kind: 'status', at: '2026-03-05T10:00:00.000Z', actor: null, text: TEXTS.status }],
            truncated: true,
          }
        : undefined,
    );
    const first = renderInCabinet(<OrderTimeline orderId={ORDER_ID} />, { path: `/crm/orders/${ORDER_ID}` });
    expect(await screen.findByText('Показаны последние 1 событий')).toBeInTheDocument();
    first.unmount();

    mockApi(() => undefined);
    renderInCabinet(<OrderTimeline orderId={ORDER_ID} />, { path: `/crm/orders/${ORDER_ID}` });
    expect(
      await screen.findByText('Не удалось загрузить ленту заказа', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
