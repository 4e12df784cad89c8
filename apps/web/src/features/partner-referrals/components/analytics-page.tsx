import { LineChart } from '@/components/charts';
import { Alert, Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Funnel } from '@app/contracts';
import { AdminList, AdminPageHeader } from '@/components/admin-list';
import { formatDate } from '@/lib/format';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { useAffiliateAnalytics, type Period } from '../api/referrals';
import { PeriodFilter, rub } from './shared';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PERIOD: UrlFiltersCodec<Period> = {
  parse: (params) => {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return { from: DATE.test(from) ? from : undefined, to: DATE.test(to) ? to : undefined };
  },
  toQuery: (period) => ({ ...period }),
};

const FUNNEL_COLUMNS = [
  { label: 'Переходы' },
  { label: 'Заказы' },
  { label: 'Оплачены' },
  { label: 'Комиссия' },
] as const;

function FunnelCells({ funnel }: { funnel: Funnel }) {
  return (
    <>
      <Table.Td>{funnel.clicks}</Table.Td>
      <Table.Td>{funnel.orders}</Table.Td>
      <Table.Td>{funnel.paidOrders}</Table.Td>
      <Table.Td>{rub(funnel.commissionKopecks)}</Table.Td>
    </>
  );
}

/** /partner/affiliate/analytics: clicks → orders → paid orders → commission by day, by link and by sub-id. */
export function PartnerAnalyticsPage() {
  const [period, setPeriod] = useUrlFilters(PERIOD);
  const analytics = useAffiliateAnalytics(period);
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Аналитика" />
      <PeriodFilter value={period} onChange={setPeriod} />
      {analytics.isPending ? (
        <Loader aria-label="Загрузка аналитики" />
      ) : analytics.isError ? (
        <Alert color="red" title="Не удалось загрузить аналитику">
          {analytics.error.message}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {formatDate(analytics.data.from)} — {formatDate(analytics.data.to)}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="analytics-totals">
            {(
              [
                ['Переходы', String(analytics.data.totals.clicks)],
                ['Заказы', String(analytics.data.totals.orders)],
                ['Оплачены', String(analytics.data.totals.paidOrders)],
                ['Комиссия', rub(analytics.data.totals.commissionKopecks)],
              ] as const
            ).map(([label, value]) => (
              <Card withBorder key={label} padding="md">
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} size="xl">
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Card withBorder>
            <LineChart
              h={260}
              data={analytics.data.days.map((day) => ({ ...day, date: formatDate(day.date).slice(0, 5) }))}
              dataKey="date"
              series={[
                { name: 'clicks', label: 'Переходы', color: 'blue.7' },
                { name: 'orders', label: 'Заказы', color: 'teal.7' },
                { name: 'paidOrders', label: 'Оплачены', color: 'grape.7' },
              ]}
              curveType="linear"
              withLegend
              yAxisProps={{ allowDecimals: false, width: 40 }}
              data-testid="analytics-chart"
            />
          </Card>
          <Title order={2} size="h4">
            По ссылкам
          </Title>
          <AdminList
            query={analytics}
            items={analytics.data.links}
            errorText="Не удалось загрузить аналитику"
            emptyText="За период переходов по ссылкам не было"
            testId="analytics-links"
            minWidth={560}
            columns={[{ label: 'Ссылка' }, ...FUNNEL_COLUMNS]}
            renderRow={(link) => (
              <Table.Tr key={link.linkId}>
                <Table.Td>{link.name}</Table.Td>
                <FunnelCells funnel={link} />
              </Table.Tr>
            )}
          />
          <Title order={2} size="h4">
            По sub-id
          </Title>
          <AdminList
            query={analytics}
            items={analytics.data.subIds}
            errorText="Не удалось загрузить аналитику"
            emptyText="За период переходов с sub-id не было"
            testId="analytics-sub-ids"
            minWidth={560}
            columns={[{ label: 'Sub-ID' }, ...FUNNEL_COLUMNS]}
            renderRow={(row) => (
              <Table.Tr key={row.subId}>
                <Table.Td>{row.subId}</Table.Td>
                <FunnelCells funnel={row} />
              </Table.Tr>
            )}
          />
          <Title order={2} size="h4">
            По дням
          </Title>
          <AdminList
            query={analytics}
            items={analytics.data.days.filter((day) => day.clicks > 0 || day.orders > 0).reverse()}
            errorText="Не удалось загрузить аналитику"
            emptyText="За период переходов и заказов не было"
            testId="analytics-days"
            minWidth={560}
            columns={[{ label: 'День' }, ...FUNNEL_COLUMNS]}
            renderRow={(day) => (
              <Table.Tr key={day.date}>
                <Table.Td>{formatDate(day.date)}</Table.Td>
                <FunnelCells funnel={day} />
              </Table.Tr>
            )}
          />
        </>
      )}
    </Stack>
  );
}
