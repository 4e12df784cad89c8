import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { MESSAGES } from '@app/contracts';
import { formatRub } from '@/lib/format';
import { useDecideTestPayment, useTestPayment } from '../api/payments';

/** /payment/test/:paymentId: the embedded provider's page; the payer confirms or declines. */
export function TestPayment() {
  const { paymentId = '' } = useParams();
  const payment = useTestPayment(paymentId);
  const decide = useDecideTestPayment(paymentId);

  const onDecide = (decision: 'confirm' | 'decline') =>
    decide.mutate(decision, {
      // Back where the link was made (order page or cabinet), naming the payment, like the bank's page does.
      onSuccess: (result) =>
        window.location.assign(
          result.returnUrl ?? `/order/${result.orderId}/success?payment=${encodeURIComponent(result.id)}`,
        ),
    });

  return (
    <Stack gap="lg" maw={480} mx="auto" data-testid="test-payment">
      <Alert color="orange" variant="filled" role="status" data-testid="payment-test-mode-banner">
        {MESSAGES.paymentTestModeBanner}
      </Alert>
      <Title order={1} size="h2">
        Тестовая оплата
      </Title>
      <Text size="sm" c="gray.7">
        Это встроенная страница оплаты для демонстрации: деньги не списываются.
      </Text>
      {payment.isPending ? <Skeleton height={96} /> : null}
      {payment.data ? (
        <Card withBorder radius="md">
          <Stack gap={6}>
            <Text>
              Заказ №<b data-testid="test-payment-number">{payment.data.orderNumber}</b>
            </Text>
            <Text>
              К оплате: <b data-testid="test-payment-amount">{formatRub(payment.data.amount)}</b>
            </Text>
          </Stack>
        </Card>
      ) : null}
      {payment.data && payment.data.status !== 'pending' ? (
        <Alert color="gray">Платёж уже обработан.</Alert>
      ) : null}
      <Group grow>
        <Button
          size="md"
          onClick={() => onDecide('confirm')}
          loading={decide.isPending && decide.variables === 'confirm'}
          disabled={!payment.data || payment.data.status !== 'pending' || decide.isPending}
        >
          Оплатить
        </Button>
        <Button
          size="md"
          variant="default"
          onClick={() => onDecide('decline')}
          loading={decide.isPending && decide.variables === 'decline'}
          disabled={!payment.data || payment.data.status !== 'pending' || decide.isPending}
        >
          Отказаться
        </Button>
      </Group>
    </Stack>
  );
}
