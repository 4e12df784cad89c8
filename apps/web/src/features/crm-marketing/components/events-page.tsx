import type { MarketingEventsResponse } from '@app/contracts';
import { AreaChart, BarChart } from '@/components/charts';
import { Card, SimpleGrid, Title } from '@mantine/core';
import { downloadMarketingCsv, useMarketingEvents } from '../api/marketing';
import type { ReportFilters } from './report-filters';
import {
  formatCount,
  formatCountOrNone,
  KpiCards,
  type KpiCard,
  orNone,
  ReportLayout,
  ReportState,
  shortDate,
  SortableTable,
  type SortableColumn,
} from './report-kit';

type EventRow = MarketingEventsResponse['events'][number];
type CountRow = MarketingEventsResponse['topPages'][number];
const count = formatCountOrNone;

/** The columns of the table and of its CSV (marketing-csv.ts), in the same order. */
const EVENT_COLUMNS: SortableColumn<EventRow>[] = [
  { key: 'type', label: 'Тип', sortValue: (row) => row.eventType, render: (row) => row.eventType },
  {
    key: 'category',
    label: 'Категория',
    sortValue: (row) => row.eventCategory,
    render: (row) => orNone(row.eventCategory),
  },
  {
    key: 'action',
    label: 'Действие',
    sortValue: (row) => row.eventAction,
    render: (row) => orNone(row.eventAction),
  },
  { key: 'page', label: 'Страница', sortValue: (row) => row.pagePath, render: (row) => orNone(row.pagePath) },
  {
    key: 'count',
    label: 'События',
    numeric: true,
    sortValue: (row) => row.count,
    render: (row) => formatCount(row.count),
  },
  {
    key: 'sessions',
    label: 'Сессии',
    numeric: true,
    sortValue: (row) => row.sessions,
    render: (row) => formatCount(row.sessions),
  },
];

const EVENT_KPIS: ReadonlyArray<KpiCard<MarketingEventsResponse['totals']>> = [
  { key: 'events', label: 'События', format: count },
  { key: 'sessions', label: 'Сессии с событиями', format: count },
  { key: 'conversions', label: 'Конверсии', format: count },
];
function CountCard({ title, rows, label }: { title: string; rows: CountRow[]; label: string }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SortableTable
        columns={[
          { key: 'key', label, sortValue: (row) => row.key, render: (row) => orNone(row.key) },
          {
            key: 'count',
            label: 'Количество',
            numeric: true,
            sortValue: (row) => row.count,
            render: (row) => formatCount(row.count),
          },
        ]}
        rows={rows}
        rowKey={(row) => row.key}
        testId={`marketing-${label}`}
        label={title}
        emptyText="Нет данных"
        minWidth={280}
      />
    </Card>
  );
}

function EventsReport({ filters }: { filters: ReportFilters }) {
  const report = useMarketingEvents(filters);
  const data = report.data;
  return (
    <ReportState query={report} errorText="Не удалось загрузить события">
      {data ? (
        <>
          <KpiCards cards={EVENT_KPIS} totals={data.totals} previous={data.previous} />
          {data.totals.events > 0 ? (
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                События по дням
              </Title>
              <AreaChart
                h={200}
                data={data.byDay.map((day) => ({ ...day, day: shortDate(day.date) }))}
                dataKey="day"
                series={[{ name: 'events', label: 'События', color: 'blue.7' }]}
                curveType="linear"
                yAxisProps={{ width: 48, allowDecimals: false }}
              />
            </Card>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <CountCard title="Популярные страницы" rows={data.topPages} label="Страница" />
            <CountCard title="Устройства (сессии)" rows={data.devices} label="Устройство" />
            <CountCard title="Браузеры (сессии)" rows={data.browsers} label="Браузер" />
          </SimpleGrid>
          {data.devices.length > 0 ? (
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Сессии по устройствам
              </Title>
              <BarChart
                h={180}
                data={data.devices.map((row) => ({ name: orNone(row.key), count: row.count }))}
                dataKey="name"
                series={[{ name: 'count', label: 'Сессии', color: 'teal.8' }]}
                yAxisProps={{ width: 48, allowDecimals: false }}
              />
            </Card>
          ) : null}
          <Title order={2} size="h4">
            События по типу, категории, действию и странице
          </Title>
          <SortableTable
            columns={EVENT_COLUMNS}
            rows={data.events}
            rowKey={(row) => [row.eventType, row.eventCategory, row.eventAction, row.pagePath].join('\u001f')}
            testId="marketing-events-table"
            label="Таблица событий"
            emptyText="За период событий нет"
            minWidth={760}
          />
        </>
      ) : null}
    </ReportState>
  );
}

/** /crm/marketing/analytics (ADMIN, MANAGER): the events explorer. */
export function MarketingEventsPage() {
  return (
    <ReportLayout
      title="Аналитика событий"
      onCsv={(filters) => downloadMarketingCsv('events', filters)}
      hint="События публичных страниц за период; фильтры канала, источника и кампании — по сессии события. Популярные страницы — просмотры (page_view); устройства и браузеры — сессии. Сессии с событиями считаются по дням: сессия, продолжившаяся после полуночи по Москве, входит в каждый свой день (как в Matomo). Внутренние сессии не учитываются."
    >
      {(filters) => <EventsReport filters={filters} />}
    </ReportLayout>
  );
}
