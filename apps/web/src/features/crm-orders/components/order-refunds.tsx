import {
  CALENDAR_DAYS,
  CreateRefundRequestSchema,
  MANUAL_PAYMENT_METHOD_LABELS,
  MANUAL_PAYMENT_METHODS,
  moscowDate,
  REFUND_REASON_MAX_LENGTH,
  REFUND_STATUS_LABELS,
  type CreateRefundRequest,
  type OrderRefundsResponse,
  type Refund,
} from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MoneyInput } from '@/components/money-input';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { formatDate, formatDateTime, formatRub } from '@/lib/format';
import { numberOrNull, type NumberField } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useCreateRefund, useOrderRefunds, useRetryRefund } from '../api/order-refunds';

type Method = (typeof MANUAL_PAYMENT_METHODS)[number];
type Payment = OrderRefundsResponse['payments'][number];
type FormValues = {
  paymentId: string | null;
  amount: NumberField;
  reason: string;
  method: Method | null;
  refundedOn: string | null;
};

const STATUS_COLORS: Record<Refund['status'], string> = {
  pending: 'yellow',
  succeeded: 'green',
  canceled: 'gray',
};

/** How the money goes back, in the words of the confirmation (decision 046). */
function describeMethod(payment: Payment, method: Method | null, refundedOn: string | null): string {
  if (payment.provider === 'yookassa') return 'через ЮKassa на карту или счёт, с которых платил клиент';
  if (payment.provider === 'test') return 'тестовая оплата: деньги не двигаются';
  return `вне системы: ${method ? MANUAL_PAYMENT_METHOD_LABELS[method].toLowerCase() : '—'}${
    refundedOn ? `, ${formatDate(`${refundedOn}T12:00:00+03:00`)}` : ''
  }`;
}

function paymentLabel(payment: Payment): string {
  const how =
    payment.provider === 'manual'
      ? `вне системы${payment.method ? ` (${MANUAL_PAYMENT_METHOD_LABELS[payment.method].toLowerCase()})` : ''}`
      : payment.provider === 'yookassa'
        ? 'ЮKassa'
        : 'тестовая оплата';
  return `${formatRub(payment.amount)} — ${how}, ${formatDateTime(payment.paidAt)}; можно вернуть ${formatRub(payment.remaining)}`;
}

function RefundForm({ orderId, payments }: { orderId: string; payments: Payment[] }) {
  const create = useCreateRefund(orderId);
  const refundable = payments.filter((payment) => payment.remaining > 0);
  const first = refundable[0]!;
  const [pending, setPending] = useState<{ request: CreateRefundRequest; payment: Payment } | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      paymentId: first.id,
      amount: first.remaining,
      reason: '',
      method: null,
      refundedOn: moscowDate(new Date()),
    },
    validate: (values) => {
      const payment = refundable.find((candidate) => candidate.id === values.paymentId);
      if (!payment) return { paymentId: 'Выберите платёж' };
      const result = CreateRefundRequestSchema.safeParse(requestOf(values, payment));
      const errors: Record<string, string> = {};
      if (!result.success) {
        for (const issue of result.error.issues) {
          const key = issue.path[0] === 'manual' ? String(issue.path[1]) : String(issue.path[0]);
          if (!(key in errors)) errors[key] = issue.message;
        }
      }
      const amount = numberOrNull(values.amount);
      if (!errors.amount && amount !== null && amount > payment.remaining)
        errors.amount = `Можно вернуть не больше ${formatRub(payment.remaining)}`;
      if (payment.provider === 'manual' && !values.method) errors.method = 'Выберите способ возврата';
      return errors;
    },
  });
  const selected = refundable.find((payment) => payment.id === form.values.paymentId) ?? first;

  function requestOf(values: FormValues, payment: Payment): CreateRefundRequest {
    return {
      paymentId: payment.id,
      amount: numberOrNull(values.amount) ?? Number.NaN,
      reason: values.reason,
      ...(payment.provider === 'manual' && values.method
        ? { manual: { method: values.method, refundedOn: values.refundedOn ?? '' } }
        : {}),
    };
  }

  const submit = form.onSubmit((values) => {
    const request = requestOf(values, selected);
    setPending({ request: { ...request, reason: request.reason.trim() }, payment: selected });
  });
  const confirm = async () => {
    if (!pending) return;
    const refund = await create.mutateAsync(pending.request);
    showSuccessToast(
      refund.status === 'succeeded'
        ? 'Возврат оформлен'
        : refund.status === 'pending'
          ? 'Возврат отправлен: ждём ответа платёжной системы'
          : 'Платёжная система отклонила возврат',
    );
  };

  return (
    <form onSubmit={submit} aria-label="Оформить возврат" noValidate>
      <Stack gap="sm">
        {refundable.length > 1 ? (
          <Select
            label="Платёж"
            data={refundable.map((payment) => ({ value: payment.id, label: paymentLabel(payment) }))}
            {...form.getInputProps('paymentId')}
            onChange={(value) => {
              form.setFieldValue('paymentId', value);
              const payment = refundable.find((candidate) => candidate.id === value);
              if (payment) form.setFieldValue('amount', payment.remaining);
            }}
            allowDeselect={false}
          />
        ) : null}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <MoneyInput
            label="Сумма возврата, ₽"
            description={`Можно вернуть ${formatRub(selected.remaining)}`}
            {...form.getInputProps('amount')}
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            label="Причина возврата"
            withAsterisk
            {...form.getInputProps('reason')}
            maxLength={REFUND_REASON_MAX_LENGTH}
            w={{ base: '100%', xs: 320 }}
          />
        </Group>
        {selected.provider === 'manual' ? (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Select
              label="Как вернули деньги"
              placeholder="Выберите способ"
              data={MANUAL_PAYMENT_METHODS.map((value) => ({
                value,
                label: MANUAL_PAYMENT_METHOD_LABELS[value],
              }))}
              {...form.getInputProps('method')}
              w={{ base: '100%', xs: 220 }}
            />
            <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
              <DateInput
                label="Дата возврата"
                valueFormat="DD.MM.YYYY"
                {...form.getInputProps('refundedOn')}
                minDate={CALENDAR_DAYS.first}
                maxDate={moscowDate(new Date())}
                w={{ base: '100%', xs: 180 }}
              />
            </DatesProvider>
          </Group>
        ) : null}
        <Group>
          <Button type="submit" color="orange" loading={create.isPending}>
            Оформить возврат
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title="Оформить возврат?"
        color="orange"
        message={
          pending ? (
            <Stack gap={4} data-testid="refund-confirmation">
              <Text>Вернуть {formatRub(pending.request.amount)}</Text>
              <Text size="sm">
                Способ:{' '}
                {describeMethod(
                  pending.payment,
                  pending.request.manual?.method ?? null,
                  pending.request.manual?.refundedOn ?? null,
                )}
              </Text>
              <Text size="sm">Причина: {pending.request.reason}</Text>
              <Text size="sm" c="dimmed">
                Клиент получит письмо о возврате.
              </Text>
            </Stack>
          ) : null
        }
        confirmLabel="Вернуть деньги"
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </form>
  );
}

