import { Badge, Pagination, Table } from '@mantine/core';
import {
  COMMISSION_STATUS_LABELS,
  PAYOUT_STATUS_LABELS,
  formatRub,
  type CommissionStatus,
  type PayoutStatus,
} from '@app/contracts';

/** Kopecks shown as rubles by the shared formatter. */
export const rub = (kopecks: number) => formatRub(kopecks / 100);

const COMMISSION_COLORS: Record<CommissionStatus, string> = {
  PENDING: 'yellow',
  APPROVED: 'blue',
  PAID: 'green',
  REVERSED: 'gray',
};
const PAYOUT_COLORS: Record<PayoutStatus, string> = { DRAFT: 'yellow', PAID: 'green', CANCELLED: 'gray' };

export function CommissionStatusBadge({ status }: { status: CommissionStatus }) {
  return (
    <Badge color={COMMISSION_COLORS[status]} variant="light" style={{ textTransform: 'none' }}>
      {COMMISSION_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <Badge color={PAYOUT_COLORS[status]} variant="light" style={{ textTransform: 'none' }}>
      {PAYOUT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A money cell of a table: kopecks as rubles, right-aligned, never wrapped. */
export function MoneyCell({ kopecks, sign = false }: { kopecks: number; sign?: boolean }) {
  return (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
      {sign && kopecks > 0 ? '+' : ''}
      {rub(kopecks)}
    </Table.Td>
  );
}

/** Page numbers under a paged list answer (shown only when there is more than one page). */
export function Pages({
  answer,
  page,
  onChange,
}: {
  answer: { total: number; pageSize: number } | undefined;
  page: number;
  onChange: (page: number) => void;
}) {
  const pages = answer ? Math.ceil(answer.total / answer.pageSize) : 0;
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({
        'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница',
      })}
      getItemProps={(item) => ({ 'aria-label': `Страница ${item}` })}
    />
  );
}
