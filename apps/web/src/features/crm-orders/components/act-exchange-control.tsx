import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useMarkActExchanged } from '../api/staff-orders';

/**
 * Organizations sign the act and send it back; staff mark when it arrived, and the act-exchange reminders
 * stop. Removing the mark (set by mistake) asks first.
 */
export function ActExchangeControl({
  orderId,
  actExchangedAt,
}: {
  orderId: string;
  actExchangedAt: string | null;
}) {
  const mark = useMarkActExchanged(orderId);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const isExchanged = actExchangedAt !== null;

  return (
    <Group justify="space-between" align="center" gap="sm" data-testid="act-exchange">
      {isExchanged ? (
        <Group gap="xs">
          <Badge color="teal" variant="light">
            Подписанный акт получен
          </Badge>
          <Text size="sm" c="dimmed">
            {formatDateTime(actExchangedAt)}
          </Text>
        </Group>
      ) : (
        <Badge color="orange" variant="light">
          Подписанный акт не получен
        </Badge>
      )}
      {isExchanged ? (
        <Button variant="subtle" color="gray" size="xs" onClick={() => setConfirmOpen(true)}>
          Снять отметку
        </Button>
      ) : (
        <Button
          variant="light"
          size="xs"
          loading={mark.isPending}
          onClick={() =>
            mark.mutate(true, { onSuccess: () => showSuccessToast('Отмечено: подписанный акт получен') })
          }
        >
          Акт получен
        </Button>
      )}
      <ConfirmModal
        opened={isConfirmOpen}
        title="Снять отметку о получении акта?"
        message={<Text size="sm">Заказ снова будет числиться ожидающим подписанный акт от организации.</Text>}
        confirmLabel="Снять отметку"
        onConfirm={async () => {
          await mark.mutateAsync(false);
          showSuccessToast('Отметка снята');
        }}
        onClose={() => setConfirmOpen(false)}
      />
    </Group>
  );
}
