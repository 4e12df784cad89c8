import { DELIVERY_TYPE_LABELS, describePages, ORDER_STATUS_LABELS, type OrderDetail } from '@app/contracts';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { DetailField as Field, DetailLoadState } from '@/components/detail-field';
import { OrderStatusBadge, PaidBadge } from '@/components/order-status-badge';
import {
  describeCourierAddress,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatPhone,
  formatPriceLine,
  formatRub,
} from '@/lib/format';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useCrmRole } from '@/lib/session/use-crm-role';
import {
  downloadStaffOrderFile,
  useChangeOrderStatus,
  useDeleteOrder,
  useStaffOrderDetail,
} from '../api/staff-orders';
import { PAYER_TYPE_LABELS } from '../model/filters';
import { ActExchangeControl } from './act-exchange-control';
import { AmountForm } from './amount-form';
import { OtherDocumentForm } from './other-document-form';
import { OrderEditButton } from './order-edit-form';
import { OrderNotes } from './order-notes';
import { OrderRefunds } from './order-refunds';
import { OrderResend } from './order-resend';
import { OrderTimeline } from './order-timeline';
import { OrderStatusControl } from './order-status-control';
import { StaffOrderResults } from './staff-order-results';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function DeleteOrderButton({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const remove = useDeleteOrder(orderId, () => navigate('/crm/orders'));
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        Удалить заказ
      </Button>
      <ConfirmModal
        opened={isOpen}
        title="Удалить заказ?"
        message="Заказ исчезнет из списков. Запись об удалении сохранится в журнале."
        confirmLabel="Удалить"
        isLoading={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => showSuccessToast('Заказ удалён') })}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function deliveryText(order: OrderDetail): string {
  const { delivery } = order;
  if (delivery.point) return `${delivery.point.name}, ${delivery.point.address}`;
  if (delivery.office) return `${delivery.office.name}, ${delivery.office.address}`;
  if (delivery.type === 'COURIER') return describeCourierAddress(delivery);
  return delivery.name;
}

/**
 * `documentActions`: the order's invoice and act (the page composes them from the invoices feature, issue 17).
 */
