import { expect, type APIRequestContext } from '@playwright/test';

/** Orders placed and paid through the public API, as the order form and the payment page do. */
type FormParams = {
  documents: Array<{ id: string; type: string }>;
  assurances: Array<{ id: string; type: string }>;
  deliveries: Array<{ id: string; type: string }>;
};
export type CreatedOrder = { id: string; number: number; amount: number };

/** `token`: placed by a signed-in customer; `files` with the tokens their upload answered. */
export async function placeOrder(
  request: APIRequestContext,
  email: string,
  options: {
    token?: string;
    files?: Array<{ id: string; token: string }>;
    /** More fields of the order form (e.g. `partnerId`). */
    extra?: Record<string, unknown>;
  } = {},
): Promise<CreatedOrder> {
  const params = (await (await request.get('/api/order/form-params')).json()) as FormParams;
  const points = (await (await request.get('/api/point/active')).json()) as { items: Array<{ id: string }> };
  const find = (items: Array<{ id: string; type: string }>, type: string) => {
    const item = items.find((candidate) => candidate.type === type);
    if (!item) throw new Error(`no ${type} in the form parameters`);
    return item.id;
  };
  const passport = find(params.documents, 'passport');
  const response = await request.post('/api/order', {
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    data: {
      files: (options.files ?? []).map((file) => file.id),
      fileTokens: Object.fromEntries((options.files ?? []).map((file) => [file.id, file.token])),
      name: 'Ирина Кабинетова',
      phoneNumber: '+7 916 000-11-22',
      email,
      documentsWithQuantity: [
        { documentId: passport, quantity: 2 },
        { documentId: find(params.documents, 'diploma'), quantity: 1 },
      ],
      documentsAssurances: [{ documentId: passport, assuranceId: find(params.assurances, 'notarization') }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: find(params.deliveries, 'PICKUP_POINT'),
      pickupPointId: points.items[0]?.id,
      payerType: 'INDIVIDUAL',
      ...options.extra,
    },
  });
  expect(response.status(), `create order: ${await response.text()}`).toBe(201);
  return (await response.json()) as CreatedOrder;
}

/** Pays through the public test-provider calls (what the payment page does), without leaving the page. */
export async function payThroughApi(
  request: APIRequestContext,
  order: CreatedOrder,
  email: string,
): Promise<void> {
  const link = await request.post(`/api/order/${order.id}/create-payment-link`, { data: { email } });
  expect(link.status()).toBe(200);
  const { paymentId } = (await link.json()) as { paymentId: string };
  expect((await request.post(`/api/payments/test/${paymentId}/confirm`)).status()).toBe(200);
}
