import { formatMessage, MESSAGES, type PaymentOutcome } from '@app/contracts';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { formatRub } from '@/lib/format';
import { AppLink } from '@/lib/navigation';
import { PENDING_POLL_LIMIT_MS, usePaymentOutcome, useRetryPayment } from './payment-outcome-query';

/** Alert titles in the body text colour: Mantine's light red/green/blue title is under 4.5:1 on its background. */
const ALERT_STYLES = { title: { color: 'var(--mantine-color-text)' } };

export type PaymentOutcomeView = 'paid' | 'not_paid' | 'pending';

/** What the payer sees: a paid order is paid whichever of its payments did it. */
export function describePaymentOutcome(outcome: PaymentOutcome): PaymentOutcomeView | null {
  if (outcome.isPaid) return 'paid';
  return outcome.payment?.status ?? null;
}

function PaidNotice({ outcome }: { outcome: PaymentOutcome }) {
  const payment = outcome.payment?.status === 'paid' ? outcome.payment : null;
  return (
    <Alert
      color="green"
      title={MESSAGES.paymentOutcomePaidTitle}
      data-testid="payment-outcome-paid"
      styles={ALERT_STYLES}
    >
      <Stack gap={4}>
        <Text size="sm">
          {formatMessage(MESSAGES.paymentOutcomePaid, {
            number: outcome.orderNumber,
            amount: formatRub(outcome.amount),
          })}
        </Text>
        {payment?.reference ? (
          <Text size="sm" data-testid="payment-outcome-reference">
            {formatMessage(MESSAGES.paymentOutcomeReference, { reference: payment.reference })}
          </Text>
        ) : null}
        {payment?.receiptRegistration === 'succeeded' ? (
          <Text size="sm">{MESSAGES.paymentOutcomeReceiptSucceeded}</Text>
        ) : null}
        {payment?.receiptRegistration === 'pending' ? (
          <Text size="sm">{MESSAGES.paymentOutcomeReceiptPending}</Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

function NotPaidNotice({
  outcome,
  paymentId,
  context,
}: {
  outcome: PaymentOutcome;
  paymentId: string;
  context: 'order' | 'cabinet';
}) {
  const retry = useRetryPayment(outcome.orderId);
  return (
    <Alert
      color="red"
      title={MESSAGES.paymentOutcomeNotPaidTitle}
      data-testid="payment-outcome-not-paid"
      styles={ALERT_STYLES}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {formatMessage(MESSAGES.paymentOutcomeNotPaid, {
            number: outcome.orderNumber,
            amount: formatRub(outcome.amount),
          })}
        </Text>
        <Text size="sm">{MESSAGES.paymentOutcomeOtherWay}</Text>
        {retry.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {retry.error.message}
          </Text>
        ) : null}
        {outcome.canPay ? (
          <Group gap="sm">
            <Button
              loading={retry.isPending}
              onClick={() =>
                retry.mutate(paymentId, {
                  onSuccess: (link) => window.location.assign(link.confirmationUrl),
                })
              }
            >
              {MESSAGES.paymentOutcomeRetry}
            </Button>
            {context === 'order' ? (
              <Button component={AppLink} to={`/cabinet/orders/${outcome.orderId}`} variant="default">
                {MESSAGES.paymentOutcomeInvoice}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * The outcome of the payment the payer came back from (`?payment=<id>` names it; the server says how it went):
 * paid with the provider's reference, not paid with a way to try again, or pending — the panel asks again by
 * itself until the payment settles or a couple of minutes pass.
 */
export function PaymentOutcomePanel({
  orderId,
  paymentId,
  context,
}: {
  orderId: string;
  paymentId: string;
  context: 'order' | 'cabinet';
}) {
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const [isPollingOver, setPollingOver] = useState(false);
  const query = usePaymentOutcome(orderId, paymentId, pollingSince);
  // The polling stops by itself after the limit; this says so on the page at the same moment.
  useEffect(() => {
    const timer = window.setTimeout(() => setPollingOver(true), PENDING_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [pollingSince]);
  if (query.isPending) return <Loader size="sm" aria-label={MESSAGES.paymentOutcomePendingTitle} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return null;
    return (
      <Alert color="red" data-testid="payment-outcome-error">
        {MESSAGES.paymentOutcomeLoadFailed}
      </Alert>
    );
  }
  const outcome = query.data;
  const view = describePaymentOutcome(outcome);
  if (view === 'paid') return <PaidNotice outcome={outcome} />;
  if (view === 'not_paid') return <NotPaidNotice outcome={outcome} paymentId={paymentId} context={context} />;
  if (view !== 'pending') return null;
  return (
    <Alert
      color="blue"
      title={MESSAGES.paymentOutcomePendingTitle}
      data-testid="payment-outcome-pending"
      styles={ALERT_STYLES}
    >
      <Stack gap="sm" align="flex-start">
        <Group gap="xs" wrap="nowrap" role="status">
          {isPollingOver ? null : <Loader size="xs" aria-hidden />}
          <Text size="sm">
            {isPollingOver ? MESSAGES.paymentOutcomeStillPending : MESSAGES.paymentOutcomePending}
          </Text>
        </Group>
        {isPollingOver ? (
          <Button
            variant="default"
            loading={query.isFetching}
            onClick={() => {
              setPollingOver(false);
              setPollingSince(Date.now());
              void query.refetch();
            }}
          >
            {MESSAGES.paymentOutcomeCheckAgain}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
