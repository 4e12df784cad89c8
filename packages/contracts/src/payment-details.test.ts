import { describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from './messages-partner.ts';
import { PaymentDetailsRequestSchema } from './payment-details.ts';

const PERSON = {
  payeeType: 'SELF_EMPLOYED',
  payeeName: 'Иванов Иван Иванович',
  inn: '500100732259',
  kpp: '',
  bik: '044525225',
  account: '40817810938000012340',
  correspondentAccount: '30101810400000000225',
  bankName: 'ПАО Сбербанк',
} as const;
const COMPANY = {
  ...PERSON,
  payeeType: 'COMPANY',
  payeeName: 'ООО «Ромашка»',
  inn: '7707083893',
  kpp: '773601001',
  account: '40702810938000012345',
} as const;

function issues(input: Record<string, unknown>) {
  const result = PaymentDetailsRequestSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('payment details', () => {
  it('accepts a self-employed person and a company, blank optional fields become null', () => {
    expect(issues(COMPANY)).toEqual({});
    const parsed = PaymentDetailsRequestSchema.parse({ ...COMPANY, correspondentAccount: '' });
    expect(parsed.correspondentAccount).toBeNull();
  });
  it('the INN length follows the payee type', () => {
    expect(issues({ ...PERSON, inn: '7707083893' })).toEqual({ inn: PARTNER_MESSAGES.payeeInnPerson });
    expect(issues({ ...COMPANY, inn: '500100732259' })).toEqual({ inn: PARTNER_MESSAGES.payeeInnCompany });
    expect(issues({ ...COMPANY, inn: '7707083894' })).toEqual({ inn: PARTNER_MESSAGES.payeeInnCompany });
  });
  it('a company needs a KPP, a person may not have one', () => {
    expect(issues({ ...COMPANY, kpp: '' })).toEqual({ kpp: PARTNER_MESSAGES.payeeKppRequired });
    expect(issues({ ...PERSON, kpp: '773601001' })).toEqual({ kpp: PARTNER_MESSAGES.payeeKppOnlyCompany });
  });
  it('the accounts are checked against the BIK', () => {
    expect(issues({ ...COMPANY, account: '40702810938000012346' })).toEqual({
      account: PARTNER_MESSAGES.invalidSettlementAccount,
    });
    expect(issues({ ...COMPANY, correspondentAccount: '30101810400000000226' })).toEqual({
      correspondentAccount: PARTNER_MESSAGES.invalidCorrespondentAccount,
    });
    expect(issues({ ...COMPANY, bik: '04452522' })).toEqual({ bik: PARTNER_MESSAGES.invalidBik });
  });
});
