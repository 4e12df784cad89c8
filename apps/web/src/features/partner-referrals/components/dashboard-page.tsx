import { LineChart } from '@/components/charts';
import type { PartnerFirstStep } from '@app/contracts';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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

/** What a partner of each type does first (decision 102): what it brings, and where to do it. */
const FIRST_STEPS: Record<PartnerFirstStep, { text: string; actions: Array<{ label: string; to: string }> }> =
  {
    LINK: {
      text:
        'Создайте партнёрскую ссылку и поделитесь ею: заказы посетителей, пришедших по ней, будут засчитаны вам. ' +
        'Можно также завести свой промокод.',
      actions: [{ label: 'Создать ссылку', to: '/partner/affiliate/links' }],
    },
    COUPON_BATCH: {
      text:
        'Выпустите пакет купонов для сотрудников или клиентов компании: заказы с этими купонами будут засчитаны ' +
        'вам. Пакеты можно объединить в кампанию с бюджетом скидок.',
      actions: [{ label: 'Выпустить купоны', to: '/partner/corporate/coupon-batches' }],
    },
    INTEGRATION: {
      text:
        'Подключите свой сайт или систему: разместите на сайте виджет расчёта стоимости или создайте API-ключ, ' +
        'чтобы оформлять заказы через API. Заказы из них будут засчитаны вам.',
      actions: [
        { label: 'Настроить виджет', to: '/partner/integrator/widgets' },
        { label: 'Создать API-ключ', to: '/partner/integrator/api-keys' },
      ],
    },
  };

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
      {data.firstStep ? (
        <Card withBorder data-testid="dashboard-first-steps">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              С чего начать
            </Title>
            <Text>{FIRST_STEPS[data.firstStep].text}</Text>
            <Group gap="sm">
              {FIRST_STEPS[data.firstStep].actions.map((action, index) => (
                <Button
                  key={action.to}
                  component={Link}
                  to={action.to}
                  variant={index === 0 ? 'filled' : 'default'}
                >
                  {action.label}
                </Button>
              ))}
            </Group>
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
