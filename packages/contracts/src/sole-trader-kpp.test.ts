import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { OrderStep2Schema } from './orders.ts';
import { UpdateOrganizationRequestSchema } from './profile.ts';

const SOLE_TRADER_INN = '500100732259';
const COMPANY_INN = '7707083893';

function issuesOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

/** Issue 16: a sole trader (12-digit INN) has no KPP; the form's hint says so and the contract now refuses it. */
describe('KPP of a sole trader', () => {
  const organization = { name: 'ИП Смирнова А. В.', address: 'Москва, ул. Тверская, 1' };

  it('is refused in the organization profile', () => {
    const result = UpdateOrganizationRequestSchema.safeParse({
      ...organization,
      inn: SOLE_TRADER_INN,
      kpp: '773601001',
    });
    expect(issuesOf(result)).toEqual([['kpp', MESSAGES.kppNotForSoleTrader]]);
    expect(
      UpdateOrganizationRequestSchema.safeParse({ ...organization, inn: SOLE_TRADER_INN, kpp: null }).success,
    ).toBe(true);
    expect(
      UpdateOrganizationRequestSchema.safeParse({ ...organization, inn: COMPANY_INN, kpp: '773601001' })
        .success,
    ).toBe(true);
  });

  it('is refused on the order form (step 2 and the order request share the rule)', () => {
    const step2 = {
      name: 'Анна Смирнова',
      phoneNumber: '+79161234567',
      email: 'anna@example.ru',
      payerType: 'ORGANIZATION',
      organizationName: organization.name,
      organizationAddress: organization.address,
    };
    const result = OrderStep2Schema.safeParse({
      ...step2,
      organizationInn: SOLE_TRADER_INN,
      organizationKpp: '773601001',
    });
    expect(issuesOf(result)).toEqual([['organizationKpp', MESSAGES.kppNotForSoleTrader]]);
    expect(
      OrderStep2Schema.safeParse({ ...step2, organizationInn: SOLE_TRADER_INN, organizationKpp: null })
        .success,
    ).toBe(true);
    expect(
      OrderStep2Schema.safeParse({ ...step2, organizationInn: COMPANY_INN, organizationKpp: '773601001' })
        .success,
    ).toBe(true);
  });
});
