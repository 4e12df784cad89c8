import { ORDER_RESEND_MAIL_LABELS, type OrderDetail, type OrderResendMail } from '@app/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { formatRub } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useResendOrderMail } from '../api/order-resend';

const BUTTON_LABELS: Record<OrderResendMail, string> = {
  confirmation: 'Отправить подтверждение повторно',
  'payment-link': 'Отправить ссылку на оплату',
};

/**
 * The customer's mails again (decision 057): the confirmation always, a payment link while the order is unpaid,
 * not cancelled and above 0 ₽. Each asks first and names the address; the server allows one a minute per kind.
 */
export function OrderResend({
  order,
}: {
  order: Pick<OrderDetail, 'id' | 'email' | 'isPaid' | 'status' | 'amount'>;
}) {
  const resend = useResendOrderMail(order.id);
  const [asking, setAsking] = useState<OrderResendMail | null>(null);
  const canSendPaymentLink = !order.isPaid && order.status !== 'CANCELED' && order.amount > 0;
  const kinds: OrderResendMail[] = canSendPaymentLink ? ['confirmation', 'payment-link'] : ['confirmation'];
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {kinds.map((kind) => (
          <Button key={kind} variant="default" onClick={() => setAsking(kind)}>
            {BUTTON_LABELS[kind]}
          </Button>
        ))}
      </Group>
      {canSendPaymentLink ? null : (
        <Text size="sm" c="dimmed">
          Ссылку на оплату можно отправить только по неоплаченному заказу.
        </Text>
      )}
      <ConfirmModal
        opened={asking !== null}
        title={asking ? `${BUTTON_LABELS[asking]}?` : ''}
        color="blue"
        message={
          asking === 'payment-link'
            ? `Ссылка на оплату ${formatRub(order.amount)} уйдёт на ${order.email}.`
            : `Подтверждение заказа с новой ссылкой входа в кабинет уйдёт на ${order.email}.`
        }
        confirmLabel="Отправить"
        onConfirm={() =>
          asking
            ? resend
                .mutateAsync(asking)
                .then((sent) =>
                  showSuccessToast(`Отправлено на ${sent.to}: ${ORDER_RESEND_MAIL_LABELS[sent.mail]}`),
                )
            : undefined
        }
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
