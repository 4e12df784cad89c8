import { randomUUID } from 'node:crypto';
import { startFakeServer } from './http-fake.ts';

type FakePayment = {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url?: string };
  metadata: Record<string, string>;
  created_at: string;
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
};

type FakeRefund = {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  description?: string;
  created_at: string;
  cancellation_details?: { party: string; reason: string };
};

/**
 * Speaks the parts of YooKassa API v3 we use: create (idempotent per key) and get a payment; create (idempotent per
 * key, refused beyond what the payment has left) and get a refund. `refunds.mode` decides how a new refund ends:
 * at once (`succeeded`), later (`pending`, then `succeedRefund`/`cancelRefund`), or the API failing (`error`: 500).
 */
export async function startFakeYooKassa(credentials: { shopId: string; secretKey: string }) {
  const payments = new Map<string, FakePayment>();
  const byIdempotenceKey = new Map<string, string>();
  const refunds = new Map<string, FakeRefund>();
  const refundByIdempotenceKey = new Map<string, string>();
  const refundControl = { mode: 'succeeded' as 'succeeded' | 'pending' | 'error' };
  const kopecksOf = (amount: { value: string }) => Math.round(Number(amount.value) * 100);
  const expectedAuth = `Basic ${Buffer.from(`${credentials.shopId}:${credentials.secretKey}`).toString('base64')}`;
  const fake = await startFakeServer((request) => {
    if (request.headers.authorization !== expectedAuth) {
      return { status: 401, body: { type: 'error', code: 'invalid_credentials' } };
    }
    if (request.method === 'POST' && request.url === '/v3/payments') {
      const key = request.headers['idempotence-key'];
      if (typeof key !== 'string') return { status: 400, body: { type: 'error', code: 'invalid_request' } };
      const existing = byIdempotenceKey.get(key);
      if (existing) return { status: 200, body: payments.get(existing) };
      const body = request.body as {
        amount: FakePayment['amount'];
        metadata: Record<string, string>;
        confirmation?: { return_url?: string };
      };
      const id = `2d${randomUUID().replace(/-/g, '').slice(0, 20)}`;
      const payment: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        amount: body.amount,
        confirmation: {
          type: 'redirect',
          confirmation_url: `https://yoomoney.example/checkout/${id}`,
          return_url: body.confirmation?.return_url,
        },
        metadata: body.metadata,
        created_at: new Date().toISOString(),
      };
      payments.set(id, payment);
      byIdempotenceKey.set(key, id);
      return { status: 200, body: payment };
    }
    if (request.method === 'POST' && request.url === '/v3/refunds') {
      const key = request.headers['idempotence-key'];
      if (typeof key !== 'string') return { status: 400, body: { type: 'error', code: 'invalid_request' } };
      if (refundControl.mode === 'error')
        return { status: 500, body: { type: 'error', code: 'internal_server_error' } };
      const existing = refundByIdempotenceKey.get(key);
      if (existing) return { status: 200, body: refunds.get(existing) };
      const body = request.body as { payment_id: string; amount: FakeRefund['amount']; description?: string };
      const payment = payments.get(body.payment_id);
      if (!payment || payment.status !== 'succeeded') {
        return {
          status: 400,
          body: { type: 'error', code: 'invalid_request', description: 'Payment is not succeeded' },
        };
      }
      const refunded = [...refunds.values()]
        .filter((refund) => refund.payment_id === payment.id && refund.status !== 'canceled')
        .reduce((sum, refund) => sum + kopecksOf(refund.amount), 0);
      if (kopecksOf(body.amount) > kopecksOf(payment.amount) - refunded) {
        return {
          status: 400,
          body: { type: 'error', code: 'invalid_request', description: 'Refund amount exceeds payment' },
        };
      }
      const refund: FakeRefund = {
        id: `2e${randomUUID().replace(/-/g, '').slice(0, 20)}`,
        payment_id: payment.id,
        status: refundControl.mode,
        amount: body.amount,
        description: body.description,
        created_at: new Date().toISOString(),
      };
      refunds.set(refund.id, refund);
      refundByIdempotenceKey.set(key, refund.id);
      return { status: 200, body: refund };
    }
    const refundMatch = /^\/v3\/refunds\/([\w-]+)$/.exec(request.url);
    if (request.method === 'GET' && refundMatch) {
      if (refundControl.mode === 'error')
        return { status: 500, body: { type: 'error', code: 'internal_server_error' } };
      const refund = refunds.get(refundMatch[1]!);
      return refund
        ? { status: 200, body: refund }
        : { status: 404, body: { type: 'error', code: 'not_found' } };
    }
    const match = /^\/v3\/payments\/([\w-]+)$/.exec(request.url);
    if (request.method === 'GET' && match) {
      const payment = payments.get(match[1]!);
      return payment
        ? { status: 200, body: payment }
        : { status: 404, body: { type: 'error', code: 'not_found' } };
    }
    return { status: 404, body: { type: 'error', code: 'not_found' } };
  });
  return {
    ...fake,
    apiUrl: `${fake.url}/v3`,
    payments,
    /** What the bank does when the payer pays. */
    succeed(id: string) {
      const payment = payments.get(id)!;
      payment.status = 'succeeded';
      payment.paid = true;
      payment.receipt_registration = 'succeeded';
    },
    refunds,
    refundControl,
    /** A pending refund went through. */
    succeedRefund(id: string) {
      refunds.get(id)!.status = 'succeeded';
    },
    /** A pending refund was canceled by the bank. */
    cancelRefund(id: string) {
      const refund = refunds.get(id)!;
      refund.status = 'canceled';
      refund.cancellation_details = { party: 'payment_network', reason: 'rejected_by_payee' };
    },
    /** The bank declined the payment (or the payer left it and it expired). */
    cancel(id: string) {
      const payment = payments.get(id)!;
      payment.status = 'canceled';
      payment.paid = false;
    },
  };
}
