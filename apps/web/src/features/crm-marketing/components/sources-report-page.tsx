import type { MarketingSourcesResponse } from '@app/contracts';
import { BarChart } from '@/components/charts';
import { Card, Table, Title } from '@mantine/core';
import { downloadMarketingCsv, useMarketingSources } from '../api/marketing';
import {
  formatAxis,
  formatCountOrNone,
  formatMoney,
  figureColumns,
  formatPercent,
  KpiCards,
  type KpiCard,
  orNone,
  ReportLayout,
  ReportState,
  SortableTable,
  type SortableColumn,
} from './report-kit';

type Row = MarketingSourcesResponse['rows'][number];
const count = formatCountOrNone;

/** The columns of the table and of its CSV (marketing-csv.ts), in the same order. */
const COLUMNS: SortableColumn<Row>[] = [
  { key: 'source', label: 'Источник', sortValue: (row) => row.source, render: (row) => orNone(row.source) },
  {
    key: 'medium',
    label: 'Канал (medium)',
    sortValue: (row) => row.medium,
    render: (row) => orNone(row.medium),
  },
  ...figureColumns<Row>(),
];

/** /crm/marketing/sources-report (ADMIN, MANAGER): utm_source × utm_medium. */

const SOURCE_KPIS: ReadonlyArray<KpiCard<MarketingSourcesResponse['totals']>> = [
  { key: 'sessions', label: 'Сессии', format: count },
  { key: 'orders', label: 'Заказы', format: count },
  { key: 'conversion', label: 'Конверсия', format: formatPercent },
  { key: 'revenue', label: 'Выручка', format: formatMoney },
  { key: 'margin', label: 'Маржа', format: formatMoney },
];
export function SourcesReportPage() {
  return (
    <ReportLayout
      title="Отчёт по источникам"
      visitorsNote
      onCsv={(filters) => downloadMarketingCsv('sources', filters)}
      hint="Источник и канал — метки utm_source и utm_medium сессии и заказа. Конверсия — заказы к сессиям; выручка и маржа — оплаченных заказов."
    >
      {(filters) => <SourcesReport filters={filters} />}
    </ReportLayout>
  );
}

function SourcesReport({ filters }: { filters: Parameters<typeof useMarketingSources>[0] }) {
  const report = useMarketingSources(filters);
  const data = report.data;
  return (
    <ReportState query={report} errorText="Не удалось загрузить отчёт по источникам">
      {data ? (
        <>
          <KpiCards cards={SOURCE_KPIS} totals={data.totals} previous={data.previous} />
          {data.rows.length > 0 ? (
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Выручка и маржа по источникам (первые 10)
              </Title>
              <BarChart
                h={240}
                data={data.rows
                  .slice()
                  .sort((a, b) => b.revenue - a.revenue)
                  .slice(0, 10)
                  .map((row) => ({ ...row, name: `${orNone(row.source)} / ${orNone(row.medium)}` }))}
                dataKey="name"
                series={[
                  { name: 'revenue', label: 'Выручка', color: 'blue.7' },
                  { name: 'margin', label: 'Маржа', color: 'green.8' },
                ]}
                withLegend
                valueFormatter={(value) => formatMoney(value)}
                yAxisProps={{ tickFormatter: formatAxis, width: 64 }}
              />
            </Card>
          ) : null}
          <SortableTable
            columns={COLUMNS}
            rows={data.rows}
            rowKey={(row) => `${row.source}\u001f${row.medium}`}
            testId="marketing-sources-table"
            label="Таблица источников"
            emptyText="За период нет сессий и заказов"
            minWidth={900}
            footer={
              <Table.Tr>
                {COLUMNS.map((column, index) => (
                  <Table.Th key={column.key} ta={column.numeric ? 'right' : undefined}>
                    {index === 0
                      ? 'Итого'
                      : index === 1
                        ? ''
                        : column.render({ ...data.totals, source: '', medium: '' })}
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
