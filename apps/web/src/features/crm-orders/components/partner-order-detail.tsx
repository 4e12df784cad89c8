import { ORDER_STATUS_LABELS } from '@app/contracts';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { DetailField as Field, DetailLoadState } from '@/components/detail-field';
import { OrderStatusBadge, PaidBadge } from '@/components/order-status-badge';
import { formatDate, formatDateTime, formatPhone, formatRub } from '@/lib/format';
import { usePartnerOrder } from '../api/staff-orders';
import { documentsText } from './order-cells';

/**
 * /crm/orders/:id for PARTNER: an order to one of its pickup points, read-only (decision 050). Who collects it,
 * what, where, whether it is paid and when its status changed; handing over stays on the list («Выдан»).
 */
export function PartnerOrderDetail() {
  const { id = '' } = useParams();
  const order = usePartnerOrder(id);

  if (!order.data) {
    return (
      <DetailLoadState
        query={order}
        loadingLabel="Загрузка заказа"
        notFoundText="Заказ не найден"
        errorText="Не удалось загрузить заказ"
        back={{ to: '/crm/orders', label: 'К списку заказов' }}
      />
    );
  }
  const data = order.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/crm/orders" size="sm">
        ← К списку заказов
      </Anchor>
      <Group gap="sm">
        <Title order={1} size="h2">
          Заказ №{data.number}
        </Title>
        <OrderStatusBadge status={data.status} />
        <PaidBadge isPaid={data.isPaid} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            Получатель
          </Title>
          <Stack gap="xs">
            <Field label="Имя">{data.name}</Field>
            <Field label="Телефон">{formatPhone(data.phoneNumber)}</Field>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            Заказ
          </Title>
          <Stack gap="xs">
            <Field label="Создан">{formatDateTime(data.createdAt)}</Field>
            <Field label="Документы">{documentsText(data)}</Field>
            <Field label="Языки">
              {data.originalLanguageName} → {data.targetLanguageName}
            </Field>
            <Field label="Ориентировочная готовность">
              {data.estimatedReadyDate ? formatDate(data.estimatedReadyDate) : null}
            </Field>
            <Field label="Сумма">{formatRub(data.amount)}</Field>
            <Field label="Пункт выдачи">{`${data.point.name}, ${data.point.address}`}</Field>
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          История статусов
        </Title>
        <Timeline bulletSize={12} lineWidth={2}>
          {data.history.map((entry, index) => (
            <Timeline.Item key={`${entry.createdAt}-${index}`} title={ORDER_STATUS_LABELS[entry.toStatus]}>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.createdAt)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </Stack>
  );
}
