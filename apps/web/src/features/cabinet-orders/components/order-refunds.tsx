import { REFUND_STATUS_LABELS } from '@app/contracts';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatRub } from '@/lib/format';
import { useOrderRefunds } from '../api/order-refunds';

/** Refunds of the order in the cabinet (decision 046); nothing when there are none. */
export function OrderRefundsSection({ orderId }: { orderId: string }) {
  const refunds = useOrderRefunds(orderId);
  const data = refunds.data;
  if (!data || data.items.length === 0) return null;
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Возвраты
      </Title>
      <Stack gap="xs" data-testid="order-refunds">
        <Text size="sm" fw={600}>
          Возвращено {formatRub(data.refunded)} из {formatRub(data.paid)}
          {data.pending > 0 ? ` · в обработке ${formatRub(data.pending)}` : ''}
        </Text>
        {data.items.map((item) => (
          <Stack key={item.id} gap={2}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {formatRub(item.amount)} ·{' '}
                {formatDate(item.refundedOn ? `${item.refundedOn}T12:00:00+03:00` : item.createdAt)}
              </Text>
              <Badge
                variant="light"
                color={item.status === 'succeeded' ? 'green' : item.status === 'pending' ? 'yellow' : 'gray'}
              >
                {REFUND_STATUS_LABELS[item.status]}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Причина: {item.reason}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
