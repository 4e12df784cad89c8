import { CALENDAR_DAYS, type UnitEconomicsResponse } from '@app/contracts';
import { AreaChart, BarChart } from '@/components/charts';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconChartAreaLine } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, formatRub } from '@/lib/format';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { useUnitEconomics } from '../api/unit-economics';
import {
  moscowToday,
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  presetPeriod,
  readPeriod,
  type Period,
} from '@/lib/period';

const compactRub = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });
/** Axis ticks stay short ('7,5 тыс.'); the tooltip and the tables show full amounts in ₽. */
const formatAxisRub = (value: number) => compactRub.format(value);
const formatPercent = (value: number) => `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} %`;
/** '11.03' for the chart axis; the tables show full dates. */
const shortDate = (isoDate: string) => `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}`;

const COST_LABELS: Record<keyof UnitEconomicsResponse['costBreakdown'], string> = {
  translators: 'Переводчики',
  otherDocuments: 'Другие документы',
  delivery: 'Доставка',
  partnerCommission: 'Комиссия партнёров',
  paymentFees: 'Эквайринг',
};

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} mt={4} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function KpiGrid({ report }: { report: UnitEconomicsResponse }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Kpi label="Заказы" value={report.orders.toLocaleString('ru-RU')} />
      <Kpi label="Выручка" value={formatRub(report.revenue)} hint="за вычетом возвратов" />
      <Kpi label="Возвраты" value={formatRub(report.refunds)} />
      <Kpi label="Средний чек" value={formatRub(report.averageCheck)} />
      <Kpi label="Затраты" value={formatRub(report.costs)} />
      <Kpi label="Маржа" value={formatRub(report.grossProfit)} />
      <Kpi label="Маржа, %" value={formatPercent(report.marginPercent)} />
    </SimpleGrid>
  );
}

function DayChart({ report }: { report: UnitEconomicsResponse }) {
  const data = report.byDay.map((day) => ({
    date: shortDate(day.date),
    revenue: day.revenue,
    grossProfit: day.grossProfit,
  }));
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="md">
        Выручка и маржа по дням
      </Title>
      <AreaChart
        h={280}
        data={data}
        dataKey="date"
        series={[
          { name: 'revenue', label: 'Выручка', color: 'blue.6' },
          { name: 'grossProfit', label: 'Маржа', color: 'teal.6' },
        ]}
        curveType="linear"
        withDots={data.length <= 31}
        withLegend
        valueFormatter={formatRub}
        yAxisProps={{ tickFormatter: formatAxisRub, width: 64 }}
        data-testid="chart-by-day"
      />
    </Card>
  );
}

function DocumentChart({ report }: { report: UnitEconomicsResponse }) {
  const data = report.byDocument.map((row) => ({
    name: row.name,
    revenue: row.revenue,
    grossProfit: row.grossProfit,
  }));
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="md">
        По типам документов
      </Title>
      <BarChart
        h={Math.max(160, data.length * 56)}
        data={data}
        dataKey="name"
        orientation="vertical"
        series={[
          { name: 'revenue', label: 'Выручка', color: 'blue.6' },
          { name: 'grossProfit', label: 'Маржа', color: 'teal.6' },
        ]}
        withLegend
        valueFormatter={formatRub}
        xAxisProps={{ tickFormatter: formatAxisRub }}
        yAxisProps={{ width: 130 }}
        data-testid="chart-by-document"
      />
    </Card>
  );
}

function CostBreakdown({ report }: { report: UnitEconomicsResponse }) {
  const entries = Object.entries(report.costBreakdown) as Array<
    [keyof UnitEconomicsResponse['costBreakdown'], number]
  >;
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Из чего состоят затраты
      </Title>
      <Table>
        <Table.Tbody>
          {entries.map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Td>{COST_LABELS[key]}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRub(value)}
              </Table.Td>
              <Table.Td ta="right" c="dimmed" w={90}>
                {report.costs > 0 ? formatPercent(Math.round((value / report.costs) * 1000) / 10) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Всего</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatRub(report.costs)}
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Card>
  );
}

