import type { FormParamsResponse } from '@app/contracts';
import { partnerAccounts } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { TestContext } from './helpers.ts';

/** A portal partner of the test database, signed in. */
export async function createPortalPartner(
  ctx: TestContext,
  email: string,
  status: 'ACTIVE' | 'PENDING' | 'SUSPENDED' | 'BANNED' = 'ACTIVE',
  type: 'AFFILIATE' | 'CORPORATE_REFERRAL' | 'INTEGRATOR' = 'AFFILIATE',
): Promise<{ id: string; headers: { authorization: string } }> {
  const password = 'partner-test-pass';
  const [row] = await ctx.database.db
    .insert(partnerAccounts)
    .values({
      email,
      passwordHash: await hashPassword(password),
      name: `Партнёр ${email}`,
      type,
      status: 'ACTIVE',
    })
    .returning();
  const headers = await ctx.partnerAuth(email, password);
  if (status !== 'ACTIVE') await setPartnerStatus(ctx, row!.id, status);
  return { id: row!.id, headers };
}

/** A valid public order body (pickup point). */
export async function orderBody(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const params: FormParamsResponse = (
    await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
  ).json();
  const points = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
    items: Array<{ id: string }>;
  }>();
  return {
    name: 'Иван Петров',
    phoneNumber: '+79160001122',
    email: 'visitor@example.ru',
    documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
    documentsAssurances: [],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    deliveryId: params.deliveries.find((delivery) => delivery.type === 'PICKUP_POINT')!.id,
    pickupPointId: points.items[0]!.id,
    payerType: 'INDIVIDUAL',
    ...overrides,
  };
}

export async function setPartnerStatus(ctx: TestContext, id: string, status: string): Promise<void> {
  await ctx.database.sql.executeSql('update partner_accounts set status = $1 where id = $2', [status, id]);
}

export async function rows<T>(ctx: TestContext, text: string, values: unknown[] = []): Promise<T[]> {
  return (await ctx.database.sql.executeSql(text, values)).rows as T[];
}
