import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/contracts';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { allowedNextStatuses } from '../model/filters';

type Props = {
  status: OrderStatus;
  isPending?: boolean;
  onSubmit: (value: { status: OrderStatus; comment: string }, done: () => void) => void;
};

type StatusFormValues = { status: OrderStatus | null; comment: string };

/** Offers only the statuses the transition table allows next; cancelling asks for confirmation. */
export function OrderStatusControl({ status, isPending = false, onSubmit }: Props) {
  const options = allowedNextStatuses(status);
  const form = useForm<StatusFormValues>({
    mode: 'controlled',
    initialValues: { status: null, comment: '' },
  });
  const [isConfirming, setConfirming] = useState(false);

  if (options.length === 0) {
    return <Text c="dimmed">Статус заказа окончательный и больше не меняется.</Text>;
  }

  const reset = () => {
    form.reset();
    setConfirming(false);
  };
  const send = () => {
    const { status: next, comment } = form.getValues();
    if (next) onSubmit({ status: next, comment }, reset);
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
          <TextInput
            label="Комментарий"
            placeholder="Необязательно"
            {...form.getInputProps('comment')}
            maxLength={2000}
            w={320}
          />
          <Button type="submit" disabled={!next} loading={isPending}>
            Изменить статус
          </Button>
        </Group>
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
