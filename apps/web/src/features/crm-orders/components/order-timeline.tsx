import { ORDER_TIMELINE_KIND_LABELS } from '@app/contracts';
import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { useOrderTimeline } from '../api/order-edit';

/**
 * The order's one timeline (decision 055): status changes, amount changes and edits, notes, mails, notifications,
 * payments and jobs, oldest first, Moscow time. Staff only.
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const timeline = useOrderTimeline(orderId);
  if (timeline.isPending) return <Loader size="sm" aria-label="Загрузка ленты заказа" />;
  if (timeline.isError) return <Alert color="red">Не удалось загрузить ленту заказа</Alert>;
  const { items, truncated } = timeline.data;
  return (
    <Stack gap="sm">
      {truncated ? (
        <Text size="sm" c="dimmed">
          Показаны последние {items.length} событий
        </Text>
      ) : null}
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-testid="order-timeline">
        {items.map((entry, index) => (
          <li key={`${entry.at}-${index}`} data-kind={entry.kind}>
            <Group gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {ORDER_TIMELINE_KIND_LABELS[entry.kind]}
              </Badge>
              {entry.actor ? (
                <Text size="xs" c="dimmed">
                  {entry.actor}
                </Text>
              ) : null}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.text}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
