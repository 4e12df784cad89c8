import { MESSAGES } from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  describePaymentOutcome,
  PaymentOutcomePanel,
  type PaymentOutcomeView,
} from '@/components/payment-outcome/payment-outcome';
import { isPaymentId, paymentOutcomeQueryOptions } from '@/components/payment-outcome/payment-outcome-query';
import { isApiError } from '@/lib/api-client';
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

function titleOf(number: number, view: PaymentOutcomeView | null, isPaymentReturn: boolean): string {
  if (view === 'paid') return `Заказ №${number} оплачен`;
  if (isPaymentReturn && view === 'not_paid') return `Заказ №${number} не оплачен`;
  if (isPaymentReturn && view === 'pending') return `Заказ №${number}: проверяем оплату`;
  return `Заказ №${number} оформлен`;
}

/** An address with an order id the server does not know: say so and offer a way on, never «оформлен». */
function SuccessOrderNotFound() {
  return (
    <Stack gap="md" maw={560} mx="auto" data-testid="order-success-not-found">
      <Title order={1} size="h2">
        {MESSAGES.orderNotFound}
      </Title>
      <Text>{MESSAGES.orderNotFoundHint}</Text>
      <Group gap="sm">
        <Button component={AppLink} to="/order?reset=true">
          Оформить заказ
        </Button>
        <Button component={AppLink} to="/cabinet/orders" variant="default">
          Мои заказы
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /order/:orderId/success: number, total, ready date, next steps, where the e-mail went, pay. Coming back from the
 * payment page (`?payment=<payment id>`), the outcome the server knows: paid, not paid (try again), or pending.
 */
export function OrderSuccess() {
  const { orderId = '' } = useAppParams();
  const searchParams = useAppSearchParams();
  const paymentParam = searchParams.get('payment');
  const paymentId = paymentParam && isPaymentId(paymentParam) ? paymentParam : undefined;
  const stored = readCreatedOrder(orderId);
  // The server's view of the order (and of the payment the payer came back from): the page never trusts the URL.
  const outcome = useQuery({ ...paymentOutcomeQueryOptions(orderId, paymentId), enabled: orderId !== '' });
  const [email, setEmail] = useState('');
  const store = useOrderDraftStore();

  // The draft that became this order starts over (a newer draft of another tab or visit stays).
  useEffect(() => {
    if (store.getDraft().idempotencyKey === readSubmittedDraftKey()) store.reset();
  }, [store]);

  if (outcome.isError && isApiError(outcome.error) && outcome.error.status === 404) {
    return <SuccessOrderNotFound />;
  }
  if (outcome.isPending && !stored) {
    return (
      <Stack gap="lg" maw={560} mx="auto" aria-busy>
        <Skeleton height={36} width="70%" />
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  }
  if (outcome.isError && !stored) {
    return (
      <Stack gap="lg" maw={560} mx="auto">
        <Alert color="red" data-testid="payment-outcome-error">
          {MESSAGES.paymentOutcomeLoadFailed}
        </Alert>
      </Stack>
    );
  }

  const known = outcome.data;
  const number = known?.orderNumber ?? stored!.number;
  const amount = known?.amount ?? stored!.amount;
  const view = known ? describePaymentOutcome(known) : null;
  const canPay = known ? known.canPay : !stored!.isPaid;

  return (
    <Stack gap="lg" maw={560} mx="auto" data-testid="order-success">
      <div>
        <Title order={1} size="h2">
          {titleOf(number, view, paymentId !== undefined)}
        </Title>
        {stored ? (
          <Text mt="xs">
            Подтверждение отправили на <b>{stored.email}</b>.
          </Text>
        ) : null}
      </div>

      {paymentId ? <PaymentOutcomePanel orderId={orderId} paymentId={paymentId} context="order" /> : null}

      <Card withBorder radius="md">
        <Stack gap={6}>
          <Text>
            Сумма: <b data-testid="success-total">{formatRub(amount)}</b>
          </Text>
          {stored?.estimatedReadyDate ? (
            <Text>
              Будет готов: <b>{formatReadyDate(stored.estimatedReadyDate)}</b>
              {view === 'paid' ? null : ' (после оплаты)'}
            </Text>
          ) : null}
        </Stack>
      </Card>

      {view === 'paid' ? null : (
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
      )}

      {/* Back from the payment page the outcome panel offers what fits (try again); here only a first payment. */}
      {!paymentId && canPay && stored ? (
        <PayButton orderId={orderId} email={stored.email} label={`Оплатить ${formatRub(amount)}`} />
      ) : null}
      {!paymentId && canPay && !stored ? (
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
