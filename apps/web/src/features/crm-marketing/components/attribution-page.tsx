import {
  ATTRIBUTION_METRIC_LABELS,
  ATTRIBUTION_METRICS,
  ATTRIBUTION_MODEL_LABELS,
  ATTRIBUTION_MODELS,
  ATTRIBUTION_SORTS,
  type AttributionCredit,
  type AttributionMetric,
} from '@app/contracts';
import { BarChart } from '@/components/charts';
import { Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { AdminList, AdminPageHeader } from '@/components/admin-list';
import { formatRub } from '@/lib/format';
import { downloadJourneyCsv, journeyQuery, useAttributionReport } from '../api/journeys';
import { oneOf, useJourneyFilters } from '../model/journey-filters';
import { CsvButton, Figures, formatCount, PreviousValue, sortableColumn } from './journey-parts';
import { ReportFiltersBar } from './report-filters';

const GROUPINGS = ['channel', 'campaign'] as const;
const METRICS = ['revenue', ...ATTRIBUTION_METRICS.filter((metric) => metric !== 'revenue')] as const;
const SORTS = ['-last_touch', ...ATTRIBUTION_SORTS.filter((sort) => sort !== '-last_touch')];
const METRIC_SHORT_LABELS = { orders: 'Заказы', revenue: 'Выручка', margin: 'Маржа' } as const;
const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.7', 'red.6'];
const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

const formatMetric = (metric: AttributionMetric, value: number) =>
  metric === 'orders' ? formatCount(value) : formatRub(value);
const valueOf = (credit: AttributionCredit | undefined, metric: AttributionMetric) => credit?.[metric] ?? 0;

/** /crm/marketing/attribution: the six models side by side per channel or campaign (decision 068). */
export function AttributionPage() {
  const [filters, setFilters] = useJourneyFilters((params) => ({
    groupBy: oneOf(params.get('groupBy'), GROUPINGS),
    metric: oneOf(params.get('metric'), METRICS),
    sort: oneOf(params.get('sort'), SORTS),
  }));
  const query = journeyQuery(filters, {
    groupBy: filters.groupBy,
    metric: filters.metric,
    sort: filters.sort,
  });
  const report = useAttributionReport(query);
  const metric = filters.metric;
  const rows = report.data?.rows ?? [];
  const totals = report.data?.totals;
  const previousTotals = report.data?.previousTotals ?? null;
  const chart = rows.slice(0, 12).map((row) => ({
    key: row.key,
    ...Object.fromEntries(ATTRIBUTION_MODELS.map((model) => [model, row.models[model][metric]])),
  }));
  const onSort = (sort: string) => setFilters({ ...filters, sort });
  const groupLabel = filters.groupBy === 'channel' ? 'Канал' : 'Кампания';

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Атрибуция"
        action={<CsvButton download={() => downloadJourneyCsv('attribution', query)} />}
      />
      <ReportFiltersBar filters={filters} onChange={(next) => setFilters({ ...filters, ...next })} />
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Группировка"
          data={[
            { value: 'channel', label: 'Каналы' },
            { value: 'campaign', label: 'Кампании' },
          ]}
          value={filters.groupBy}
          onChange={(value) => setFilters({ ...filters, groupBy: value as (typeof GROUPINGS)[number] })}
        />
        <SegmentedControl
          aria-label="Показатель"
          data={ATTRIBUTION_METRICS.map((value) => ({ value, label: METRIC_SHORT_LABELS[value] }))}
          value={metric}
          onChange={(value) => setFilters({ ...filters, metric: value as AttributionMetric })}
        />
      </Group>
      {totals ? (
        <Figures
          items={[
            {
              label: 'Оплаченные заказы периода',
              value: formatCount(totals.orders),
              previous: previousTotals ? formatCount(previousTotals.orders) : null,
            },
            {
              label: 'Выручка периода',
              value: formatRub(totals.revenue),
              previous: previousTotals ? formatRub(previousTotals.revenue) : null,
            },
            {
              label: 'Маржа периода',
              value: formatRub(totals.margin),
              previous: previousTotals ? formatRub(previousTotals.margin) : null,
            },
          ]}
        />
      ) : null}
      <Text size="sm" c="dimmed">
        Касания заказа — сессии посетителя до создания заказа в окне {report.data?.windowHours ?? 720} ч;
        заказ без касаний — «direct» / «(нет данных)». Без фильтров итог каждой модели равен итогу периода до
        копейки; фильтры оставляют в таблице только подходящие касания. Полураспад для модели с распадом во
        времени — {report.data?.halfLifeHours ?? 168} ч.
      </Text>
      {chart.length > 0 ? (
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="md">
            {ATTRIBUTION_METRIC_LABELS[metric]} по моделям
          </Title>
          <BarChart
            h={280}
            data={chart}
            dataKey="key"
            series={ATTRIBUTION_MODELS.map((model, index) => ({
              name: model,
              label: ATTRIBUTION_MODEL_LABELS[model],
              color: COLORS[index]!,
            }))}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={(value) => formatMetric(metric, value)}
            yAxisProps={{ tickFormatter: (value: number) => compact.format(value), width: 72 }}
            data-testid="attribution-chart"
          />
        </Card>
      ) : null}
      <AdminList
        query={report}
        items={rows}
        errorText="Не удалось загрузить атрибуцию"
        emptyText="За период нет оплаченных заказов"
        loadingLabel="Загрузка атрибуции"
        testId="attribution-table"
        scrollLabel="Таблица атрибуции"
        minWidth={1100}
        columns={[
          sortableColumn(groupLabel, 'key', filters.sort, onSort),
          ...ATTRIBUTION_MODELS.map((model) =>
            sortableColumn(ATTRIBUTION_MODEL_LABELS[model], model, filters.sort, onSort, 'right'),
          ),
        ]}
        renderRow={(row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{row.key}</Table.Td>
            {ATTRIBUTION_MODELS.map((model) => (
              <Table.Td key={model} ta="right" data-model={model}>
                {formatMetric(metric, valueOf(row.models[model], metric))}
                <PreviousValue
                  value={row.previous ? formatMetric(metric, valueOf(row.previous[model], metric)) : null}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
