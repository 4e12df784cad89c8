import {
  COMPLETED_CORRECTION_STATUSES,
  MANUAL_PAYMENT_METHOD_LABELS,
  MANUAL_PAYMENT_METHODS,
  ORDER_STATUS_LABELS,
  STATUSES_PAST_PAID,
  type ManualPayment,
  type OrderStatus,
} from '@app/contracts';
import { RuDateInput } from '@/components/ru-date-input';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { allowedNextStatuses } from '../model/filters';

type Props = {
  status: OrderStatus;
  /** An unpaid order goes past PAID only with its payment outside the system recorded (decision 043). */
  isPaid?: boolean;
  /** ADMIN: a COMPLETED order can be corrected back, with a reason (decision 043). */
  canCorrect?: boolean;
  isPending?: boolean;
  onSubmit: (
    value: { status: OrderStatus; comment: string; internalNote: string; manualPayment?: ManualPayment },
    done: () => void,
  ) => void;
};

type Method = (typeof MANUAL_PAYMENT_METHODS)[number];
type StatusFormValues = {
  status: OrderStatus | null;
  comment: string;
  internalNote: string;
  method: Method | null;
  paidOn: string;
  paymentComment: string;
};

/** Today in Moscow, YYYY-MM-DD. */
const moscowToday = () => new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10);

/** Offers only the statuses the transition table allows next; cancelling asks for confirmation. */
export function OrderStatusControl({
  status,
  isPaid = true,
  canCorrect = false,
  isPending = false,
  onSubmit,
}: Props) {
  const isCorrection = canCorrect && status === 'COMPLETED';
  const options: readonly OrderStatus[] = isCorrection
    ? COMPLETED_CORRECTION_STATUSES
    : allowedNextStatuses(status);
  const form = useForm<StatusFormValues>({
    mode: 'controlled',
    initialValues: {
      status: null,
      comment: '',
      internalNote: '',
      method: null,
      paidOn: moscowToday(),
      paymentComment: '',
    },
    validate: {
      comment: (value) => (isCorrection && !value.trim() ? 'Укажите причину исправления статуса' : null),
      method: (value, values) => (needsPayment(values.status) && !value ? 'Укажите способ оплаты' : null),
      paidOn: (value, values) => (needsPayment(values.status) && !value ? 'Укажите дату оплаты' : null),
    },
  });
  const needsPayment = (next: OrderStatus | null) =>
    !isPaid && next !== null && (STATUSES_PAST_PAID as readonly string[]).includes(next);
  const [isConfirming, setConfirming] = useState(false);

  if (options.length === 0) {
    return <Text c="dimmed">Статус заказа окончательный и больше не меняется.</Text>;
  }

  const reset = () => {
    form.reset();
    setConfirming(false);
  };
  const send = () => {
    const { status: next, comment, internalNote, method, paidOn, paymentComment } = form.getValues();
    if (!next) return;
    const manualPayment =
      needsPayment(next) && method ? { method, paidOn, comment: paymentComment.trim() || null } : undefined;
    onSubmit({ status: next, comment, internalNote, ...(manualPayment ? { manualPayment } : {}) }, reset);
  };
  const submit = form.onSubmit(({ status: next }) => {
    if (!next) return;
    if (next === 'CANCELED') setConfirming(true);
    else send();
  });
  const next = form.values.status;

  return (
    <form onSubmit={submit} aria-label="Смена статуса">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Новый статус"
            placeholder="Выберите статус"
            data={options.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
            value={next}
            onChange={(value) => form.setFieldValue('status', value as OrderStatus | null)}
            w={220}
          />
          {/* The comment goes out in the status e-mail; the internal note stays with staff (decision 048). */}
          <TextInput
            label={
              isCorrection
                ? 'Причина исправления (придёт клиенту в письме)'
                : 'Комментарий для клиента (придёт в письме)'
            }
            placeholder={isCorrection ? 'Почему заказ закрыт по ошибке' : 'Необязательно'}
            withAsterisk={isCorrection}
            {...form.getInputProps('comment')}
            maxLength={2000}
            w={320}
          />
          <TextInput
            label="Внутренняя заметка (клиент не увидит)"
            placeholder="Необязательно"
            {...form.getInputProps('internalNote')}
            maxLength={2000}
            w={320}
          />
          <Button type="submit" disabled={!next} loading={isPending}>
            Изменить статус
          </Button>
        </Group>
        {needsPayment(next) ? (
          <fieldset aria-label="Оплата вне системы" style={{ border: 0, margin: 0, padding: 0 }}>
            <Stack gap="xs">
              <Text size="sm">
                Заказ не оплачен через систему. Чтобы перевести его дальше, отметьте оплату, полученную вне
                системы.
              </Text>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <Select
                  label="Способ оплаты"
                  placeholder="Выберите способ"
                  data={MANUAL_PAYMENT_METHODS.map((value) => ({
                    value,
                    label: MANUAL_PAYMENT_METHOD_LABELS[value],
                  }))}
                  {...form.getInputProps('method')}
                  w={220}
                />
                <RuDateInput
                  label="Дата оплаты"
                  {...form.getInputProps('paidOn')}
                  value={form.values.paidOn || null}
                  onChange={(paidOn) => form.setFieldValue('paidOn', paidOn ?? '')}
                  w={180}
                />
                <TextInput
                  label="Комментарий к оплате"
                  placeholder="Необязательно"
                  {...form.getInputProps('paymentComment')}
                  maxLength={500}
                  w={320}
                />
              </Group>
            </Stack>
          </fieldset>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={isConfirming}
        title="Отменить заказ?"
        message="Заказ будет отменён, клиент получит уведомление. Это действие нельзя отменить."
        cancelLabel="Назад"
        confirmLabel="Отменить заказ"
        isLoading={isPending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
