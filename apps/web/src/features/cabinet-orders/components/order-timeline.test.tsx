import type { OrderDetail, WorkCalendar } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FORM_PARAMS } from '@/lib/form-params';
import { mockApi, renderInCabinet } from '@/test/render';
import { buildOrderTimeline } from '../model/order-timeline';
import { OrderTimeline } from './order-timeline';

/** The work calendar GET /api/order/form-params answers the timeline with (no holidays unless a test sets some). */
let calendar: WorkCalendar = EMPTY_FORM_PARAMS.calendar;
beforeEach(() => {
  calendar = EMPTY_FORM_PARAMS.calendar;
  mockApi((url) =>
    url.pathname === '/api/order/form-params' ? { ...EMPTY_FORM_PARAMS, calendar } : undefined,
  );
});

type HistoryEntry = OrderDetail['history'][number];
const entry = (toStatus: HistoryEntry['toStatus'], createdAt: string): HistoryEntry => ({
  fromStatus: null,
  toStatus,
  comment: null,
  internalNote: null,
  createdAt,
  actor: null,
});

function order(
  patch: Omit<Partial<OrderDetail>, 'delivery'> & { delivery?: Partial<OrderDetail['delivery']> },
): OrderDetail {
  const { delivery, ...rest } = patch;
  return {
    id: '00000000-0000-4000-8000-0000000000bb',
    number: 1043,
    createdAt: '2025-03-05T10:00:00.000Z',
    status: 'NEW',
    amount: 3000,
    isPaid: false,
    ownerConfirmed: true,
    documents: [{ name: 'Паспорт', quantity: 1 }],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    originalLanguageName: 'Русский',
    targetLanguageName: 'Английский',
    email: 'anna@example.ru',
    name: 'Анна',
    phoneNumber: '+79161234567',
    payerType: 'INDIVIDUAL',
    organization: null,
    comment: null,
    paidAt: null,
    estimatedReadyDate: '2025-03-07',
    priceBreakdown: {
      lines: [],
      documentsTotal: 3000,
      assurancesTotal: 0,
      deliveryPrice: 0,
      subtotal: 3000,
      discountPercent: 0,
      discount: 0,
      total: 3000,
    },
    files: [],
    history: [entry('NEW', '2025-03-05T10:00:00.000Z')],
    amountChanges: [],
    staff: null,
    canCancel: false,
    canPay: false,
    ...rest,
    delivery: {
      type: 'PICKUP_POINT',
      name: 'Пункт выдачи',
      price: 0,
      point: null,
      office: null,
      address: null,
      apartment: null,
      entrance: null,
      floor: null,
      intercom: null,
      addressComment: null,
      trackingNumber: null,
      trackingUrl: null,
      ...delivery,
    },
  };
}

const step = (key: string) => screen.getByTestId(`timeline-step-${key}`);

