import { BarChart } from '@/components/charts';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CouponFunnel } from '@app/contracts';
import { AdminList, AdminPageHeader } from '@/components/admin-list';
import { formatDate } from '@/lib/format';
import { showErrorToast } from '@/lib/notify';
import { exportAnalytics, useCorporateAnalytics } from '../api/coupons';
import { rub } from './shared';

const FUNNEL_COLUMNS = [
  { label: 'Выпущено' },
  { label: 'Использовано' },
  { label: 'Заказы' },
  { label: 'Оплачены' },
  { label: 'Выручка' },
  { label: 'Комиссия' },
] as const;

function FunnelCells({ funnel }: { funnel: CouponFunnel }) {
  return (
    <>
      <Table.Td>{funnel.issued}</Table.Td>
      <Table.Td>{funnel.used}</Table.Td>
      <Table.Td>{funnel.orders}</Table.Td>
      <Table.Td>{funnel.paidOrders}</Table.Td>
      <Table.Td>{rub(funnel.revenueKopecks)}</Table.Td>
      <Table.Td>{rub(funnel.commissionKopecks)}</Table.Td>
    </>
  );
}

/**
 * /partner/corporate/analytics: coupons issued and used, orders, revenue and commission per campaign and batch;
 * per campaign also the orders that came through its referral links (decision 069).
 */
export function CorporateAnalyticsPage() {
  const analytics = useCorporateAnalytics();
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Аналитика корпоративных клиентов" />
      {analytics.isPending ? (
        <Loader aria-label="Загрузка аналитики" />
      ) : analytics.isError ? (
        <Alert color="red" title="Не удалось загрузить аналитику">
          {analytics.error.message}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} data-testid="corporate-totals">
            {(
              [
                ['Выпущено купонов', String(analytics.data.totals.issued)],
                ['Использовано', String(analytics.data.totals.used)],
                ['Заказы', String(analytics.data.totals.orders)],
                ['Оплачены', String(analytics.data.totals.paidOrders)],
                ['Выручка', rub(analytics.data.totals.revenueKopecks)],
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
            <Text size="sm" fw={500} mb="xs">
              Использовано купонов за 30 дней
            </Text>
            <BarChart
              h={240}
              data={analytics.data.days.map((day) => ({ ...day, date: formatDate(day.date).slice(0, 5) }))}
              dataKey="date"
              series={[{ name: 'used', label: 'Использовано', color: 'teal.8' }]}
              yAxisProps={{ allowDecimals: false, width: 40 }}
              data-testid="corporate-chart"
            />
          </Card>
          <Group justify="space-between">
            <Title order={2} size="h4">
              По кампаниям
            </Title>
            <Button variant="default" onClick={() => exportAnalytics().catch(showErrorToast)}>
              Скачать CSV
            </Button>
          </Group>
          <AdminList
            query={analytics}
            items={analytics.data.campaigns}
            errorText="Не удалось загрузить аналитику"
            emptyText="Пока нечего показать: выпустите пакет купонов в разделе «Пакеты купонов»"
            testId="corporate-campaigns"
            scrollLabel="Аналитика по кампаниям"
            minWidth={1080}
            columns={[
              { label: 'Кампания' },
              ...FUNNEL_COLUMNS,
              { label: 'Заказы по ссылкам' },
              { label: 'Оплачены по ссылкам' },
              { label: 'Выручка по ссылкам' },
              { label: 'Комиссия по ссылкам' },
            ]}
            renderRow={(campaign) => (
              <Table.Tr key={campaign.campaignId ?? 'none'}>
                <Table.Td>{campaign.name}</Table.Td>
                <FunnelCells funnel={campaign} />
                <Table.Td>{campaign.linkOrders}</Table.Td>
                <Table.Td>{campaign.linkPaidOrders}</Table.Td>
                <Table.Td>{rub(campaign.linkRevenueKopecks)}</Table.Td>
                <Table.Td>{rub(campaign.linkCommissionKopecks)}</Table.Td>
              </Table.Tr>
            )}
          />
          <Title order={2} size="h4">
            По пакетам
          </Title>
          <AdminList
            query={analytics}
            items={analytics.data.batches}
            errorText="Не удалось загрузить аналитику"
            emptyText="Пакетов купонов пока нет"
            testId="corporate-batches"
            minWidth={820}
            columns={[{ label: 'Пакет' }, { label: 'Кампания' }, ...FUNNEL_COLUMNS]}
            renderRow={(batch) => (
              <Table.Tr key={batch.batchId}>
                <Table.Td>{batch.label}</Table.Td>
                <Table.Td>{batch.campaignName ?? '—'}</Table.Td>
                <FunnelCells funnel={batch} />
              </Table.Tr>
            )}
          />
        </>
      )}
    </Stack>
  );
}
