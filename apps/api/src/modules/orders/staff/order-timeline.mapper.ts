import type { OrderTimelineEntry } from '@app/contracts';
import {
  formatRub,
  jobTitle,
  MANUAL_PAYMENT_METHOD_LABELS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '@app/contracts';
import type {
  auditLog,
  orderEvents,
  orderNotes,
  orderStatusHistory,
  payments,
} from '#src/db/schema/index.ts';

// Rows of the order's sources → timeline entries in short Russian (decision 055).

/** A pg-boss job of the order as the timeline selects it. */
export type TimelineJobRow = {
  job: string | null;
  state: string;
  created_on: Date | string;
  completed_on: Date | string | null;
  output: { message?: string } | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const statusLabel = (status: unknown) =>
  (ORDER_STATUS_LABELS as Record<string, string>)[String(status)] ?? String(status);

export function toStatusEntry({
  row,
  actor,
}: {
  row: typeof orderStatusHistory.$inferSelect;
  actor: string | null;
}): OrderTimelineEntry {
  const change = row.fromStatus
    ? `Статус: ${statusLabel(row.fromStatus)} → ${statusLabel(row.toStatus)}`
    : `Заказ создан (${statusLabel(row.toStatus as OrderStatus)})`;
  return {
    kind: 'status',
    at: iso(row.createdAt),
    actor,
    // Staff only: the comment went to the customer; the internal note (decision 048) did not.
    text: [
      change,
      row.comment ? `Комментарий клиенту: ${row.comment}` : null,
      row.internalNote ? `Внутренняя заметка: ${row.internalNote}` : null,
    ]
      .filter(Boolean)
      .join('. '),
  };
}

type AuditData = Record<string, unknown> | null;
const money = (value: unknown) => (typeof value === 'number' ? formatRub(value) : '—');
const kopecks = (value: unknown) => (typeof value === 'number' ? formatRub(value / 100) : '—');
const reasonOf = (data: AuditData) =>
  typeof data?.reason === 'string' && data.reason ? `. Причина: ${data.reason}` : '';

function auditText(
  action: string,
  data: AuditData,
): { kind: OrderTimelineEntry['kind']; text: string } | null {
  switch (action) {
    case 'order.amount':
      return {
        kind: 'amount',
        text: `Сумма изменена: ${money(data?.from)} → ${money(data?.to)}${reasonOf(data)}`,
      };
    case 'order.edit': {
      const changes = Array.isArray(data?.changes)
        ? (data.changes as Array<{ field: string; from: string; to: string }>)
            .map((change) => `${change.field}: ${change.from} → ${change.to}`)
            .join('; ')
        : '';
      const amount = data?.from !== data?.to ? `. Сумма: ${money(data?.from)} → ${money(data?.to)}` : '';
      return { kind: 'edit', text: `Заказ изменён: ${changes}${amount}${reasonOf(data)}` };
    }
    case 'order.status.correct':
      return {
        kind: 'status',
        text: `Исправление статуса: ${statusLabel(data?.from)} → ${statusLabel(data?.to)}${reasonOf(data)}`,
      };
    case 'order.other-document-amount':
      return {
        kind: 'action',
        text: `Другой документ: цена ${money(data?.otherPrice)}, себестоимость ${money(data?.otherCost)}`,
      };
    case 'order.act-exchanged':
      return {
        kind: 'action',
        text: data?.exchanged ? 'Отмечено: подписанный акт получен' : 'Снята отметка о полученном акте',
      };
    // Decision 076: an unpaid cancelled order frees its coupon; a refund gives back the refunded share.
    case 'order.coupon.release':
      return {
        kind: 'action',
        text: `Купон ${String(data?.code ?? '')} освобождён (заказ отменён без оплаты); в бюджет кампании вернулось ${kopecks(data?.returnedKopecks)}`,
      };
    case 'order.coupon.return':
      return {
        kind: 'action',
        text: `Возврат: в бюджет кампании вернулось ${kopecks(data?.returnedKopecks)} скидки по купону ${String(data?.code ?? '')}`,
      };
    case 'order.note.delete':
      return { kind: 'note', text: 'Заметка удалена' };
    case 'order.result.attach':
      return { kind: 'action', text: 'Прикреплены готовые файлы' };
    case 'order.result.delete':
      return { kind: 'action', text: 'Удалён готовый файл' };
    case 'order.result.send':
      return { kind: 'action', text: 'Готовые файлы отправлены клиенту' };
    case 'payment.not-settled':
      return {
        kind: 'payment',
        text: `Оплата ${money(data?.paid)} не зачтена: к оплате ${money(data?.due)}`,
      };
    case 'order.resend.confirmation':
      return {
        kind: 'mail',
        text: `Письмо отправлено повторно: подтверждение заказа → ${String(data?.to ?? '—')}`,
      };
    case 'order.resend.payment-link':
      return {
        kind: 'mail',
        text: `Письмо отправлено повторно: ссылка на оплату ${money(data?.amount)} → ${String(data?.to ?? '—')}`,
      };
    case 'order.delete':
      return { kind: 'action', text: 'Заказ удалён' };
    // The payment itself is the payment's entry.
    case 'order.payment.manual':
      return null;
    default:
      return { kind: 'action', text: `Действие: ${action}` };
  }
}

export function toAuditEntry({
  row,
  actor,
}: {
  row: typeof auditLog.$inferSelect;
  actor: string | null;
}): OrderTimelineEntry[] {
  const described = auditText(row.action, row.data as AuditData);
  return described ? [{ ...described, at: iso(row.createdAt), actor }] : [];
}

export function toNoteEntry({
  row,
  actor,
}: {
  row: typeof orderNotes.$inferSelect;
  actor: string | null;
}): OrderTimelineEntry {
  return { kind: 'note', at: iso(row.createdAt), actor, text: `Заметка: ${row.text}` };
}

const MAIL_STATUS_TEXT = {
  QUEUED: 'в очереди',
  SENDING: 'отправляется',
  SENT: 'отправлено',
  FAILED: 'ошибка',
};

export function toMailEntry(row: {
  to: string;
  subject: string;
  status: keyof typeof MAIL_STATUS_TEXT;
  createdAt: Date;
}): OrderTimelineEntry {
  return {
    kind: 'mail',
    at: iso(row.createdAt),
    actor: null,
    text: `Письмо «${row.subject}» на ${row.to} — ${MAIL_STATUS_TEXT[row.status]}`,
  };
}

export function toPushEntry(row: { title: string; createdAt: Date }): OrderTimelineEntry {
  return { kind: 'push', at: iso(row.createdAt), actor: null, text: `Уведомление клиенту: ${row.title}` };
}

export function toPaymentEntries({
  row,
  actor,
}: {
  row: typeof payments.$inferSelect;
  actor: string | null;
}): OrderTimelineEntry[] {
  if (row.provider === 'manual') {
    const method = row.manualMethod ? MANUAL_PAYMENT_METHOD_LABELS[row.manualMethod] : 'вне системы';
    return [
      {
        kind: 'payment',
        at: iso(row.createdAt),
        actor,
        text: `Оплата вне системы: ${formatRub(row.amount)}, ${method.toLowerCase()}`,
      },
    ];
  }
  const entries: OrderTimelineEntry[] = [
    {
      kind: 'payment',
      at: iso(row.createdAt),
      actor: null,
      text: `Ссылка на оплату ${formatRub(row.amount)}`,
    },
  ];
  if (row.status === 'succeeded') {
    entries.push({
      kind: 'payment',
      at: iso(row.updatedAt),
      actor: null,
      text: `Оплачено ${formatRub(row.amount)}`,
    });
  } else if (row.status === 'superseded') {
    entries.push({
      kind: 'payment',
      at: iso(row.updatedAt),
      actor: null,
      text: `Ссылка на ${formatRub(row.amount)} больше не действует: сумма заказа изменилась`,
    });
  } else if (row.status === 'canceled') {
    entries.push({
      kind: 'payment',
      at: iso(row.updatedAt),
      actor: null,
      text: `Оплата ${formatRub(row.amount)} отменена`,
    });
  }
  return entries;
}

const EVENT_TEXT: Record<string, string> = {
  email_sent: 'Отправка письма',
  delivery_created: 'Создание доставки',
};

/** «Купон ABC… — кампания X»: the corporate coupon the order was placed with (decision 069). */
export function toCouponEntry(row: {
  code: string;
  usedAt: Date | null;
  batchLabel: string;
  campaignName: string | null;
}): OrderTimelineEntry {
  const campaign = row.campaignName ? `кампания «${row.campaignName}»` : 'без кампании';
  return {
    kind: 'event',
    at: iso(row.usedAt ?? new Date(0)),
    actor: null,
    text: `Купон ${row.code} (пакет «${row.batchLabel}») — ${campaign}`,
  };
}

export function toEventEntry(row: typeof orderEvents.$inferSelect): OrderTimelineEntry {
  const label = EVENT_TEXT[row.type] ?? row.type;
  return {
    kind: 'event',
    at: iso(row.createdAt),
    actor: null,
    text: row.isSuccess ? label : `${label}: ошибка${row.error ? ` — ${row.error}` : ''}`,
  };
}

const JOB_STATE_TEXT: Record<string, string> = {
  created: 'ожидает',
  retry: 'повтор',
  active: 'выполняется',
  completed: 'выполнена',
  cancelled: 'отменена',
  failed: 'ошибка',
};

export function toJobEntry(row: TimelineJobRow): OrderTimelineEntry {
  const name = row.job ? jobTitle(row.job) : 'Задача';
  const state = JOB_STATE_TEXT[row.state] ?? row.state;
  const error = row.state === 'failed' && row.output?.message ? ` — ${row.output.message}` : '';
  return { kind: 'job', at: iso(row.created_on), actor: null, text: `Задача «${name}»: ${state}${error}` };
}
