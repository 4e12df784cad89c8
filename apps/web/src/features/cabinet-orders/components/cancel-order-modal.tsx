import { MESSAGES } from '@app/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { showSuccessToast } from '@/lib/notify';
import { useCancelOrder } from '../api/orders';

/** Confirmation before a customer cancels their order (PATCH status CANCELED with an optional comment). */
export function CancelOrderModal({
  orderId,
  orderNumber,
  opened,
  onClose,
}: {
  orderId: string;
  orderNumber: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [comment, setComment] = useState('');
  const cancel = useCancelOrder(orderId);
  // A second tap before React shows the button as loading must not send a second cancellation.
  const sending = useRef(false);

  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    cancel.mutate(comment, {
      onSuccess: () => {
        showSuccessToast(MESSAGES.orderCanceled);
        setComment('');
        onClose();
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Отменить заказ №${orderNumber}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          Заказ будет отменён. Если он оплачен, менеджер свяжется с вами по поводу возврата.
        </Text>
        <Textarea
          label="Причина отмены"
          description="Необязательно"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={2000}
          rows={3}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Не отменять
          </Button>
          <Button color="red" onClick={confirm} loading={cancel.isPending}>
            Да, отменить
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
