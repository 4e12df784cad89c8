import { addWorkingDays, type OrderDetail, type OrderStatus, type WorkCalendar } from '@app/contracts';

export type TimelineStepState = 'done' | 'current' | 'upcoming';

export type TimelineStep = {
  key: string;
  title: string;
  state: TimelineStepState;
  /** When it happened (ISO timestamp from the status history or the payment), for a done step. */
  doneAt: string | null;
  /** When we expect it (ISO date), for a step still ahead. */
  expectedDate: string | null;
  /** How the expected date reads: «к» a date or «с» a date (pickup waits from the ready date on). */
  expectedPrefix: 'к' | 'с';
  /** A courier order's tracking number, on the courier step. */
  trackingNumber: string | null;
  /** The delivery service's live courier tracking page, on the courier step while it is under way. */
  trackingUrl: string | null;
};

const RANK: Record<OrderStatus, number> = {
  NEW: 0,
  PAID: 1,
  IN_PROGRESS: 2,
  READY: 3,
  DELIVERING: 4,
  COMPLETED: 5,
  CANCELED: -1,
};

type StepSpec = {
  key: string;
  title: string;
  /** The status that marks the step done. */
  status: OrderStatus;
  expectedDate: string | null;
  expectedPrefix?: 'к' | 'с';
  trackingNumber?: string | null;
  trackingUrl?: string | null;
};

/**
 * The working day after `date` by the work calendar (weekends, holidays and moved days off, as the order form's
 * ready date counts them); null without the calendar: no date is better than one that falls on a holiday.
 */
function nextWorkingDay(date: string, calendar: WorkCalendar | null): string | null {
  if (!calendar) return null;
  return addWorkingDays(date, 1, {
    nonWorkingDays: new Set(calendar.nonWorkingDays),
    workingWeekendDays: new Set(calendar.workingWeekendDays),
  });
}

/** The steps of an order's way to the customer, by how it is received (decision 038). */
function stepsOf(order: OrderDetail, calendar: WorkCalendar | null): StepSpec[] {
  const ready = order.estimatedReadyDate;
  const common: StepSpec[] = [
    { key: 'in-progress', title: 'В работе', status: 'IN_PROGRESS', expectedDate: null },
  ];
  switch (order.delivery.type) {
    case 'COURIER':
      return [
        ...common,
        { key: 'ready', title: 'Перевод готов', status: 'READY', expectedDate: ready },
        {
          key: 'delivering',
          title: 'Передан курьеру',
          status: 'DELIVERING',
          // The courier is booked when the order is ready: the next working day at the latest.
          expectedDate: ready ? nextWorkingDay(ready, calendar) : null,
          trackingNumber: order.delivery.trackingNumber,
          trackingUrl: order.status === 'COMPLETED' ? null : order.delivery.trackingUrl,
        },
        { key: 'completed', title: 'Доставлен', status: 'COMPLETED', expectedDate: null },
      ];
    case 'PICKUP_POINT':
    case 'OFFICE':
      return [
        ...common,
        {
          key: 'ready',
          title: order.delivery.type === 'OFFICE' ? 'Готов к выдаче в офисе' : 'Готов к выдаче в пункте',
          status: 'READY',
          expectedDate: ready,
        },
        {
          key: 'completed',
          title: 'Получен',
          status: 'COMPLETED',
          expectedDate: ready,
          expectedPrefix: 'с',
        },
      ];
    case 'ELECTRONIC':
      return [
        ...common,
        { key: 'ready', title: 'Перевод готов', status: 'READY', expectedDate: ready },
        {
          key: 'completed',
          title: 'Отправлен в кабинет и на e-mail',
          status: 'COMPLETED',
          expectedDate: null,
        },
      ];
  }
}

/** The newest time the order entered `status`, from its history. */
function enteredAt(order: OrderDetail, status: OrderStatus): string | null {
  const entries = order.history.filter((entry) => entry.toStatus === status);
  return entries.at(-1)?.createdAt ?? null;
}

/**
 * The order's way from payment to the customer: done steps with their real dates, the step now under way and
 * the ones ahead with the dates we expect. A cancelled order has no way ahead (null). `calendar` is the work
 * calendar of GET /api/order/form-params (null until it has loaded: the courier's date is then left out).
 */
export function buildOrderTimeline(order: OrderDetail, calendar: WorkCalendar | null): TimelineStep[] | null {
  if (order.status === 'CANCELED') return null;
  const rank = RANK[order.status];
  const paid: TimelineStep = {
    key: 'paid',
    title: order.isPaid ? 'Оплачен' : 'Ожидает оплаты',
    state: order.isPaid ? 'done' : 'upcoming',
    doneAt: order.isPaid ? (order.paidAt ?? enteredAt(order, 'PAID')) : null,
    expectedDate: null,
    expectedPrefix: 'к',
    trackingNumber: null,
    trackingUrl: null,
  };
  const steps: TimelineStep[] = [
    paid,
    ...stepsOf(order, calendar).map((spec): TimelineStep => {
      const isDone = rank >= RANK[spec.status];
      return {
        key: spec.key,
        title: spec.title,
        state: isDone ? 'done' : 'upcoming',
        doneAt: isDone ? enteredAt(order, spec.status) : null,
        expectedDate: isDone ? null : spec.expectedDate,
        expectedPrefix: spec.expectedPrefix ?? 'к',
        trackingNumber: spec.trackingNumber ?? null,
        trackingUrl: spec.trackingUrl ?? null,
      };
    }),
  ];
  // Work may start before an organization pays by invoice: the step under way is the first one not done.
  const current = steps.find((step) => step.state !== 'done');
  if (current) current.state = 'current';
  return steps;
}