function DayTable({ report }: { report: UnitEconomicsResponse }) {
  const days = report.byDay.filter((day) => day.orders > 0 || day.refunds > 0);
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Таблица по дням
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Дни без заказов и возвратов не показаны. Выручка — за вычетом возвратов этого дня.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="stats-by-day" aria-label="Показатели по дням">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Дата</Table.Th>
              <Table.Th ta="right">Заказы</Table.Th>
              <Table.Th ta="right">Выручка</Table.Th>
              <Table.Th ta="right">Возвраты</Table.Th>
              <Table.Th ta="right">Затраты</Table.Th>
              <Table.Th ta="right">Маржа</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.date}>
                <Table.Td>{formatDate(`${day.date}T12:00:00+03:00`)}</Table.Td>
                <Table.Td ta="right">{day.orders}</Table.Td>
                <Table.Td ta="right">{formatRub(day.revenue)}</Table.Td>
                <Table.Td ta="right">{formatRub(day.refunds)}</Table.Td>
                <Table.Td ta="right">{formatRub(day.costs)}</Table.Td>
                <Table.Td ta="right">{formatRub(day.grossProfit)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Итого</Table.Th>
              <Table.Th ta="right">{report.orders}</Table.Th>
              <Table.Th ta="right">{formatRub(report.revenue)}</Table.Th>
              <Table.Th ta="right">{formatRub(report.refunds)}</Table.Th>
              <Table.Th ta="right">{formatRub(report.costs)}</Table.Th>
              <Table.Th ta="right">{formatRub(report.grossProfit)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function DocumentTable({ report }: { report: UnitEconomicsResponse }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Таблица по типам документов
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Выручка строк документов по прайсу; затраты — оплата переводчиков.
      </Text>
      <Table.ScrollContainer minWidth={680}>
        <Table striped data-testid="stats-by-document" aria-label="Показатели по типам документов">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Документ</Table.Th>
              <Table.Th ta="right">Заказов</Table.Th>
              <Table.Th ta="right">Штук</Table.Th>
              <Table.Th ta="right">Выручка</Table.Th>
              <Table.Th ta="right">Переводчики</Table.Th>
              <Table.Th ta="right">Маржа</Table.Th>
              <Table.Th ta="right">Маржа, %</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.byDocument.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{row.orders}</Table.Td>
                <Table.Td ta="right">{row.quantity}</Table.Td>
                <Table.Td ta="right">{formatRub(row.revenue)}</Table.Td>
                <Table.Td ta="right">{formatRub(row.costs)}</Table.Td>
                <Table.Td ta="right">{formatRub(row.grossProfit)}</Table.Td>
                <Table.Td ta="right">{formatPercent(row.marginPercent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function EmptyReport({ includeInProgress }: { includeInProgress: boolean }) {
  return (
    <Card withBorder radius="md" py="xl">
      <Stack align="center" gap="xs">
        <IconChartAreaLine size={40} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={600}>За выбранный период нет заказов для отчёта</Text>
        <Text size="sm" c="dimmed" ta="center">
          {includeInProgress
            ? 'Выберите другой период.'
            : 'В отчёт попадают выполненные заказы. Выберите другой период или учтите заказы в работе.'}
        </Text>
      </Stack>
    </Card>
  );
}

type StatsFilters = Period & { includeInProgress: boolean };

/** The period and the in-progress switch live in the URL: `?from=2026-01-01&to=2026-01-31&inProgress=1`. */
function statsFilters(today: string): UrlFiltersCodec<StatsFilters> {
  return {
    parse: (params) => ({
      ...readPeriod(params, today),
      includeInProgress: params.get('inProgress') === '1',
    }),
    toQuery: ({ startDate, endDate, includeInProgress }) => ({
      from: startDate,
      to: endDate,
      ...(includeInProgress ? { inProgress: '1' } : {}),
    }),
  };
}

/** /crm/stats (ADMIN): unit economics of a period, with charts and the tables under them. */
export function StatsPage() {
  const today = moscowToday();
  const [filters, setFilters] = useUrlFilters(statsFilters(today), { replace: true });
  const { startDate, endDate, includeInProgress } = filters;
  const period: Period = { startDate, endDate };
  const report = useUnitEconomics({ startDate, endDate, includeInProgress });
  // Half a range while the user picks the second date; the URL holds only whole periods.
  const [pending, setPending] = useState<[string | null, string | null] | null>(null);

  const update = (next: Partial<StatsFilters>) => setFilters({ ...filters, ...next });
  const activePreset = PERIOD_PRESETS.find((preset) => {
    const candidate = presetPeriod(preset, today);
    return candidate.startDate === period.startDate && candidate.endDate === period.endDate;
  });
  const data = report.data;

  return (
    <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Статистика
          </Title>
          <Text c="dimmed" size="sm">
            Юнит-экономика заказов: выручка, затраты и маржа за период
          </Text>
        </div>

        <Card withBorder radius="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <DatePickerInput
              type="range"
              label="Период"
              minDate={CALENDAR_DAYS.first}
              maxDate={CALENDAR_DAYS.last}
              placeholder="Выберите даты"
              value={pending ?? [startDate, endDate]}
              onChange={(value) => {
                const [start, end] = value as [string | null, string | null];
                if (start && end) {
                  setPending(null);
                  update({ startDate: start, endDate: end });
                } else setPending([start, end]);
              }}
              onDropdownClose={() => setPending(null)}
              valueFormat="DD.MM.YYYY"
              allowSingleDateInRange
              w={{ base: '100%', xs: 260 }}
            />
            <Group gap="xs" role="group" aria-label="Быстрый выбор периода">
              {PERIOD_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  size="sm"
                  variant={activePreset === preset ? 'filled' : 'default'}
                  aria-pressed={activePreset === preset}
                  onClick={() => update(presetPeriod(preset, today))}
                >
                  {PERIOD_PRESET_LABELS[preset]}
                </Button>
              ))}
            </Group>
            <Checkbox
              label="Учитывать заказы в работе"
              description="Оплаченные и ещё не выполненные"
              checked={includeInProgress}
              onChange={(event) => update({ includeInProgress: event.currentTarget.checked })}
            />
          </Group>
        </Card>

        {report.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Загрузка статистики" />
          </Group>
        ) : report.isError && !data ? (
          <Alert color="red" title="Не удалось загрузить статистику">
            {report.error.message}
          </Alert>
        ) : data ? (
          <Box
            style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            aria-busy={report.isFetching}
          >
            <Stack gap="lg">
              <KpiGrid report={data} />
              {data.orders === 0 ? (
                <EmptyReport includeInProgress={data.includeInProgress} />
              ) : (
                <>
                  <DayChart report={data} />
                  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                    <DocumentChart report={data} />
                    <CostBreakdown report={data} />
                  </SimpleGrid>
                  <DayTable report={data} />
                  <DocumentTable report={data} />
                </>
              )}
              <Card withBorder radius="md" bg="var(--mantine-color-gray-0)">
                <Text fw={600} size="sm" mb={4}>
                  Как считается отчёт
                </Text>
                <List size="sm" c="dimmed" spacing={2}>
                  {data.assumptions.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              </Card>
            </Stack>
          </Box>
        ) : null}
      </Stack>
    </DatesProvider>
  );
}
