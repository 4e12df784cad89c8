import { Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  COMMISSION_KIND_LABELS,
  COMMISSION_STATUS_LABELS,
  COMMISSION_STATUSES,
  type CommissionStatus,
  type PartnerCommission,
} from '@app/contracts';
import { AdminList } from '@/components/admin-list';
import { formatDate } from '@/lib/format';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { usePartnerCommissions } from '../api/partner-money';
import { CommissionStatusBadge, MoneyCell, Pages, rub } from './money';

const FILTERS: UrlFiltersCodec<{ status?: CommissionStatus; page: number }> = {
  parse: (params) => {
    const status = params.get('status') as CommissionStatus | null;
    const page = Number(params.get('page'));
    return {
      ...(status && COMMISSION_STATUSES.includes(status) ? { status } : {}),
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  },
  toQuery: ({ status, page }) => ({
    ...(status ? { status } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  }),
};

const dateOr = (value: string | null) => (value ? formatDate(value) : '—');

/** What a commission is for: the order by its number only, or the reason of an adjustment. */
export function commissionSubject(item: PartnerCommission): string {
  const kind = COMMISSION_KIND_LABELS[item.kind];
  if (item.orderNumber !== null) return `${kind} · заказ №${item.orderNumber}`;
  return item.reason ? `${kind} · ${item.reason}` : kind;
}

/** /partner/commissions: every commission of the partner, with totals by status (decision 062). */
export function PartnerCommissionsPage() {
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const commissions = usePartnerCommissions(filters);
  const data = commissions.data;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Комиссии
      </Title>
      {data ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {(['PENDING', 'APPROVED', 'PAID'] as const).map((status) => (
            <Card withBorder key={status} padding="sm">
              <Text size="sm" c="dimmed">
                {COMMISSION_STATUS_LABELS[status]}
              </Text>
              <Text fw={700} size="lg" data-testid={`commissions-total-${status}`}>
                {rub(data.totals[status])}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      <Group>
        <Select
          label="Статус"
          clearable
          placeholder="Все"
          data={COMMISSION_STATUSES.map((status) => ({
            value: status,
            label: COMMISSION_STATUS_LABELS[status],
          }))}
          value={filters.status ?? null}
          onChange={(value) =>
            setFilters({ page: 1, ...(value ? { status: value as CommissionStatus } : {}) })
          }
        />
      </Group>
      <AdminList
        query={commissions}
        items={data?.items ?? []}
        errorText="Не удалось загрузить комиссии"
        emptyText="Комиссий пока нет: они появятся, когда приведённые вами клиенты оплатят заказы"
        testId="partner-commissions"
        scrollLabel="Таблица комиссий"
        minWidth={900}
        columns={[
          { label: 'Начисление' },
          { label: 'База', ta: 'right' },
          { label: 'Ставка', ta: 'right' },
          { label: 'Сумма', ta: 'right' },
          { label: 'Статус' },
          { label: 'Создана' },
          { label: 'Можно подтвердить' },
          { label: 'Подтверждена' },
          { label: 'Выплачена' },
        ]}
        renderRow={(item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{commissionSubject(item)}</Table.Td>
            <Table.Td ta="right">{item.kind === 'ORDER' ? rub(item.baseKopecks) : '—'}</Table.Td>
            <Table.Td ta="right">
              {item.kind === 'ORDER' && item.ratePercent !== null ? `${item.ratePercent} %` : '—'}
            </Table.Td>
            <MoneyCell kopecks={item.status === 'REVERSED' ? 0 : item.amountKopecks} />
            <Table.Td>
              <CommissionStatusBadge status={item.status} />
            </Table.Td>
            <Table.Td>{formatDate(item.createdAt)}</Table.Td>
            <Table.Td>{dateOr(item.approvableAt)}</Table.Td>
            <Table.Td>{dateOr(item.approvedAt)}</Table.Td>
            <Table.Td>{dateOr(item.paidAt)}</Table.Td>
          </Table.Tr>
        )}
      />
      <Pages answer={data} page={filters.page} onChange={(page) => setFilters({ ...filters, page })} />
    </Stack>
  );
}
