import { Alert, Button, Card, List, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatReadyDate, formatRub } from '@/lib/format';
import { AppLink, useAppParams, useAppSearchParams } from '@/lib/navigation';
import { useCreatePaymentLink } from '../api/payments';
import { useOrderDraftStore } from '../hooks/use-order-draft';
import { readCreatedOrder, readSubmittedDraftKey } from '../model/success-storage';

const NEXT_STEPS = [
  { title: 'Оплата', text: 'Оплатите заказ картой или через СБП — это займёт минуту.' },
  { title: 'Перевод', text: 'Переводчик начнёт работу сразу после оплаты.' },
  { title: 'Получение', text: 'Сообщим, когда перевод будет готов к получению.' },
] as const;

function PayButton({ orderId, email, label }: { orderId: string; email: string | null; label: string }) {
  const paymentLink = useCreatePaymentLink(orderId);
  return (
    <Button
      size="md"
      fullWidth
      loading={paymentLink.isPending}
      disabled={!email}
      onClick={() =>
        paymentLink.mutate(email, { onSuccess: (link) => window.location.assign(link.confirmationUrl) })
      }
    >
      {label}
    </Button>
  );
}

/** /order/:orderId/success: number, total, ready date, next steps, where the e-mail went, pay. */
export function OrderSuccess() {
  const { orderId = '' } = useAppParams();
  const searchParams = useAppSearchParams();
  const isPaymentReturn = searchParams.get('payment') === 'return';
  const order = readCreatedOrder(orderId);
  const [email, setEmail] = useState('');
  const store = useOrderDraftStore();

  // The draft that became this order starts over (a newer draft of another tab or visit stays).
  useEffect(() => {
    if (store.getDraft().idempotencyKey === readSubmittedDraftKey()) store.reset();
  }, [store]);

  return (
    <Stack gap="lg" maw={560} mx="auto" data-testid="order-success">
      <div>
        <Title order={1} size="h2">
          {order ? `Заказ №${order.number} оформлен` : 'Заказ оформлен'}
        </Title>
        {order ? (
          <Text mt="xs">
            Подтверждение отправили на <b>{order.email}</b>.
          </Text>
        ) : null}
      </div>

      {isPaymentReturn ? (
        <Alert color="blue" title="Спасибо!" data-testid="payment-return">
          Если оплата прошла, мы пришлём письмо на ваш email. Статус заказа виден в личном кабинете.
        </Alert>
      ) : null}

      {order ? (
        <Card withBorder radius="md">
          <Stack gap={6}>
            <Text>
              Сумма: <b data-testid="success-total">{formatRub(order.amount)}</b>
            </Text>
            {order.estimatedReadyDate ? (
              <Text>
                Будет готов: <b>{formatReadyDate(order.estimatedReadyDate)}</b> (после оплаты)
              </Text>
            ) : null}
          </Stack>
        </Card>
      ) : null}

      <section aria-labelledby="next-heading">
        <Title order={2} size="h4" id="next-heading" mb="sm">
          Что дальше
        </Title>
        <List spacing="sm" type="ordered" listStyleType="none" pl={0}>
          {NEXT_STEPS.map((step, index) => (
            <List.Item
              key={step.title}
              icon={
                <ThemeIcon radius="xl" size={28} color="blue.7" aria-hidden>
                  {index + 1}
                </ThemeIcon>
              }
            >
              <Text fw={600}>{step.title}</Text>
              <Text size="sm" c="gray.7">
                {step.text}
              </Text>
            </List.Item>
          ))}
        </List>
      </section>

      {!isPaymentReturn && order && !order.isPaid ? (
        <PayButton orderId={order.id} email={order.email} label={`Оплатить ${formatRub(order.amount)}`} />
      ) : null}
      {!isPaymentReturn && !order && orderId ? (
        <Stack gap="xs">
          <TextInput
            label="Email, указанный в заказе"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PayButton orderId={orderId} email={email.trim() || null} label="Оплатить заказ" />
        </Stack>
      ) : null}

      <Button component={AppLink} to="/order?reset=true" variant="default">
        Оформить ещё один заказ
      </Button>
    </Stack>
  );
}

/** /order/success without an order id. */
export function OrderThanks() {
  return (
    <Stack gap="md" maw={560} mx="auto" data-testid="order-thanks">
      <Title order={1} size="h2">
        Спасибо за заказ!
      </Title>
      <Text>
        Мы отправили подтверждение на ваш email. Менеджер свяжется с вами, если понадобится уточнение.
      </Text>
      <Button component={AppLink} to="/order?reset=true" variant="default">
        Оформить ещё один заказ
      </Button>
    </Stack>
  );
}
