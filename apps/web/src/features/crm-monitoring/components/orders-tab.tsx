import { MESSAGES } from '@app/contracts';
import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useMonitoringDashboard } from '../api/monitoring';
import { getEventLabel } from '../model/labels';
import classes from './monitoring.module.css';
import { OrderLookupForm } from './order-lookup-form';
import { StatCard } from './stat-card';

/** /crm/monitoring (ADMIN, MANAGER): order lookup, four counters, background work and problem orders of 24 h. */
export function OrdersTab() {
  const dashboard = useMonitoringDashboard();
  const data = dashboard.data;

  return (
    <Stack gap="lg">
      <OrderLookupForm />
      {dashboard.isPending ? (
        <Loader aria-label="Загрузка данных мониторинга" />
      ) : dashboard.isError || !data ? (
        <Alert color="red" title={MESSAGES.monitoringLoadError}>
          {dashboard.error?.message}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="order-counters">
            <StatCard label="Всего заказов" value={data.orderStats.count} />
            <StatCard label="Новых за 24 часа" value={data.orderStats.last24h} />
            <StatCard label="Ждут оплаты" value={data.orderStats.unpaid} />
            <StatCard label="В работе" value={data.orderStats.inProgress} />
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Фоновые операции за 24 часа
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {data.eventStats.map((stat) => (
                <Group key={stat.eventType} justify="space-between" data-testid="event-stat">
                  <Text size="sm">{getEventLabel(stat.eventType)}</Text>
                  <Text size="sm" fw={600} c={stat.successful < stat.total ? 'red' : undefined}>
                    успешно {stat.successful} из {stat.total}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Проблемные заказы за 24 часа
            </Title>
            {data.problematicOrders.length === 0 ? (
              <Text c="dimmed" size="sm">
                Проблемных заказов за 24 часа нет
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table data-testid="problematic-orders">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Заказ</Table.Th>
                      <Table.Th>Ошибок</Table.Th>
                      <Table.Th>Последняя ошибка</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.problematicOrders.map((order) => (
                      <Table.Tr key={order.orderId}>
                        <Table.Td>
                          <Anchor component={Link} to={`/crm/monitoring/order/${order.orderId}`}>
                            {order.orderNumber !== null
                              ? `№ ${order.orderNumber}`
                              : order.orderId.slice(0, 8)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{order.errorCount}</Table.Td>
                        <Table.Td>
                          <Text size="sm" c="red" className={classes.errorText}>
                            {order.lastError ?? '—'}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
          <Text size="xs" c="dimmed">
            Обновлено {formatDateTime(dashboard.dataUpdatedAt)} · автообновление каждые 30 с
          </Text>
        </>
      )}
    </Stack>
  );
}
