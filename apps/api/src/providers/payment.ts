/** Payment provider adapter: YooKassa (real API client) or the built-in test payment page. */
export type ReceiptItem = { description: string; quantity: number; amount: number };
export type CreatePaymentRequest = {
  paymentId: string;
  orderNumber: number;
  amount: number;
  email: string;
  returnUrl: string;
  items: ReceiptItem[];
};
export type ProviderPayment = {
  providerPaymentId: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: number;
  confirmationUrl: string | null;
  metadata: Record<string, string>;
  /** The 54-FZ receipt's registration at the provider (YooKassa `receipt_registration`), where it gives one. */
  receiptRegistration: 'pending' | 'succeeded' | 'canceled' | null;
};

export type CreateRefundRequest = {
  /** Our refund row's id: the Idempotence-Key, so sending it again never refunds twice. */
  refundId: string;
  providerPaymentId: string;
  amount: number;
  description: string;
  /** The 54-FZ refund receipt: the customer's e-mail and the lines the amount is spread over. */
  email: string;
  items: ReceiptItem[];
};
export type ProviderRefund = {
  providerRefundId: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: number;
  /** Why the provider canceled it, where it says (YooKassa `cancellation_details.reason`). */
  cancellationReason: string | null;
};

/** The provider refused the request itself (a 4xx answer): sending it again would be refused again. */
export class ProviderRefusedError extends Error {}

export type PaymentProvider = {
  kind: 'yookassa' | 'test';
  createPayment(request: CreatePaymentRequest): Promise<ProviderPayment>;
  /** The provider's current view of a payment (never trust a notification's body). */
  getPayment(providerPaymentId: string): Promise<ProviderPayment | null>;
  /** Returns money of a succeeded payment (idempotent per `refundId`). */
  createRefund(request: CreateRefundRequest): Promise<ProviderRefund>;
  /** The provider's current view of a refund. */
  getRefund(providerRefundId: string): Promise<ProviderRefund | null>;
};

const rub = (amount: number) => ({ value: amount.toFixed(2), currency: 'RUB' });

type YooKassaPayment = {
  id: string;
  status: ProviderPayment['status'];
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation?: { confirmation_url?: string };
  metadata?: Record<string, string>;
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
};

const fromYooKassa = (payment: YooKassaPayment): ProviderPayment => ({
  providerPaymentId: payment.id,
  status: payment.status,
  paid: payment.paid,
  amount: Number(payment.amount.value),
  confirmationUrl: payment.confirmation?.confirmation_url ?? null,
  metadata: payment.metadata ?? {},
  receiptRegistration: payment.receipt_registration ?? null,
});

type YooKassaRefund = {
  id: string;
  status: ProviderRefund['status'];
  amount: { value: string; currency: string };
  cancellation_details?: { party?: string; reason?: string };
};

const fromYooKassaRefund = (refund: YooKassaRefund): ProviderRefund => ({
  providerRefundId: refund.id,
  status: refund.status,
  amount: Number(refund.amount.value),
  cancellationReason: refund.cancellation_details?.reason ?? null,
});

/** A non-2xx answer: 4xx is a refusal (the same request would be refused again), anything else a failure. */
async function failure(response: Response, what: string): Promise<Error> {
  let detail = '';
  try {
    const body = (await response.json()) as { code?: string; description?: string };
    detail = [body.code, body.description].filter(Boolean).join(': ');
  } catch {
    // No JSON body: the status says enough.
  }
  const message = `YooKassa ${what} answered ${response.status}${detail ? ` (${detail})` : ''}`;
  return response.status >= 400 && response.status < 500 && response.status !== 429
    ? new ProviderRefusedError(message)
    : new Error(message);
}

const receiptItemsOf = (items: ReceiptItem[]) =>
  items.map((item) => ({
    description: item.description.slice(0, 128),
    quantity: item.quantity.toFixed(2),
    amount: rub(item.amount),
    vat_code: 1,
    payment_mode: 'full_payment',
    payment_subject: 'service',
  }));

/**
 * YooKassa API v3: basic auth shopId:secretKey, `Idempotence-Key` on creation, redirect confirmation and a
 * 54-FZ receipt with one item per order line (services, VAT not charged — vat_code 1).
 */
export function createYooKassaProvider(options: {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  fetchImpl?: typeof fetch;
}): PaymentProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  return {
    kind: 'yookassa',
    async createPayment(request) {
      const response = await fetchImpl(`${options.apiUrl}/payments`, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          'idempotence-key': request.paymentId,
        },
        body: JSON.stringify({
          amount: rub(request.amount),
          capture: true,
          confirmation: { type: 'redirect', return_url: request.returnUrl },
          description: `Заказ №${request.orderNumber}`,
          metadata: { paymentId: request.paymentId, orderNumber: String(request.orderNumber) },
          receipt: { customer: { email: request.email }, items: receiptItemsOf(request.items) },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`YooKassa create payment answered ${response.status}`);
      return fromYooKassa((await response.json()) as YooKassaPayment);
    },
    async getPayment(providerPaymentId) {
      const response = await fetchImpl(
        `${options.apiUrl}/payments/${encodeURIComponent(providerPaymentId)}`,
        {
          headers: { authorization },
          signal: AbortSignal.timeout(15_000),
        },
      );
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`YooKassa get payment answered ${response.status}`);
      return fromYooKassa((await response.json()) as YooKassaPayment);
    },
    async createRefund(request) {
      const response = await fetchImpl(`${options.apiUrl}/refunds`, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          'idempotence-key': request.refundId,
        },
        body: JSON.stringify({
          payment_id: request.providerPaymentId,
          amount: rub(request.amount),
          description: request.description.slice(0, 250),
          metadata: { refundId: request.refundId },
          receipt: { customer: { email: request.email }, items: receiptItemsOf(request.items) },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw await failure(response, 'create refund');
      return fromYooKassaRefund((await response.json()) as YooKassaRefund);
    },
    async getRefund(providerRefundId) {
      const response = await fetchImpl(`${options.apiUrl}/refunds/${encodeURIComponent(providerRefundId)}`, {
        headers: { authorization },
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response, 'get refund');
      return fromYooKassaRefund((await response.json()) as YooKassaRefund);
    },
  };
}

/** Receipt lines must add up to the amount: the discount is spread over the priced lines, kopecks to the last. */
export function receiptItems(
  lines: Array<{ kind: string; name: string; quantity: number; total: number }>,
  amount: number,
): ReceiptItem[] {
  const priced = lines.filter((line) => line.kind !== 'discount' && line.total > 0);
  const gross = priced.reduce((sum, line) => sum + Math.round(line.total * 100), 0);
  const target = Math.round(amount * 100);
  let allocated = 0;
  return priced.map((line, index) => {
    const share =
      index === priced.length - 1
        ? target - allocated
        : Math.floor((Math.round(line.total * 100) * target) / gross);
    allocated += share;
    return { description: line.name, quantity: 1, amount: share / 100 };
  });
}
