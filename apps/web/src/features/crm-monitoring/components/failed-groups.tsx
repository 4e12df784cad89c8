import { MESSAGES } from '@app/contracts';
import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useFailedGroups } from '../api/monitoring';
import { getJobLabel } from '../model/labels';
import classes from './monitoring.module.css';

/** Failed jobs of the last 24 hours grouped by their error text, with links to the orders hit (decision 010). */
export function FailedGroups() {
  const groups = useFailedGroups();
  const items = groups.data ?? [];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Ошибки задач за 24 часа
        </Title>
        {groups.isPending ? (
          <Loader size="sm" aria-label="Загрузка ошибок" />
        ) : groups.isError ? (
          <Alert color="red" title={MESSAGES.queueLoadError}>
            {groups.error.message}
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm">
            Задач с ошибкой за 24 часа нет
          </Text>
        ) : (
          <Stack gap="xs" data-testid="failed-groups">
            {items.map((group) => (
              <Card key={group.error} withBorder padding="sm" data-testid="failed-group">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Text size="sm" c="red" fw={500} className={classes.errorText} maw="none">
                    {group.error}
                  </Text>
                  <Badge color="red" variant="filled" miw={40} aria-label={`Задач: ${group.count}`}>
                    {group.count}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {group.names.map(getJobLabel).join(', ')} · последняя {formatDateTime(group.lastAt)}
                </Text>
                {group.orders.length > 0 ? (
                  <Group gap={6} mt={6}>
                    <Text size="xs" c="dimmed">
                      Заказы:
                    </Text>
                    {group.orders.map((order) => (
                      <Anchor
                        key={order.orderId}
                        component={Link}
                        to={`/crm/monitoring/order/${order.orderId}`}
                        size="xs"
                      >
                        {order.orderNumber !== null ? `№ ${order.orderNumber}` : order.orderId.slice(0, 8)}
                      </Anchor>
                    ))}
                  </Group>
                ) : null}
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
