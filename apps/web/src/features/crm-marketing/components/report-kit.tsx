import {
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { MARKETING_EXACT_VISITORS_MAX_DAYS, visitorsSummedByDay } from '@app/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadError, type RetryableQuery } from '@/components/load-error';
import { CRM_ROUTES } from '@/lib/access/crm-routes';
import { formatRub } from '@/lib/format';
import { ReportFiltersBar, useReportFilters, type ReportFilters } from './report-filters';

const integer = new Intl.NumberFormat('ru-RU');
export const formatCount = (value: number) => integer.format(value);
export const formatCountOrNone = (value: number | null) => (value === null ? '—' : formatCount(value));
export const formatPercent = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} %`;
export const formatMoney = (value: number | null) => (value === null ? '—' : formatRub(value));
export const formatTimes = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })}×`;
/** '11.03' for chart axes. */
export const shortDate = (isoDate: string) => `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}`;
const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });
export const formatAxis = (value: number) => compact.format(value);
/** What a report shows for an empty channel, source or medium. */
export const orNone = (value: string) => value || '(нет)';

/** The change from the previous period in words and a sign, not by colour alone. */
export function deltaText(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 'без изменений' : 'было 0';
  const change = ((current - previous) / Math.abs(previous)) * 100;
  if (Math.abs(change) < 0.005) return 'без изменений';
  const sign = change > 0 ? '+' : '−';
  return `${sign}${Math.abs(change).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;
}

/** A headline figure with its change from the previous period (when compared). */
export function Kpi({
  label,
  value,
  format,
  previous,
  hint,
  lowerIsBetter = false,
}: {
  label: string;
  value: number | null;
  format: (value: number | null) => string;
  previous?: number | null;
  hint?: string;
  lowerIsBetter?: boolean;
}) {
  const delta = previous === undefined ? null : deltaText(value, previous);
  const better =
    value !== null && previous !== undefined && previous !== null && value !== previous
      ? value > previous !== lowerIsBetter
      : null;
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'md', sm: 'lg' }} style={{ whiteSpace: 'nowrap' }}>
        {format(value)}
      </Text>
      {delta ? (
        <Text
          size="xs"
          fw={600}
          c={better === null ? 'dimmed' : better ? 'green.9' : 'red.9'}
          data-testid={`delta-${label}`}
        >
          {delta} к прошлому периоду ({format(previous ?? null)})
        </Text>
      ) : null}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** One headline card of a report: which total it shows and how. */
export type KpiCard<T> = {
  key: { [K in keyof T]: T[K] extends number | null ? K : never }[keyof T];
  label: string;
  format: (value: number | null) => string;
  hint?: string;
  lowerIsBetter?: boolean;
};

/** A report's headline cards from its table of cards, each with its change from the previous period. */
export function KpiCards<T>({
  cards,
  totals,
  previous,
}: {
  cards: ReadonlyArray<KpiCard<T>>;
  totals: T;
  previous: T | null | undefined;
}) {
  const read = (from: T, key: KpiCard<T>['key']) => from[key] as number | null;
  return (
    <KpiGrid>
      {cards.map((card) => (
        <Kpi
          key={String(card.key)}
          label={card.label}
          value={read(totals, card.key)}
          format={card.format}
          previous={previous ? read(previous, card.key) : undefined}
          hint={card.hint}
          lowerIsBetter={card.lowerIsBetter}
        />
      ))}
    </KpiGrid>
  );
}

export function KpiGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {children}
    </SimpleGrid>
  );
}

/** Links between the marketing pages, from the one CRM page table. */
export function MarketingNav() {
  const { pathname } = useLocation();
  const pages = CRM_ROUTES.filter(
    (route) => route.path === 'marketing' || route.path.startsWith('marketing/'),
  );
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
      <Group gap={6} wrap="nowrap" component="nav" aria-label="Разделы маркетинга">
        {pages.map((route) => {
          const href = `/crm/${route.path}`;
          const active = pathname === href;
          const label = route.path === 'marketing' ? 'Обзор' : route.title.replace(/^Маркетинг: /, '');
          return (
            <Button
              key={route.path}
              component={Link}
              to={href}
              size="compact-sm"
              variant={active ? 'filled' : 'subtle'}
              aria-current={active ? 'page' : undefined}
              style={{ flexShrink: 0 }}
            >
              {label.charAt(0).toUpperCase() + label.slice(1)}
            </Button>
          );
        })}
      </Group>
    </ScrollArea>
  );
}

/**
 * A marketing report page: the section links, the title with the CSV button, the filters (in the URL) and the
 * report. The CSV is the server's file of the same table.
 */
export function ReportLayout({
  title,
  onCsv,
  withSourceFilters = true,
  hint,
  visitorsNote = false,
  actions,
  children,
}: {
  title: string;
  /** More buttons beside the title (the dashboard's analytics settings). */
  actions?: ReactNode;
  onCsv?: (filters: ReportFilters) => Promise<unknown>;
  withSourceFilters?: boolean;
  hint?: ReactNode;
  /** The report shows visitors: say how they are counted when the period is longer than a month (decision 088). */
  visitorsNote?: boolean;
  children: (filters: ReportFilters) => ReactNode;
}) {
  const [filters, setFilters] = useReportFilters();
  const download = useMutation({ mutationFn: () => onCsv!(filters) });
  return (
    <Stack gap="md">
      <MarketingNav />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Group gap="sm">
          {actions}
          {onCsv ? (
            <Button variant="light" loading={download.isPending} onClick={() => download.mutate()}>
              Скачать CSV
            </Button>
          ) : null}
        </Group>
      </Group>
      <ReportFiltersBar
        key={`${filters.channel ?? ''}|${filters.source ?? ''}|${filters.campaign ?? ''}`}
        filters={filters}
        onChange={setFilters}
        withSourceFilters={withSourceFilters}
      />
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {visitorsNote && visitorsSummedByDay(filters) ? (
        <Text size="sm" c="dimmed" data-testid="visitors-by-day-note">
          Период длиннее {MARKETING_EXACT_VISITORS_MAX_DAYS} дня: посетители — сумма уникальных посетителей по
          дням (посетитель, заходивший в разные дни, учтён в каждом из них, как в Matomo).
        </Text>
      ) : null}
      {children(filters)}
    </Stack>
  );
}

/** Loading, failed or the report. */
export function ReportState({
  query,
  errorText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: unknown } & RetryableQuery;
  errorText: string;
  children: ReactNode;
}) {
  if (query.isPending) return <Loader aria-label="Загрузка отчёта" />;
  if (query.isError && !query.data) return <LoadError title={errorText} query={query} />;
  return <>{children}</>;
}

export type SortableColumn<T> = {
  key: string;
  label: string;
  /** The value the column sorts by (numbers descending first, text ascending first). */
  sortValue: (row: T) => number | string | null;
  render: (row: T) => ReactNode;
  numeric?: boolean;
};

/** What every traffic-and-money row has: sessions, visitors, orders, paid orders, conversion, revenue, margin. */
type FigureRow = {
  sessions: number;
  visitors: number;
  orders: number;
  paidOrders: number;
  conversion: number | null;
  revenue: number;
  margin: number;
};

/** The figure columns the marketing tables share, after their own key columns (and in their CSV's order). */
export function figureColumns<T extends FigureRow>(): SortableColumn<T>[] {
  const count = (
    key: 'sessions' | 'visitors' | 'orders' | 'paidOrders',
    label: string,
  ): SortableColumn<T> => ({
    key,
    label,
    numeric: true,
    sortValue: (row) => row[key],
    render: (row) => formatCount(row[key]),
  });
  const money = (key: 'revenue' | 'margin', label: string): SortableColumn<T> => ({
    key,
    label,
    numeric: true,
    sortValue: (row) => row[key],
    render: (row) => formatMoney(row[key]),
  });
  return [
    count('sessions', 'Сессии'),
    count('visitors', 'Посетители'),
    count('orders', 'Заказы'),
    count('paidOrders', 'Оплачено заказов'),
    {
      key: 'conversion',
      label: 'Конверсия',
      numeric: true,
      sortValue: (row) => row.conversion,
      render: (row) => formatPercent(row.conversion),
    },
    money('revenue', 'Выручка'),
    money('margin', 'Маржа'),
  ];
}

/** A report table whose columns sort on a click of their header (aria-sort tells which). */
export function SortableTable<T>({
  columns,
  rows,
  rowKey,
  testId,
  label,
  emptyText,
  minWidth,
  footer,
  actions,
}: {
  columns: readonly SortableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  testId: string;
  label: string;
  emptyText: string;
  minWidth: number;
  footer?: ReactNode;
  actions?: (row: T) => ReactNode;
}) {
  const [sort, setSort] = useState<{ key: string; descending: boolean } | null>(null);
  const sorted = useMemo(() => {
    const column = sort && columns.find((item) => item.key === sort.key);
    if (!column || !sort) return rows;
    const direction = sort.descending ? -1 : 1;
    return [...rows].sort((a, b) => {
      const x = column.sortValue(a);
      const y = column.sortValue(b);
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (
        (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'ru')) *
        direction
      );
    });
  }, [rows, columns, sort]);
  if (rows.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table data-testid={testId} striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const active = sort?.key === column.key;
              const Icon = active ? (sort.descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
              return (
                <Table.Th
                  key={column.key}
                  ta={column.numeric ? 'right' : undefined}
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                >
                  <UnstyledButton
                    onClick={() =>
                      setSort({
                        key: column.key,
                        descending: active ? !sort.descending : Boolean(column.numeric),
                      })
                    }
                    fw={600}
                    fz="sm"
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  >
                    {column.label}
                    <Icon size={14} aria-hidden />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            {actions ? <Table.Th aria-label="Действия" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.numeric ? 'right' : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {column.render(row)}
                </Table.Td>
              ))}
              {actions ? <Table.Td>{actions(row)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
}
