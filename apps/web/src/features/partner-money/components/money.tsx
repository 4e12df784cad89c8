import { Badge, Pagination } from '@mantine/core';
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

/** Page numbers under a paged list (shown only when there is more than one page). */
export function Pages({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.ceil(total / pageSize);
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
