import type { OrderMonitoring, QueueJob } from '@app/contracts';

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