/**
 * The refunds of an order on the CRM page (decision 046): «Возвращено X из Y», the list with each refund's state,
 * «Повторить» for one the provider has not finished, and (ADMIN) the form with a confirmation of amount and method.
 */
export function OrderRefunds({ orderId, isAdmin }: { orderId: string; isAdmin: boolean }) {
  const refunds = useOrderRefunds(orderId);
  const retry = useRetryRefund(orderId);
  // A phone gets a card per refund instead of a table scrolling sideways (decision 057, 375 px).
  const isPhone = useMediaQuery('(max-width: 639.98px)', false, { getInitialValueInEffect: false });
  if (refunds.isPending) return <Loader size="sm" aria-label="Загрузка возвратов" />;
  if (refunds.isError) return <Alert color="red">Не удалось загрузить возвраты</Alert>;
  const data = refunds.data;
  const refundState = (item: Refund) => (
    <Stack gap={4} align="flex-start">
      <Badge color={STATUS_COLORS[item.status]} variant="light">
        {REFUND_STATUS_LABELS[item.status]}
      </Badge>
      {item.method ? (
        <Text size="xs">
          {MANUAL_PAYMENT_METHOD_LABELS[item.method]}
          {item.refundedOn ? `, ${formatDate(`${item.refundedOn}T12:00:00+03:00`)}` : ''}
        </Text>
      ) : null}
      {item.error ? (
        <Text size="xs" c="red.8">
          {item.error}
        </Text>
      ) : null}
      {item.status === 'pending' && isAdmin ? (
        <Button
          size="compact-xs"
          variant="light"
          loading={retry.isPending && retry.variables === item.id}
          onClick={() => retry.mutate(item.id)}
        >
          Повторить
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <Stack gap="md">
      {data.paid === 0 ? (
        <Text size="sm" c="dimmed">
          Оплаты по заказу не получено — возвращать нечего.
        </Text>
      ) : (
        <Text fw={600} data-testid="refund-summary">
          Возвращено {formatRub(data.refunded)} из {formatRub(data.paid)}
          {data.pending > 0 ? ` · в обработке ${formatRub(data.pending)}` : ''}
          {` · можно вернуть ${formatRub(data.remaining)}`}
        </Text>
      )}
      {data.items.length > 0 && isPhone ? (
        <Stack gap="xs" data-testid="refunds" aria-label="Возвраты">
          {data.items.map((item) => (
            <Card key={item.id} withBorder padding="sm" data-testid="refund">
              <Group justify="space-between" gap="xs">
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatRub(item.amount)}
                </Text>
                <Text size="sm">{formatDateTime(item.createdAt)}</Text>
              </Group>
              {refundState(item)}
              <Text size="sm" mt={4}>
                Причина: {item.reason}
              </Text>
              <Text size="xs" c="dimmed">
                {item.actor ?? '—'}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="refunds" aria-label="Возвраты">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Сумма</Table.Th>
                <Table.Th>Состояние</Table.Th>
                <Table.Th>Причина</Table.Th>
                <Table.Th>Кто</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRub(item.amount)}</Table.Td>
                  <Table.Td>{refundState(item)}</Table.Td>
                  <Table.Td>{item.reason}</Table.Td>
                  <Table.Td>{item.actor ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {data.canRefund ? (
        // A new form after each refund: the amount defaults to what is left now, the reason is empty.
        <RefundForm key={data.remaining} orderId={orderId} payments={data.payments} />
      ) : null}
    </Stack>
  );
}
