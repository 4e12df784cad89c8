import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { DetailField as Field, DetailLoadState } from '@/components/detail-field';
import { OrderStatusBadge, PaidBadge } from '@/components/order-status-badge';
import { formatDate, formatDateTime, formatPhone, formatRub } from '@/lib/format';
import { useCustomer } from '../api/customer';

/** /crm/customers/:id (ADMIN, MANAGER): a customer's contacts, organizations, orders and totals (issue 17). */
export function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  // A phone gets a card per order instead of a table scrolling sideways (decision 057, 375 px).
  const isPhone = useMediaQuery('(max-width: 639.98px)', false, { getInitialValueInEffect: false });
  if (!customer.data) {
    return (
      <DetailLoadState
        query={customer}
        loadingLabel="Загрузка клиента"
        notFoundText="Клиент не найден"
        errorText="Не удалось загрузить клиента"
      />
    );
  }
  const data = customer.data;
  const name = [data.firstName, data.lastName].filter(Boolean).join(' ') || data.email || 'Клиент';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {name}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            Контакты
          </Title>
          <Stack gap="xs">
            <Field label="E-mail">{data.email}</Field>
            <Field label="Телефон">{data.phoneNumber ? formatPhone(data.phoneNumber) : null}</Field>
            <Field label="Зарегистрирован">{formatDate(data.createdAt)}</Field>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            Организации
          </Title>
          {data.organizations.length === 0 ? (
            <Text size="sm">Заказов от организаций нет</Text>
          ) : (
            <Stack gap="xs">
              {data.organizations.map((organization) => (
                <Text size="sm" key={organization.inn ?? organization.name ?? ''}>
                  {organization.name ?? '—'}
                  {organization.inn ? `, ИНН ${organization.inn}` : ''}
                  {organization.kpp ? `, КПП ${organization.kpp}` : ''}
                </Text>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            Итоги
          </Title>
          <Stack gap="xs">
            <Field label="Заказов">{data.totals.orders}</Field>
            <Field label="Оплачено заказов">{data.totals.paidOrders}</Field>
            <Field label="Оплачено на сумму">{formatRub(data.totals.paidAmount)}</Field>
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Заказы
        </Title>
        {data.orders.length === 0 ? (
          <Text size="sm">Заказов нет</Text>
        ) : isPhone ? (
          <Stack gap="xs" data-testid="customer-orders">
            {data.orders.map((order) => (
              <Card key={order.id} withBorder padding="sm" data-testid="customer-order">
                <Group justify="space-between" gap="xs">
                  <Anchor component={Link} to={`/crm/orders/${order.id}`} fw={600}>
                    № {order.number}
                  </Anchor>
                  <OrderStatusBadge status={order.status} />
                </Group>
                <Group justify="space-between" gap="xs" mt={4}>
                  <Text size="sm">{formatDateTime(order.createdAt)}</Text>
                  <Group gap={6}>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatRub(order.amount)}
                    </Text>
                    <PaidBadge isPaid={order.isPaid} />
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table data-testid="customer-orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>№</Table.Th>
                  <Table.Th>Дата</Table.Th>
                  <Table.Th>Статус</Table.Th>
                  <Table.Th>Сумма</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/crm/orders/${order.id}`}>
                        {order.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>
                      {formatRub(order.amount)} <PaidBadge isPaid={order.isPaid} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
