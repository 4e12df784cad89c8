import { jobTitle, type JobDetail, type OrderMonitoring, type QueueJob } from '@app/contracts';

export const iso = (value: Date | string) => new Date(value).toISOString();

/** A row of pgboss.job as the monitoring queries select it. */
export type JobRow = {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown> | null;
  start_after: Date;
  started_on: Date | null;
  completed_on: Date | null;
  created_on: Date;
  retry_count: number;
  output: { message?: string; summary?: string } | null;
};

/** An order as the order monitoring page reads it (raw SQL, snake_case). */
export type MonitoredOrderRow = {
  id: string;
  number: string;
  status: string;
  is_paid: boolean;
  delivery_type: string;
  external_delivery_id: string | null;
  external_delivery_status: string | null;
  created_at: Date;
};

export type OrderEventRow = {
  id: string;
  type: string;
  is_success: boolean;
  error: string | null;
  data: Record<string, unknown> | null;
  created_at: Date;
};

export function toJob(row: JobRow, now: number): QueueJob {
  const startAfter = new Date(row.start_after).getTime();
  const created = new Date(row.created_on).getTime();
  const delay = Math.max(0, startAfter - created);
  return {
    id: row.id,
    queue: row.name,
    name: String(row.data?.name ?? row.name),
    state: row.state,
    data: { ...(row.data ?? {}), orderId: (row.data?.orderId as string | null | undefined) ?? null },
    delay: Math.max(0, startAfter - now),
    processedOn: row.started_on ? new Date(row.started_on).getTime() : null,
    finishedOn: row.completed_on ? new Date(row.completed_on).getTime() : null,
    failedReason: row.state === 'failed' || row.state === 'retry' ? (row.output?.message ?? null) : null,
    timestamp: created,
    attemptsMade: row.retry_count,
    opts: { delay },
  };
}

export function toMonitoredOrder(order: MonitoredOrderRow): OrderMonitoring['order'] {
  return {
    id: order.id,
    number: Number(order.number),
    status: order.status,
    isPaid: order.is_paid,
    deliveryType: order.delivery_type,
    externalDeliveryId: order.external_delivery_id,
    externalDeliveryStatus: order.external_delivery_status,
    createdAt: iso(order.created_at),
  };
}

export function toOrderEvent(event: OrderEventRow): OrderMonitoring['events'][number] {
  return {
    id: event.id,
    type: event.type,
    isSuccess: event.is_success,
    error: event.error,
    data: event.data,
    createdAt: iso(event.created_at),
  };
}

/** A job of pgboss.job or pgboss.archive with everything the detail shows. */
export type JobDetailRow = Omit<JobRow, 'output'> & {
  output: Record<string, unknown> | null;
  retry_limit: number;
  singleton_key: string | null;
  keep_until: Date;
  archived_on: Date | null;
};

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// A UUID is matched first and left alone: its digit-and-dash runs (…-4000-8000-…) would read as a phone number.
const UUID_OR_PHONE = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}|\+?\d[\d\s()-]{8,}\d/gi;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** `ivan@example.ru` → `i•••@example.ru`, `+79161234567` → `+7•••••••67`: enough to tell them apart. */
function maskText(text: string): string {
  return text
    .replace(EMAIL, (email) => `${email[0]}•••@${email.slice(email.indexOf('@') + 1)}`)
    .replace(UUID_OR_PHONE, (phone) => {
      if (UUID.test(phone)) return phone;
      const digits = phone.replace(/\D/g, '');
      return digits.length < 10
        ? phone
        : `${phone.startsWith('+') ? '+' : ''}${digits[0]}•••••••${digits.slice(-2)}`;
    });
}

/** Every string inside a JSON value with e-mails and phone numbers masked (decision 056: only ADMIN sees them). */
export function maskPersonalData<T>(value: T): T {
  if (typeof value === 'string') return maskText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => maskPersonalData(item)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskPersonalData(item)])) as T;
  return value;
}

export function toJobDetail(
  row: JobDetailRow,
  orderNumber: number | null,
  options: { mask: boolean },
): JobDetail {
  const name = String(row.data?.name ?? row.name);
  const output = row.output ?? null;
  // pg-boss keeps the last output: a result once completed, else the error of the last failed attempt (also while
  // a retried job waits or runs again).
  const isError = row.state !== 'completed';
  const error =
    isError && output
      ? {
          message: String(output.message ?? 'Без сообщения об ошибке'),
          stack: typeof output.stack === 'string' ? output.stack : null,
        }
      : null;
  const detail: JobDetail = {
    id: row.id,
    queue: row.name,
    name,
    title: jobTitle(name),
    state: row.state,
    isArchived: row.archived_on !== null,
    isMasked: options.mask,
    data: row.data ?? {},
    result: !isError && output ? output : null,
    error,
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    singletonKey: row.singleton_key,
    createdOn: iso(row.created_on),
    startAfter: iso(row.start_after),
    startedOn: row.started_on ? iso(row.started_on) : null,
    completedOn: row.completed_on ? iso(row.completed_on) : null,
    keepUntil: iso(row.keep_until),
    archivedOn: row.archived_on ? iso(row.archived_on) : null,
    orderId: typeof row.data?.orderId === 'string' ? row.data.orderId : null,
    orderNumber,
  };
  if (!options.mask) return detail;
  return {
    ...detail,
    data: maskPersonalData(detail.data),
    result: maskPersonalData(detail.result),
    error: maskPersonalData(error),
  };
}