describe('OrderTimeline', () => {
  it('a courier order on its way: done steps carry their dates, the tracking number, the last step is current', () => {
    renderInCabinet(
      <OrderTimeline
        order={order({
          status: 'DELIVERING',
          isPaid: true,
          paidAt: '2025-03-05T10:30:00.000Z',
          history: [
            entry('NEW', '2025-03-05T10:00:00.000Z'),
            entry('PAID', '2025-03-05T10:30:00.000Z'),
            entry('IN_PROGRESS', '2025-03-05T12:00:00.000Z'),
            entry('READY', '2025-03-06T15:00:00.000Z'),
            entry('DELIVERING', '2025-03-07T09:15:00.000Z'),
          ],
          delivery: {
            type: 'COURIER',
            name: 'Курьер',
            trackingNumber: 'claim-7781',
            trackingUrl: 'https://dostavka.example/d/claim-7781',
          },
        })}
      />,
    );
    expect(screen.getAllByTestId(/^timeline-step-/).map((node) => node.dataset.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'current',
    ]);
    expect(step('paid')).toHaveTextContent('Оплачен');
    expect(step('paid')).toHaveTextContent('05.03.2025');
    expect(step('ready')).toHaveTextContent('06.03.2025');
    expect(step('delivering')).toHaveTextContent('Передан курьеру');
    expect(step('delivering')).toHaveTextContent('07.03.2025');
    expect(step('delivering')).toHaveTextContent('Трек-номер: claim-7781');
    expect(within(step('delivering')).getByRole('link', { name: /Где курьер/ })).toHaveAttribute(
      'href',
      'https://dostavka.example/d/claim-7781',
    );
    expect(step('completed')).toHaveAttribute('aria-current', 'step');
    expect(step('completed')).toHaveTextContent('Доставлен');
  });

  it('a paid courier order shows the ready date and the courier the next working day (Friday → Monday)', async () => {
    renderInCabinet(
      <OrderTimeline
        order={order({
          status: 'PAID',
          isPaid: true,
          paidAt: '2025-03-05T10:30:00.000Z',
          delivery: { type: 'COURIER', name: 'Курьер' },
        })}
      />,
    );
    expect(step('in-progress')).toHaveAttribute('data-state', 'current');
    expect(step('ready')).toHaveTextContent('Ожидаем к 07.03.2025');
    expect(await within(step('delivering')).findByText('Ожидаем к 10.03.2025')).toBeVisible();
    expect(within(step('delivering')).queryByText(/Трек-номер/)).toBeNull();
  });

  it('the courier date skips the holidays of the work calendar the order form counts the ready date with', async () => {
    // Monday 10 March 2025 is a day off: the courier comes on Tuesday.
    calendar = { nonWorkingDays: ['2025-03-10'], workingWeekendDays: [] };
    renderInCabinet(
      <OrderTimeline
        order={order({
          status: 'PAID',
          isPaid: true,
          paidAt: '2025-03-05T10:30:00.000Z',
          delivery: { type: 'COURIER', name: 'Курьер' },
        })}
      />,
    );
    expect(await within(step('delivering')).findByText('Ожидаем к 11.03.2025')).toBeVisible();
    expect(step('ready')).toHaveTextContent('Ожидаем к 07.03.2025');
  });

  it('a pickup order that is ready waits for the customer from the ready date', () => {
    renderInCabinet(
      <OrderTimeline
        order={order({
          status: 'READY',
          isPaid: true,
          paidAt: '2025-03-05T10:30:00.000Z',
          history: [
            entry('NEW', '2025-03-05T10:00:00.000Z'),
            entry('PAID', '2025-03-05T10:30:00.000Z'),
            entry('IN_PROGRESS', '2025-03-05T12:00:00.000Z'),
            entry('READY', '2025-03-06T15:00:00.000Z'),
          ],
        })}
      />,
    );
    expect(screen.getAllByTestId(/^timeline-step-/).map((node) => node.dataset.state)).toEqual([
      'done',
      'done',
      'done',
      'current',
    ]);
    expect(step('ready')).toHaveTextContent('Готов к выдаче в пункте');
    expect(step('completed')).toHaveTextContent('Ожидаем с 07.03.2025');
  });

  it('an unpaid order starts at the payment; a cancelled one has no way ahead', () => {
    const { unmount } = renderInCabinet(
      <OrderTimeline order={order({ delivery: { type: 'ELECTRONIC' } })} />,
    );
    expect(step('paid')).toHaveTextContent('Ожидает оплаты');
    expect(step('paid')).toHaveAttribute('data-state', 'current');
    expect(step('completed')).toHaveTextContent('Отправлен в кабинет и на e-mail');
    unmount();
    renderInCabinet(<OrderTimeline order={order({ status: 'CANCELED', delivery: {} })} />);
    expect(screen.queryByTestId('order-timeline')).toBeNull();
  });
});

describe('buildOrderTimeline', () => {
  const courierOrder = order({ status: 'IN_PROGRESS', isPaid: true, delivery: { type: 'COURIER' } });
  const courierDate = (workCalendar: WorkCalendar | null) =>
    buildOrderTimeline(courierOrder, workCalendar)?.find((item) => item.key === 'delivering')?.expectedDate;

  it('counts the courier day by the work calendar: holidays skipped, a working Saturday counted', () => {
    // Ready on Friday 7 March 2025.
    expect(courierDate({ nonWorkingDays: [], workingWeekendDays: [] })).toBe('2025-03-10');
    expect(courierDate({ nonWorkingDays: ['2025-03-10', '2025-03-11'], workingWeekendDays: [] })).toBe(
      '2025-03-12',
    );
    expect(courierDate({ nonWorkingDays: [], workingWeekendDays: ['2025-03-08'] })).toBe('2025-03-08');
  });

  it('leaves the courier date out until the calendar is known', () => {
    expect(courierDate(null)).toBeNull();
  });
});
