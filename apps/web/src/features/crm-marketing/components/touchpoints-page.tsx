import { NO_DATA_LABEL, type TouchpointOrder } from '@app/contracts';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AdminPageHeader, ListState } from '@/components/admin-list';
import { formatDateTime, formatRub, pluralRu } from '@/lib/format';
import { downloadJourneyCsv, journeyQuery, useTouchpoints } from '../api/journeys';
import { useJourneyFilters } from '../model/journey-filters';
import { CsvButton, Figures, formatCount } from './journey-parts';
import { ReportFiltersBar } from './report-filters';

const CHANNEL_COLORS: Record<string, string> = {
  direct: 'gray',
  paid: 'blue',
  organic: 'teal',
  social: 'grape',
  email: 'orange',
  referral: 'cyan',
};

/** «3 касания за 5 дней»; «1 касание в день заказа» when the first touch was on the order's day. */
export function describePath(order: Pick<TouchpointOrder, 'touches' | 'days'>): string {
  const touches = order.touches.length;
  if (touches === 0) return 'Нет касаний';
  const words = `${touches} ${pluralRu(touches, ['касание', 'касания', 'касаний'])}`;
  if (order.days === 0) return `${words} в день заказа`;
  return `${words} за ${order.days} ${pluralRu(order.days, ['день', 'дня', 'дней'])}`;
}

function OrderPath({ order }: { order: TouchpointOrder }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="touchpoint-order">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Anchor component={Link} to={`/crm/orders/${order.orderId}`} fw={700}>
            Заказ №{order.number}
          </Anchor>
          <Badge color={order.isPaid ? 'green' : 'gray'} variant="light">
            {order.isPaid ? 'Оплачен' : 'Не оплачен'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(order.createdAt)} · {formatRub(order.amount)}
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        {describePath(order)}
      </Text>
      <Group
        gap={6}
        mt="xs"
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Путь"
      >
        {order.touches.length === 0 ? (
          <li>
            <Badge color="gray" variant="outline">
              direct · {NO_DATA_LABEL}
            </Badge>
          </li>
        ) : (
          order.touches.map((touch, index) => (
            <li key={touch.sessionId}>
              <Badge
                color={CHANNEL_COLORS[touch.channel] ?? 'indigo'}
                variant="light"
                style={{ textTransform: 'none', height: 'auto', whiteSpace: 'normal' }}
                title={touch.source ? `${touch.source} / ${touch.medium ?? '—'}` : undefined}
              >
                {index + 1}. {touch.channel} · {touch.campaign ?? NO_DATA_LABEL} · {formatDateTime(touch.at)}
              </Badge>
            </li>
          ))
        )}
      </Group>
    </Paper>
  );
}

/** /crm/marketing/touchpoints: every order of the period with its path of touches (decision 068). */
export function TouchpointsPage() {
  const [filters, setFilters] = useJourneyFilters(() => ({}));
  const query = journeyQuery(filters);
  const list = useTouchpoints(query);
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const first = pages[0];

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Точки касания"
        action={<CsvButton download={() => downloadJourneyCsv('touchpoints', query)} />}
      />
      <ReportFiltersBar filters={filters} onChange={(next) => setFilters({ ...filters, ...next })} />
      {first ? (
        <Figures
          items={[
            {
              label: 'Заказы',
              value: formatCount(first.total),
              previous: first.previous ? formatCount(first.previous.total) : null,
            },
            {
              label: 'Касаний на заказ',
              value: first.averageTouches === null ? '—' : formatCount(first.averageTouches),
              previous: first.previous
                ? first.previous.averageTouches === null
                  ? '—'
                  : formatCount(first.previous.averageTouches)
                : null,
            },
          ]}
        />
      ) : null}
      <ListState
        query={list}
        items={items}
        errorText="Не удалось загрузить точки касания"
        emptyText="За период нет заказов"
        loadingLabel="Загрузка точек касания"
      >
        {(orders) => (
          <Stack gap="sm">
            {orders.map((order) => (
              <OrderPath key={order.orderId} order={order} />
            ))}
          </Stack>
        )}
      </ListState>
      {list.hasNextPage ? (
        <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Показать ещё
        </Button>
      ) : null}
    </Stack>
  );
}