export function StaffOrderDetail({
  documentActions,
}: { documentActions?: (order: OrderDetail) => ReactNode } = {}) {
  const { id = '' } = useParams();
  const role = useCrmRole();
  const isAdmin = role === 'ADMIN';
  const order = useStaffOrderDetail(id);
  const changeStatus = useChangeOrderStatus(id);

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
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            Заказ № {data.number}
          </Title>
          <OrderStatusBadge status={data.status} />
          <PaidBadge isPaid={data.isPaid} />
        </Group>
        <Group gap="sm">
          {data.staff ? <OrderEditButton order={data} /> : null}
          {isAdmin ? <DeleteOrderButton orderId={data.id} /> : null}
        </Group>
      </Group>

      {role === 'PARTNER' ? null : (
        <Section title="Статус">
          <OrderStatusControl
            key={data.status}
            status={data.status}
            isPaid={data.isPaid}
            canCorrect={role === 'ADMIN'}
            isPending={changeStatus.isPending}
            onSubmit={(value, done) =>
              changeStatus.mutate(value, {
                onSuccess: () => {
                  showSuccessToast(`Статус изменён: ${ORDER_STATUS_LABELS[value.status]}`);
                  done();
                },
              })
            }
          />
        </Section>
      )}

      {data.staff ? (
        <Section title="Письма клиенту">
          <OrderResend order={data} />
        </Section>
      ) : null}

      {documentActions ? (
        <Section title="Счёт и акт">
          <Group gap="sm">{documentActions(data)}</Group>
        </Section>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Клиент">
          <Stack gap="xs">
            <Field label="Имя">{data.name}</Field>
            <Field label="Телефон">{formatPhone(data.phoneNumber)}</Field>
            <Field label="E-mail">{data.email}</Field>
            {data.staff?.customerId ? (
              <Anchor component={Link} to={`/crm/customers/${data.staff.customerId}`} size="sm">
                Карточка клиента: все заказы и итоги
              </Anchor>
            ) : null}
            <Field label="Плательщик">{PAYER_TYPE_LABELS[data.payerType]}</Field>
            {data.organization ? (
              <>
                <Field label="Организация">{data.organization.name}</Field>
                <Field label="ИНН / КПП">
                  {data.organization.inn ?? '—'} / {data.organization.kpp ?? '—'}
                </Field>
                <Field label="Адрес организации">{data.organization.address}</Field>
              </>
            ) : null}
            {data.organization && data.staff ? (
              <div>
                <Text size="xs" c="dimmed" mb={4}>
                  Акт выполненных работ
                </Text>
                <ActExchangeControl orderId={data.id} actExchangedAt={data.staff.actExchangedAt} />
              </div>
            ) : null}
          </Stack>
        </Section>
        <Section title="Заказ">
          <Stack gap="xs">
            <Field label="Создан">{formatDateTime(data.createdAt)}</Field>
            <Field label="Языки">
              {data.originalLanguageName} → {data.targetLanguageName}
            </Field>
            <Field label="Комментарий клиента">{data.comment}</Field>
            <Field label="Ориентировочная готовность">
              {data.estimatedReadyDate ? formatDate(data.estimatedReadyDate) : null}
            </Field>
            <Field label="Оплата">
              {data.isPaid ? `Оплачен ${data.paidAt ? formatDateTime(data.paidAt) : ''}` : 'Не оплачен'}
            </Field>
          </Stack>
        </Section>
        <Section title="Доставка">
          <Stack gap="xs">
            <Field label="Способ">{`${DELIVERY_TYPE_LABELS[data.delivery.type]} — ${data.delivery.name}`}</Field>
            <Field label="Куда">{deliveryText(data)}</Field>
            <Field label="Стоимость">{formatPriceLine(data.delivery.price)}</Field>
            {data.delivery.addressComment ? (
              <Field label="Комментарий к адресу">{data.delivery.addressComment}</Field>
            ) : null}
          </Stack>
        </Section>
        <Section title="Файлы">
          {data.files.length === 0 ? (
            <Text c="dimmed" size="sm">
              Файлов нет
            </Text>
          ) : (
            <Stack gap={4}>
              {data.files.map((file) => (
                <Group key={file.id} gap="xs">
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => void downloadStaffOrderFile(data.id, file).catch(showErrorToast)}
                  >
                    {file.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.size)} · {describePages(file.quote)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      </SimpleGrid>

      {role === 'PARTNER' ? null : (
        <Section title="Готовые файлы для клиента">
          <StaffOrderResults orderId={data.id} deliveryType={data.delivery.type} />
        </Section>
      )}

      <Section title="Стоимость">
        <Table data-testid="price-breakdown">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Позиция</Table.Th>
              <Table.Th>Цена</Table.Th>
              <Table.Th>Кол-во</Table.Th>
              <Table.Th>Сумма</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.priceBreakdown.lines.map((line, index) => (
              <Table.Tr key={`${line.kind}-${line.refId ?? index}-${index}`}>
                <Table.Td>
                  {line.name}
                  {line.tariffName ? (
                    <Text size="xs" c="dimmed">
                      Тариф «{line.tariffName}»
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{formatPriceLine(line.unitPrice)}</Table.Td>
                <Table.Td>{line.quantity}</Table.Td>
                <Table.Td>{formatPriceLine(line.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between" mt="sm">
          <Text fw={600}>Итого к оплате</Text>
          <Text fw={600} data-testid="order-amount">
            {formatRub(data.amount)}
          </Text>
        </Group>
        {role === 'PARTNER' ? null : (
          <Stack gap="md" mt="md">
            {isAdmin ? <AmountForm key={data.amount} order={data} /> : null}
            <OtherDocumentForm orderId={data.id} amount={data.amount} initial={data.staff} />
          </Stack>
        )}
      </Section>

      {role === 'PARTNER' ? null : (
        <Section title="Возвраты">
          <OrderRefunds orderId={data.id} isAdmin={isAdmin} />
        </Section>
      )}

      {data.staff ? (
        <Section title="Откуда пришёл клиент">
          <Text size="sm" data-testid="order-attribution">
            {[
              `Канал: ${data.staff.attribution.acquisitionChannel ?? 'не определён'}`,
              data.staff.attribution.utmSource ? `utm_source: ${data.staff.attribution.utmSource}` : null,
              data.staff.attribution.utmMedium ? `utm_medium: ${data.staff.attribution.utmMedium}` : null,
              data.staff.attribution.utmCampaign
                ? `utm_campaign: ${data.staff.attribution.utmCampaign}`
                : null,
              data.staff.attribution.referrer ? `источник: ${data.staff.attribution.referrer}` : null,
              data.staff.attribution.touchpointCount
                ? `касаний: ${data.staff.attribution.touchpointCount}`
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Section>
      ) : null}

      {data.staff ? (
        <Section title="Лента заказа">
          <OrderTimeline orderId={data.id} />
        </Section>
      ) : (
        <Section title="История статусов">
          <Table data-testid="status-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Изменение</Table.Th>
                <Table.Th>Кто</Table.Th>
                <Table.Th>Комментарий</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.history.map((entry, index) => (
                <Table.Tr key={`${entry.createdAt}-${index}`}>
                  <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>
                    {entry.fromStatus ? `${ORDER_STATUS_LABELS[entry.fromStatus]} → ` : ''}
                    {ORDER_STATUS_LABELS[entry.toStatus]}
                  </Table.Td>
                  <Table.Td>
                    {entry.actor ?? (entry.toStatus === 'PAID' ? 'оплата' : 'клиент / система')}
                  </Table.Td>
                  <Table.Td>{entry.comment ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}

      {data.staff ? (
        <Section title="Внутренние заметки">
          <OrderNotes orderId={data.id} />
        </Section>
      ) : null}
    </Stack>
  );
}
