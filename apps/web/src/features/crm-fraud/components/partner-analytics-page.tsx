import { moscowDate, PARTNER_TYPE_LABELS, type PartnerAnalyticsResponse } from '@app/contracts';
import { BarChart } from '@/components/charts';
import { Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { AdminList, AdminPageHeader } from '@/components/admin-list';
import { RuDateInput } from '@/components/ru-date-input';
import { formatRub } from '@/lib/format';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { downloadPartnerAnalyticsCsv, usePartnerAnalytics, type AnalyticsPeriod } from '../api/fraud';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** This month in Moscow when the URL has no valid period. */
function defaultPeriod(): AnalyticsPeriod {
  const today = moscowDate(new Date());
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

const PERIOD_CODEC: UrlFiltersCodec<AnalyticsPeriod> = {
  parse: (params) => {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to ? { from, to } : defaultPeriod();
  },
  toQuery: (period) => ({ from: period.from, to: period.to }),
};

const formatPercent = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} %`;
const compactRub = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

const COLUMNS = [
  { label: 'Партнёр' },
  { label: 'Тип' },
  { label: 'Клики', ta: 'right' },
  { label: 'Заказы', ta: 'right' },
  { label: 'Выручка', ta: 'right' },
  { label: 'Комиссия', ta: 'right' },
  { label: 'Маржа после комиссии', ta: 'right' },
  { label: 'Конверсия', ta: 'right' },
] as const;

function Totals({ totals }: { totals: PartnerAnalyticsResponse['totals'] }) {
  const items = [
    ['Клики', totals.clicks.toLocaleString('ru-RU')],
    ['Заказы', totals.orders.toLocaleString('ru-RU')],
    ['Выручка', formatRub(totals.revenue)],
    ['Комиссия', formatRub(totals.commission)],
    ['Маржа после комиссии', formatRub(totals.margin)],
    ['Конверсия', formatPercent(totals.conversion)],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" radius="md" role="group" aria-label={label}>
          <Text size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** /crm/partner-analytics (ADMIN): what each partner and each partner type brought in a period. */
export function PartnerAnalyticsPage() {
  const [period, setPeriod] = useUrlFilters(PERIOD_CODEC, { replace: true });
  const report = usePartnerAnalytics(period);
  const download = useMutation({ mutationFn: () => downloadPartnerAnalyticsCsv(period) });
  const byType = (report.data?.byType ?? []).map((row) => ({
    type: PARTNER_TYPE_LABELS[row.type],
    revenue: row.revenue,
    commission: row.commission,
  }));

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Аналитика партнёров"
        action={
          <Button variant="light" loading={download.isPending} onClick={() => download.mutate()}>
            Скачать CSV
          </Button>
        }
      />
      <Group align="flex-end" gap="sm">
        <RuDateInput
          label="С"
          value={period.from}
          onChange={(from) => from && setPeriod({ from, to: from > period.to ? from : period.to })}
          w={{ base: '100%', xs: 180 }}
        />
        <RuDateInput
          label="По"
          value={period.to}
          onChange={(to) => to && setPeriod({ from: to < period.from ? to : period.from, to })}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Заказы — приписанные партнёру за период; выручка — оплаченное клиентами за вычетом возвратов;
        конверсия — заказы к кликам.
      </Text>
      {report.data ? <Totals totals={report.data.totals} /> : null}
      {report.data ? (
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="md">
            Выручка и комиссия по типам партнёров
          </Title>
          <BarChart
            h={220}
            data={byType}
            dataKey="type"
            series={[
              { name: 'revenue', label: 'Выручка', color: 'blue.6' },
              { name: 'commission', label: 'Комиссия', color: 'orange.6' },
            ]}
            withLegend
            valueFormatter={formatRub}
            yAxisProps={{ tickFormatter: (value: number) => compactRub.format(value), width: 64 }}
            data-testid="chart-by-partner-type"
          />
        </Card>
      ) : null}
      <AdminList
        query={report}
        items={report.data?.partners ?? []}
        errorText="Не удалось загрузить аналитику"
        emptyText="Партнёров нет"
        loadingLabel="Загрузка аналитики"
        testId="partner-analytics-table"
        scrollLabel="Таблица аналитики партнёров"
        minWidth={900}
        columns={COLUMNS}
        renderRow={(row) => (
          <Table.Tr key={row.partnerId}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{PARTNER_TYPE_LABELS[row.type]}</Table.Td>
            <Table.Td ta="right">{row.clicks.toLocaleString('ru-RU')}</Table.Td>
            <Table.Td ta="right">{row.orders.toLocaleString('ru-RU')}</Table.Td>
            <Table.Td ta="right">{formatRub(row.revenue)}</Table.Td>
            <Table.Td ta="right">{formatRub(row.commission)}</Table.Td>
            <Table.Td ta="right">{formatRub(row.margin)}</Table.Td>
            <Table.Td ta="right">{formatPercent(row.conversion)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
