import { randomUUID } from 'node:crypto';
import type { TestContext } from './helpers.ts';

/**
 * The partner programme's inputs written straight into a test database (orders, attributions, sign-ins, clicks,
 * commissions), so the fraud rules and the analytics are tested without the parts other modules build.
 */
export function partnerFixtures(ctx: TestContext) {
  const run = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];

  return {
    run,
    async partner(patch: { email?: string; phone?: string | null; name?: string; type?: string } = {}) {
      const id = randomUUID();
      await run(
        `insert into partner_accounts (id, email, password_hash, name, phone, type, status)
         values ($1, $2, 'x', $3, $4, $5, 'ACTIVE')`,
        [
          id,
          patch.email ?? `partner.${id.slice(0, 8)}@example.ru`,
          patch.name ?? `Партнёр ${id.slice(0, 4)}`,
          patch.phone ?? null,
          patch.type ?? 'AFFILIATE',
        ],
      );
      return id;
    },
    async paymentDetails(partnerId: string, inn: string) {
      await run(
        `insert into partner_payment_details (partner_account_id, payee_type, payee_name, inn, bik, account, confirmed_at)
         values ($1, 'COMPANY', 'ООО «Партнёр»', $2, '044525225', '40702810938000012345', now())`,
        [partnerId, inn],
      );
    },
    async order(
      patch: {
        email?: string;
        phone?: string;
        inn?: string | null;
        status?: string;
        isPaid?: boolean;
        amount?: number;
        createdAt?: Date;
      } = {},
    ): Promise<{ id: string; number: number }> {
      const [row] = await run<{ id: string; number: string }>(
        `insert into orders (email, name, phone_number, payer_type, organization_inn, original_language, target_language,
           delivery_type, delivery_name, amount, price_breakdown, status, is_paid, paid_at, created_at)
         values ($1, 'Клиент', $2, $3, $4, 'ru', 'en', 'PICKUP_POINT', 'Пункт выдачи', $5, '{}'::jsonb, $6, $7,
           case when $7 then now() end, $8)
         returning id, number`,
        [
          patch.email ?? `customer.${randomUUID().slice(0, 8)}@example.ru`,
          patch.phone ?? '+79160000000',
          patch.inn ? 'ORGANIZATION' : 'INDIVIDUAL',
          patch.inn ?? null,
          patch.amount ?? 1000,
          patch.status ?? 'NEW',
          patch.isPaid ?? false,
          patch.createdAt ?? new Date(),
        ],
      );
      return { id: row!.id, number: Number(row!.number) };
    },
    async attribute(
      orderId: string,
      partnerId: string,
      patch: { ipHash?: string; deviceHash?: string; createdAt?: Date } = {},
    ) {
      await run(
        `insert into order_attributions (order_id, partner_account_id, source, ip_hash, device_hash, created_at)
         values ($1, $2, 'LINK', $3, $4, $5)`,
        [orderId, partnerId, patch.ipHash ?? null, patch.deviceHash ?? null, patch.createdAt ?? new Date()],
      );
    },
    async signIn(partnerId: string, ipHash: string, deviceHash: string, at = new Date()) {
      await run(
        `insert into partner_sign_ins (partner_account_id, ip_hash, device_hash, at) values ($1, $2, $3, $4)`,
        [partnerId, ipHash, deviceHash, at],
      );
    },
    /** `count` clicks on one link of the partner, spread over the hour before `at`. */
    async clicks(partnerId: string, count: number, at: Date) {
      const [link] = await run<{ id: string }>(
        `insert into partner_links (partner_account_id, code, name) values ($1, $2, 'Ссылка') returning id`,
        [partnerId, `c${randomUUID().slice(0, 12)}`],
      );
      await run(
        `insert into partner_clicks (link_id, partner_account_id, clicked_at)
         select $1, $2, $3::timestamptz - (g * interval '1 second') from generate_series(1, $4::int) g`,
        [link!.id, partnerId, at, count],
      );
    },
    async commission(partnerId: string, orderId: string, amountKopecks: number, status = 'PENDING') {
      const [row] = await run<{ id: string }>(
        `insert into partner_commissions (partner_account_id, kind, order_id, status, base_kopecks, amount_kopecks,
           original_amount_kopecks)
         values ($1, 'ORDER', $2, $3, $4, $5, $5) returning id`,
        [partnerId, orderId, status, amountKopecks * 10, amountKopecks],
      );
      return row!.id;
    },
  };
}
