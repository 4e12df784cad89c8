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

/** Speaks the parts of YooKassa API v3 we use: create (idempotent per key) and get a payment. */
export async function startFakeYooKassa(credentials: { shopId: string; secretKey: string }) {
  const payments = new Map<string, FakePayment>();
  const byIdempotenceKey = new Map<string, string>();
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
    /** The bank declined the payment (or the payer left it and it expired). */
    cancel(id: string) {
      const payment = payments.get(id)!;
      payment.status = 'canceled';
      payment.paid = false;
    },
  };
}
