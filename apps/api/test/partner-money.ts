import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { payOnTestPage, type TestContext } from './helpers.ts';

/** Fixtures of the partner programme's money tests (commissions module): partners, attributed orders, rows. */

export async function sqlRows<T>(ctx: TestContext, text: string, values: unknown[] = []): Promise<T[]> {
  return (await ctx.database.sql.executeSql(text, values)).rows as T[];
}

/** A portal partner (written directly: the partner-portal module's forms are another part). */
export async function insertPartner(
  ctx: TestContext,
  input: { name?: string; status?: string; commissionPercent?: number | null; email?: string } = {},
): Promise<{ id: string; email: string; name: string }> {
  const email = input.email ?? `partner-${randomUUID().slice(0, 8)}@example.ru`;
  const name = input.name ?? `Партнёр ${email.slice(8, 16)}`;
  const [row] = await sqlRows<{ id: string }>(
    ctx,
    `insert into partner_accounts (email, password_hash, name, type, status, commission_percent)
     values ($1, 'x', $2, 'AFFILIATE', $3, $4) returning id`,
    [email, name, input.status ?? 'ACTIVE', input.commissionPercent ?? null],
  );
  return { id: row!.id, email, name };
}

/** Confirmed payment details (the payment-details module's rows, written directly). */
export async function insertPaymentDetails(
  ctx: TestContext,
  partnerId: string,
  input: { payeeName?: string } = {},
): Promise<void> {
  await sqlRows(
    ctx,
    `insert into partner_payment_details
       (partner_account_id, payee_type, payee_name, inn, kpp, bik, bank_name, account, correspondent_account, confirmed_at)
     values ($1, 'COMPANY', $2, '7707083893', '773601001', '044525225', 'ПАО Сбербанк', '40702810938000000001',
             '30101810400000000225', now())`,
    [partnerId, input.payeeName ?? 'ООО «Ромашка»'],
  );
}

export async function createOrder(ctx: TestContext, email: string): Promise<OrderSummary> {
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
    documents: Array<{ id: string }>;
    deliveries: Array<{ id: string; type: string }>;
  }>();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      name: 'Ольга Смирнова',
      phoneNumber: '+79161112233',
      email,
      documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 2 }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderSummary>();
}

/** An order attributed to the partner (the referrals module's row, written directly), paid on the test page. */
export async function paidAttributedOrder(
  ctx: TestContext,
  partnerId: string,
  options: { pay?: boolean } = {},
): Promise<OrderSummary> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.ru`;
  const order = await createOrder(ctx, email);
  await sqlRows(
    ctx,
    `insert into order_attributions (order_id, partner_account_id, source) values ($1, $2, 'LINK')`,
    [order.id, partnerId],
  );
  if (options.pay !== false) await payOnTestPage(ctx, order, email);
  return order;
}

export type CommissionDbRow = {
  id: string;
  kind: string;
  status: string;
  amount: number;
  base: number;
  rate: number | null;
  payout_id: string | null;
  approvable_at: Date | null;
};

export async function commissionsOf(ctx: TestContext, where: string, values: unknown[]) {
  return sqlRows<CommissionDbRow>(
    ctx,
    `select id, kind, status, amount_kopecks::int as amount, base_kopecks::int as base,
            rate_percent::float as rate, payout_id, approvable_at
       from partner_commissions where ${where} order by created_at, kind`,
    values,
  );
}

export async function eventsOf(ctx: TestContext, commissionId: string) {
  return sqlRows<{ from_status: string | null; to_status: string; amount: number; note: string | null }>(
    ctx,
    `select from_status, to_status, amount_kopecks::int as amount, note
       from partner_commission_events where commission_id = $1 order by id`,
    [commissionId],
  );
}

/** Completes an order (the one status change, as the scheduled completion does). */
export async function complete(ctx: TestContext, orderId: string, from = 'PAID'): Promise<void> {
  const changed = await ctx.services.orderStatus.changeStatusBySystem({
    orderId,
    from: from as 'PAID',
    to: 'COMPLETED',
    comment: null,
  });
  expect(changed).toBe(true);
}

/** Makes every commission of the partner approvable now (the hold passed) and runs the approval. */
export async function approveAllOf(ctx: TestContext, partnerId: string): Promise<void> {
  await sqlRows(
    ctx,
    `update partner_commissions set approvable_at = now() - interval '1 minute'
      where partner_account_id = $1 and status = 'PENDING'`,
    [partnerId],
  );
  await ctx.services.commissions.approveDue();
}
