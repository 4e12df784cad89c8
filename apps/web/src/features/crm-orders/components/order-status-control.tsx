import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/contracts';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { allowedNextStatuses } from '../model/filters';

type Props = {
  status: OrderStatus;
  isPending?: boolean;
  onSubmit: (value: { status: OrderStatus; comment: string }, done: () => void) => void;
};

/** Offers only the statuses the transition table allows next; cancelling asks for confirmation. */
export function OrderStatusControl({ status, isPending = false, onSubmit }: Props) {
  const options = allowedNextStatuses(status);
  const [next, setNext] = useState<OrderStatus | null>(null);
  const [comment, setComment] = useState('');
  const [isConfirming, setConfirming] = useState(false);

  if (options.length === 0) {
    return <Text c="dimmed">Статус заказа окончательный и больше не меняется.</Text>;
  }

  const reset = () => {
    setNext(null);
    setComment('');
    setConfirming(false);
  };
  const send = () => {
    if (next) onSubmit({ status: next, comment }, reset);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!next) return;
    if (next === 'CANCELED') setConfirming(true);
    else send();
  };

  return (
    <form onSubmit={submit} aria-label="Смена статуса">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Новый статус"
            placeholder="Выберите статус"
            data={options.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
            value={next}
            onChange={(value) => setNext(value as OrderStatus | null)}
            w={220}
          />
          <TextInput
            label="Комментарий"
            placeholder="Необязательно"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={2000}
            w={320}
          />
          <Button type="submit" disabled={!next} loading={isPending}>
            Изменить статус
          </Button>
        </Group>
      </Stack>
      <Modal opened={isConfirming} onClose={() => setConfirming(false)} title="Отменить заказ?" centered>
        <Stack>
          <Text>Заказ будет отменён, клиент получит уведомление. Это действие нельзя отменить.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Назад
            </Button>
            <Button color="red" onClick={send} loading={isPending}>
              Отменить заказ
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
