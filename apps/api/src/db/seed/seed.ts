import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  appSettings,
  assurances,
  deliveries,
  documentTypes,
  holidays,
  languages,
  offices,
  partnerAccounts,
  partnerPaymentDetails,
  partners,
  points,
  promoCodes,
  tariffs,
  users,
} from '../schema/index.ts';
import { seedDemoAnalytics } from './demo-analytics.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_ASSURANCES,
  DEMO_DELIVERIES,
  DEMO_DOCUMENTS,
  DEMO_HOLIDAYS,
  DEMO_LANGUAGES,
  DEMO_OFFICES,
  DEMO_POINTS,
  DEMO_PROMO_CODES,
  DEMO_TARIFFS,
} from './demo-data.ts';

const SEED_MARKER = 'demo_seed_version';
const SEED_VERSION = 1;

/**
 * Seeds demo data once; a restart finds the marker and leaves everything (including edits) as it is.
 * `analytics: false` leaves out the demo's six weeks of visits (demo-analytics.ts): the API tests' template, whose
 * reports and rollups count only what each test writes.
 */
export async function seedDemoData(
  db: Db,
  options: { analytics?: boolean } = {},
): Promise<{ seeded: boolean }> {
  const [marker] = await db.select().from(appSettings).where(eq(appSettings.key, SEED_MARKER));
  if (marker) return { seeded: false };

  const { admin, manager, partner, customer, affiliate, payee, integrator } = DEMO_ACCOUNTS;
  const [adminHash, managerHash, partnerHash, affiliateHash, payeeHash, integratorHash] = await Promise.all([
    hashPassword(admin.password),
    hashPassword(manager.password),
    hashPassword(partner.password),
    hashPassword(affiliate.password),
    hashPassword(payee.password),
    hashPassword(integrator.password),
  ]);

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values([
        {
          email: admin.email,
          role: admin.role,
          firstName: admin.firstName,
          lastName: admin.lastName,
          passwordHash: adminHash,
        },
        {
          email: manager.email,
          role: manager.role,
          firstName: manager.firstName,
          lastName: manager.lastName,
          passwordHash: managerHash,
        },
        {
          email: partner.email,
          role: partner.role,
          firstName: partner.firstName,
          lastName: partner.lastName,
          passwordHash: partnerHash,
        },
        {
          email: customer.email,
          role: customer.role,
          firstName: customer.firstName,
          lastName: customer.lastName,
          phoneNumber: customer.phoneNumber,
        },
      ])
      .onConflictDoNothing()
      .returning();
    const partnerUser = inserted.find((row) => row.email === partner.email);

    await tx
      .insert(partnerAccounts)
      .values({
        email: affiliate.email,
        passwordHash: affiliateHash,
        name: 'Алексей Аффилиатов',
        phone: '+79035550011',
        company: 'ООО «Переводы Онлайн»',
        website: 'https://affiliate.example.ru',
        description: 'Партнёрская программа для блогеров о переезде и учёбе за рубежом',
        type: 'AFFILIATE',
        status: 'ACTIVE',
      })
      .onConflictDoNothing();
    await tx
      .insert(partnerAccounts)
      .values({
        email: integrator.email,
        passwordHash: integratorHash,
        name: 'Игорь Интеграторов',
        company: 'ООО «ВизаСервис»',
        website: 'https://visa-service.example.ru',
        type: 'INTEGRATOR',
        status: 'ACTIVE',
      })
      .onConflictDoNothing();
    // A second portal partner whose payment details are confirmed (decision 062): a payout run can pay them.
    const [payeeAccount] = await tx
      .insert(partnerAccounts)
      .values({
        email: payee.email,
        passwordHash: payeeHash,
        name: 'Ольга Релокейтова',
        company: 'ООО «Релокейт Про»',
        type: 'CORPORATE_REFERRAL',
        status: 'ACTIVE',
      })
      .onConflictDoNothing()
      .returning({ id: partnerAccounts.id });
    if (payeeAccount) {
      await tx.insert(partnerPaymentDetails).values({
        partnerAccountId: payeeAccount.id,
        payeeType: 'COMPANY',
        payeeName: 'ООО «Релокейт Про»',
        inn: '7704211201',
        kpp: '770401001',
        bik: '044525225',
        bankName: 'ПАО Сбербанк',
        account: '40702810938000012345',
        correspondentAccount: '30101810400000000225',
        confirmedAt: new Date(),
      });
    }

    const [pointPartner] = await tx
      .insert(partners)
      .values({ name: 'ПВЗ-Сервис', commission: 15, userId: partnerUser?.id ?? null })
      .returning();

    const documentRows = await tx
      .insert(documentTypes)
      .values(DEMO_DOCUMENTS.map((item, index) => ({ ...item, sortOrder: index })))
      .returning();
    await tx.insert(assurances).values(DEMO_ASSURANCES.map((item, index) => ({ ...item, sortOrder: index })));
    await tx.insert(deliveries).values(DEMO_DELIVERIES.map((item, index) => ({ ...item, sortOrder: index })));
    await tx
      .insert(languages)
      .values(DEMO_LANGUAGES.map(([code, name], index) => ({ code, name, sortOrder: index })))
      .onConflictDoNothing();
    await tx.insert(offices).values([...DEMO_OFFICES]);
    await tx.insert(points).values(
      DEMO_POINTS.map((point) => ({
        ...point,
        partnerId: pointPartner!.id,
        type: 'PARTNER',
        email: 'pvz@pvz-service.example.ru',
        description: 'Выдача готовых переводов по номеру заказа и паспорту',
      })),
    );
    await tx
      .insert(holidays)
      .values(DEMO_HOLIDAYS.map(([date, name]) => ({ date, name })))
      .onConflictDoNothing();
    await tx.insert(promoCodes).values(DEMO_PROMO_CODES).onConflictDoNothing();
    await tx.insert(tariffs).values(
      DEMO_TARIFFS.map(({ documentType, ...tariff }) => ({
        ...tariff,
        documentTypeId: documentType ? documentRows.find((row) => row.type === documentType)!.id : null,
      })),
    );
    const customerRow = inserted.find((row) => row.email === customer.email);
    const now = new Date();
    const analytics = options.analytics === false ? null : await seedDemoAnalytics(tx, now);
    if (customerRow) {
      const placed = await seedDemoOrders(tx, customerRow, now, analytics?.visitOf ?? (() => null));
      await analytics?.afterOrders(placed);
    }
    await tx.insert(appSettings).values({ key: SEED_MARKER, value: SEED_VERSION });
  });
  return { seeded: true };
}
