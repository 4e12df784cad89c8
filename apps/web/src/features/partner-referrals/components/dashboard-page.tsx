import { LineChart } from '@/components/charts';
import { Alert, Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin-list';
import { formatDate } from '@/lib/format';
import { usePartnerDashboard } from '../api/referrals';
import { rub } from './shared';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** /partner/dashboard: clicks, orders, conversion, money and the last 30 days; a first step for a new partner. */
export function PartnerDashboardPage() {
  const dashboard = usePartnerDashboard();
  if (dashboard.isPending) return <Loader aria-label="Загрузка сводки" />;
  if (dashboard.isError)
    return (
      <Alert color="red" title="Не удалось загрузить сводку">
        {dashboard.error.message}
      </Alert>
    );
  const data = dashboard.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Обзор" />
      {!data.hasLinks ? (
        <Card withBorder data-testid="dashboard-first-steps">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              С чего начать
            </Title>
            <Text>
              Создайте партнёрскую ссылку и поделитесь ею: заказы посетителей, пришедших по ней, будут
              засчитаны вам. Можно также завести свой промокод.
            </Text>
            <Button component={Link} to="/partner/affiliate/links">
              Создать ссылку
            </Button>
          </Stack>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        <Stat label="Переходы" value={String(data.clicks)} testId="dashboard-clicks" />
        <Stat label="Заказы" value={String(data.orders)} testId="dashboard-orders" />
        <Stat
          label="Конверсия"
          value={`${data.conversionPercent.toLocaleString('ru-RU')} %`}
          testId="dashboard-conversion"
        />
        <Stat label="Баланс к выплате" value={rub(data.balanceKopecks)} testId="dashboard-balance" />
        <Stat label="Комиссии в ожидании" value={rub(data.pendingKopecks)} testId="dashboard-pending" />
        <Stat label="Одобрено" value={rub(data.approvedKopecks)} testId="dashboard-approved" />
        <Stat label="Выплачено" value={rub(data.paidKopecks)} testId="dashboard-paid" />
      </SimpleGrid>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Последние 30 дней
          </Title>
          <LineChart
            h={240}
            data={data.days.map((day) => ({ ...day, date: formatDate(day.date).slice(0, 5) }))}
            dataKey="date"
            series={[
              { name: 'clicks', label: 'Переходы', color: 'blue.7' },
              { name: 'orders', label: 'Заказы', color: 'teal.7' },
            ]}
            curveType="linear"
            withLegend
            yAxisProps={{ allowDecimals: false, width: 40 }}
            data-testid="dashboard-chart"
          />
        </Stack>
      </Card>
    </Stack>
  );
}
