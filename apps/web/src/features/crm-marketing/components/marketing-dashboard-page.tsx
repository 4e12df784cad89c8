import { AnalyticsSettingsButton } from './analytics-settings';
import type { MarketingDashboardResponse } from '@app/contracts';
import { BarChart, LineChart } from '@/components/charts';
import { Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { downloadMarketingCsv, useMarketingDashboard } from '../api/marketing';
import {
  formatAxis,
  formatCount,
  formatCountOrNone,
  formatMoney,
  figureColumns,
  formatPercent,
  KpiCards,
  type KpiCard,
  orNone,
  ReportLayout,
  ReportState,
  shortDate,
  SortableTable,
  type SortableColumn,
} from './report-kit';
import type { ReportFilters } from './report-filters';

type Totals = MarketingDashboardResponse['totals'];
type ChannelRow = MarketingDashboardResponse['byChannel'][number];

const money = (value: number | null) => formatMoney(value);
const count = formatCountOrNone;

/** The columns of the table and of its CSV (marketing-csv.ts), in the same order. */
const COLUMNS: SortableColumn<ChannelRow>[] = [
  { key: 'channel', label: 'Канал', sortValue: (row) => row.channel, render: (row) => orNone(row.channel) },
  ...figureColumns<ChannelRow>(),
  {
    key: 'spend',
    label: 'Расходы',
    numeric: true,
    sortValue: (row) => row.spend,
    render: (row) => formatMoney(row.spend),
  },
  {
    key: 'newCustomers',
    label: 'Новые клиенты',
    numeric: true,
    sortValue: (row) => row.newCustomers,
    render: (row) => formatCount(row.newCustomers),
  },
  {
    key: 'cac',
    label: 'CAC',
    numeric: true,
    sortValue: (row) => row.cac,
    render: (row) => formatMoney(row.cac),
  },
  {
    key: 'romi',
    label: 'ROMI',
    numeric: true,
    sortValue: (row) => row.romi,
    render: (row) => formatPercent(row.romi),
  },
];

const DASHBOARD_KPIS: ReadonlyArray<KpiCard<Totals>> = [
  { key: 'visitors', label: 'Посетители', format: count },
  { key: 'sessions', label: 'Сессии', format: count },
  { key: 'orders', label: 'Заказы', format: count },
  { key: 'conversion', label: 'Конверсия', format: formatPercent, hint: 'заказы / сессии' },
  { key: 'revenue', label: 'Оплаченная выручка', format: money },
  { key: 'margin', label: 'Маржа', format: money },
  { key: 'spend', label: 'Расходы', format: money, lowerIsBetter: true },
  { key: 'newCustomers', label: 'Новые клиенты', format: count },
  { key: 'cac', label: 'CAC', format: money, lowerIsBetter: true, hint: 'расходы / новые платящие клиенты' },
  { key: 'romi', label: 'ROMI', format: formatPercent, hint: '(маржа − расходы) / расходы' },
];
export function DashboardReport({ filters }: { filters: ReportFilters }) {
  const report = useMarketingDashboard(filters);
  const data = report.data;
  const empty = data && data.totals.sessions === 0 && data.totals.orders === 0 && data.totals.spend === 0;
  return (
    <ReportState query={report} errorText="Не удалось загрузить обзор маркетинга">
      {data ? (
        <>
          <KpiCards cards={DASHBOARD_KPIS} totals={data.totals} previous={data.previous?.totals} />
          {empty ? (
            <Text c="dimmed" data-testid="marketing-empty">
              За период нет сессий, заказов и расходов. Выберите другой период или снимите фильтры.
            </Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                <Card withBorder radius="md">
                  <Title order={2} size="h4" mb="sm">
                    Сессии и заказы по дням
                  </Title>
                  <LineChart
                    h={220}
                    data={data.byDay.map((day) => ({ ...day, day: shortDate(day.date) }))}
                    dataKey="day"
                    series={[
                      { name: 'visitors', label: 'Посетители', color: 'teal.7' },
                      { name: 'sessions', label: 'Сессии', color: 'blue.7' },
                      // Orders on an axis of their own: on the sessions' scale (tens or thousands a day) a day's
                      // few orders drew a flat line at zero.
                      { name: 'orders', label: 'Заказы', color: 'orange.7', yAxisId: 'right' },
                    ]}
                    withLegend
                    curveType="linear"
                    yAxisProps={{ width: 48, allowDecimals: false }}
                    withRightYAxis
                    // The axis's name inside its own band: Mantine's rightYAxisLabel sits past the chart's right
                    // edge, where the SVG clips it at every width.
                    rightYAxisProps={{
                      width: 60,
                      allowDecimals: false,
                      label: {
                        value: 'Заказы',
                        angle: 90,
                        position: 'insideRight',
                        offset: 10,
                        style: { fill: 'var(--mantine-color-text)' },
                      },
                    }}
                    data-testid="chart-traffic-by-day"
                  />
                </Card>
                <Card withBorder radius="md">
                  <Title order={2} size="h4" mb="sm">
                    Выручка и маржа по дням
                  </Title>
                  <LineChart
                    h={220}
                    data={data.byDay.map((day) => ({ ...day, day: shortDate(day.date) }))}
                    dataKey="day"
                    series={[
                      { name: 'revenue', label: 'Выручка', color: 'blue.7' },
                      { name: 'margin', label: 'Маржа', color: 'green.8' },
                    ]}
                    withLegend
                    curveType="linear"
                    valueFormatter={(value) => formatMoney(value)}
                    yAxisProps={{ tickFormatter: formatAxis, width: 64 }}
                    data-testid="chart-money-by-day"
                  />
                </Card>
              </SimpleGrid>
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="sm">
                  Выручка, маржа и расходы по каналам
                </Title>
                <BarChart
                  h={240}
                  data={data.byChannel.map((row) => ({ ...row, name: orNone(row.channel) }))}
                  dataKey="name"
                  series={[
                    { name: 'revenue', label: 'Выручка', color: 'blue.7' },
                    { name: 'margin', label: 'Маржа', color: 'green.8' },
                    { name: 'spend', label: 'Расходы', color: 'orange.7' },
                  ]}
                  withLegend
                  valueFormatter={(value) => formatMoney(value)}
                  yAxisProps={{ tickFormatter: formatAxis, width: 64 }}
                  data-testid="chart-by-channel"
                />
              </Card>
            </>
          )}
          <Title order={2} size="h4">
            По каналам
          </Title>
          <SortableTable
            columns={COLUMNS}
            rows={data.byChannel}
            rowKey={(row) => row.channel}
            testId="marketing-channels-table"
            label="Таблица по каналам"
            emptyText="Нет данных по каналам за период"
            minWidth={1100}
            footer={
              <Table.Tr>
                {COLUMNS.map((column, index) => (
                  <Table.Th key={column.key} ta={column.numeric ? 'right' : undefined}>
                    {index === 0 ? 'Итого' : column.render({ ...data.totals, channel: '' })}
                  </Table.Th>
                ))}
              </Table.Tr>
            }
          />
        </>
      ) : null}
    </ReportState>
  );
}

/** /crm/marketing (ADMIN, MANAGER): the marketing overview. */
export function MarketingDashboardPage() {
  return (
    <ReportLayout
      title="Маркетинг"
      visitorsNote
      actions={<AnalyticsSettingsButton />}
      onCsv={(filters) => downloadMarketingCsv('dashboard', filters)}
      hint="Сессии — по времени начала, заказы — по дате создания (московское время). Выручка и маржа — оплаченных заказов за вычетом возвратов; маржа по правилам юнит-экономики. Расходы кампаний распределены по дням периода. Внутренние сессии и тестовые заказы не учитываются."
    >
      {(filters) => <DashboardReport filters={filters} />}
    </ReportLayout>
  );
}
