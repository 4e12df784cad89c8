import {
  FUNNEL_BREAKDOWN_SORTS,
  FUNNEL_WINDOW_DAYS,
  MARKETING_FUNNEL_STAGE_LABELS,
  MARKETING_FUNNEL_STAGES,
  type FunnelBreakdownRow,
} from '@app/contracts';
import { BarChart } from '@/components/charts';
import { Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { AdminList, AdminPageHeader, AdminTable, ListState } from '@/components/admin-list';
import { downloadJourneyCsv, journeyQuery, useFunnelReport } from '../api/journeys';
import { oneOf, useJourneyFilters } from '../model/journey-filters';
import { CsvButton, Figures, formatCount, formatPercent, sortableColumn } from './journey-parts';
import { ReportFiltersBar } from './report-filters';

const WINDOWS = FUNNEL_WINDOW_DAYS.map(String);

function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${formatCount(Math.round(minutes))} мин`;
  if (minutes < 48 * 60) return `${formatCount(Math.round((minutes / 60) * 10) / 10)} ч`;
  return `${formatCount(Math.round((minutes / 1440) * 10) / 10)} дн.`;
}

/** /crm/marketing/funnel: the order funnel from landing to paid (decision 068). */
export function FunnelPage() {
  const [filters, setFilters] = useJourneyFilters((params) => ({
    windowDays: oneOf(params.get('windowDays'), ['30', ...WINDOWS.filter((value) => value !== '30')]),
    sort: oneOf(params.get('sort'), FUNNEL_BREAKDOWN_SORTS),
  }));
  const query = journeyQuery(filters, { windowDays: filters.windowDays, sort: filters.sort });
  const report = useFunnelReport(query);
  const data = report.data;
  const previous = data?.previous ?? null;
  const chart = MARKETING_FUNNEL_STAGES.map((stage, index) => ({
    stage: MARKETING_FUNNEL_STAGE_LABELS[stage],
    sessions: data?.stages[index]?.sessions ?? 0,
    ...(previous ? { previous: previous.stages[index]?.sessions ?? 0 } : {}),
  }));
  const onSort = (sort: string) => setFilters({ ...filters, sort: sort as typeof filters.sort });
  const breakdownColumns = (title: string) => [
    sortableColumn(title, 'key', filters.sort, onSort),
    sortableColumn('Вошли', 'entered', filters.sort, onSort, 'right'),
    ...MARKETING_FUNNEL_STAGES.slice(0, -1).map((stage) => ({
      label: MARKETING_FUNNEL_STAGE_LABELS[stage],
      key: stage,
      ta: 'right' as const,
    })),
    sortableColumn('Оплачен', 'paid', filters.sort, onSort, 'right'),
    sortableColumn('Конверсия в оплату', 'conversion', filters.sort, onSort, 'right'),
  ];
  const breakdownRow = (row: FunnelBreakdownRow) => (
    <Table.Tr key={row.key}>
      <Table.Td>{row.key}</Table.Td>
      <Table.Td ta="right">{formatCount(row.entered)}</Table.Td>
      {MARKETING_FUNNEL_STAGES.slice(0, -1).map((stage) => (
        <Table.Td key={stage} ta="right">
          {formatCount(row.stages[stage])}
        </Table.Td>
      ))}
      <Table.Td ta="right">{formatCount(row.paid)}</Table.Td>
      <Table.Td ta="right">{formatPercent(row.conversion)}</Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Воронка заказа"
        action={<CsvButton download={() => downloadJourneyCsv('funnel', query)} />}
      />
      <ReportFiltersBar filters={filters} onChange={(next) => setFilters({ ...filters, ...next })} />
      <Group align="end" gap="sm">
        <Select
          label="Окно конверсии"
          data={FUNNEL_WINDOW_DAYS.map((days) => ({ value: String(days), label: `${days} дн.` }))}
          value={filters.windowDays}
          onChange={(value) => value && setFilters({ ...filters, windowDays: value })}
          allowDeselect={false}
          w={160}
        />
        <Text size="sm" c="dimmed" maw={520}>
          Сессия считается на каждом этапе, которого достигла в периоде; вход возможен с любого шага, поэтому
          конверсия шага может быть больше 100 %.
        </Text>
      </Group>
      <ListState
        query={report}
        items={data && data.entered > 0 ? [data] : []}
        errorText="Не удалось загрузить воронку"
        emptyText="За период нет сессий в воронке"
        loadingLabel="Загрузка воронки"
      >
        {([current]) =>
          current ? (
            <Stack gap="lg">
              <Figures
                items={[
                  {
                    label: 'Вошли в воронку',
                    value: formatCount(current.entered),
                    previous: previous ? formatCount(previous.entered) : null,
                  },
                  {
                    label: 'Оплатили',
                    value: formatCount(current.stages.at(-1)?.sessions ?? 0),
                    previous: previous ? formatCount(previous.stages.at(-1)?.sessions ?? 0) : null,
                  },
                  {
                    label: `Оплата в течение ${current.windowDays} дн.`,
                    value: `${formatCount(current.paidWithinWindow)} (${formatPercent(current.windowConversion)})`,
                    previous: previous
                      ? `${formatCount(previous.paidWithinWindow)} (${formatPercent(previous.windowConversion)})`
                      : null,
                  },
                ]}
              />
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="md">
                  Сессии по этапам
                </Title>
                <BarChart
                  h={240}
                  data={chart}
                  dataKey="stage"
                  series={[
                    { name: 'sessions', label: 'Текущий период', color: 'blue.6' },
                    ...(previous ? [{ name: 'previous', label: 'Прошлый период', color: 'gray.5' }] : []),
                  ]}
                  withLegend={Boolean(previous)}
                  valueFormatter={formatCount}
                  data-testid="funnel-chart"
                />
              </Card>
              <AdminTable
                testId="funnel-stages"
                scrollLabel="Этапы воронки"
                minWidth={720}
                columns={[
                  { label: 'Этап' },
                  { label: 'Сессии', ta: 'right' },
                  { label: 'Из прошлого этапа', ta: 'right' },
                  { label: 'Из вошедших', ta: 'right' },
                  { label: 'Отвал', ta: 'right' },
                  { label: 'Медиана времени', ta: 'right' },
                  ...(previous ? [{ label: 'Прошлый период', ta: 'right' as const }] : []),
                ]}
              >
                {current.stages.map((row, index) => (
                  <Table.Tr key={row.stage}>
                    <Table.Td>{MARKETING_FUNNEL_STAGE_LABELS[row.stage]}</Table.Td>
                    <Table.Td ta="right">{formatCount(row.sessions)}</Table.Td>
                    <Table.Td ta="right">{formatPercent(row.fromPrevious)}</Table.Td>
                    <Table.Td ta="right">{formatPercent(row.fromEntered)}</Table.Td>
                    <Table.Td ta="right">
                      {/* Negative: more sessions entered here than left the step before (an open funnel). */}
                      {index === 0 || row.dropOff < 0 ? '—' : formatCount(row.dropOff)}
                    </Table.Td>
                    <Table.Td ta="right">{formatMinutes(row.medianMinutesFromPrevious)}</Table.Td>
                    {previous ? (
                      <Table.Td ta="right">{formatCount(previous.stages[index]?.sessions ?? 0)}</Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </AdminTable>
              <Title order={2} size="h4">
                По каналам
              </Title>
              <AdminList
                query={report}
                items={current.byChannel}
                errorText="Не удалось загрузить каналы"
                emptyText="Нет данных"
                testId="funnel-by-channel"
                scrollLabel="Воронка по каналам"
                minWidth={960}
                columns={breakdownColumns('Канал')}
                renderRow={breakdownRow}
              />
              <Title order={2} size="h4">
                По устройствам
              </Title>
              <AdminList
                query={report}
                items={current.byDevice}
                errorText="Не удалось загрузить устройства"
                emptyText="Нет данных"
                testId="funnel-by-device"
                scrollLabel="Воронка по устройствам"
                minWidth={960}
                columns={breakdownColumns('Устройство')}
                renderRow={breakdownRow}
              />
            </Stack>
          ) : null
        }
      </ListState>
    </Stack>
  );
}
