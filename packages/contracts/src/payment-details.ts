import { z } from './zod.ts';
import { isValidBik, isValidCorrespondentAccount, isValidSettlementAccount } from './bank.ts';
import { PAYEE_TYPES } from './partner-constants.ts';
import { isValidInn, isValidKpp } from './inn.ts';
import { MESSAGES } from './messages.ts';
import { PARTNER_MESSAGES } from './messages-partner.ts';

export const PayeeTypeSchema = z.enum(PAYEE_TYPES, { message: MESSAGES.required });
export type PayeeType = z.infer<typeof PayeeTypeSchema>;

export const PAYEE_TYPE_LABELS: Record<PayeeType, string> = {
  INDIVIDUAL: 'Физическое лицо',
  SELF_EMPLOYED: 'Самозанятый',
  SOLE_TRADER: 'ИП',
  COMPANY: 'Организация',
};

/** A blank optional field is absent (null), not an empty string. */
const optionalDigits = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * Where a partner's money goes (module payment-details). One schema for the form and the API: the INN's length
 * follows the payee type (10 digits for an organisation, 12 otherwise), a KPP only for an organisation, the
 * settlement and correspondent accounts checked with the BIK by the Central Bank's control key (`bank.ts`).
 */
export const PaymentDetailsRequestSchema = z
  .object({
    payeeType: PayeeTypeSchema,
    payeeName: z.string().trim().min(1, { message: MESSAGES.required }).max(300),
    inn: z.string().trim().max(20),
    kpp: optionalDigits.transform((value) => value?.toUpperCase() ?? null),
    bik: z.string().trim().max(20),
    account: z.string().trim().max(40),
    correspondentAccount: optionalDigits,
    bankName: z.string().trim().min(1, { message: MESSAGES.required }).max(300),
  })
  .superRefine((value, ctx) => {
    const innLength = value.payeeType === 'COMPANY' ? 10 : 12;
    if (value.inn.length !== innLength || !isValidInn(value.inn)) {
      ctx.addIssue({
        code: 'custom',
        path: ['inn'],
        message:
          value.payeeType === 'COMPANY' ? PARTNER_MESSAGES.payeeInnCompany : PARTNER_MESSAGES.payeeInnPerson,
      });
    }
    if (value.payeeType === 'COMPANY') {
      if (!value.kpp)
        ctx.addIssue({ code: 'custom', path: ['kpp'], message: PARTNER_MESSAGES.payeeKppRequired });
      else if (!isValidKpp(value.kpp))
        ctx.addIssue({ code: 'custom', path: ['kpp'], message: MESSAGES.invalidKpp });
    } else if (value.kpp) {
      ctx.addIssue({ code: 'custom', path: ['kpp'], message: PARTNER_MESSAGES.payeeKppOnlyCompany });
    }
    if (!isValidBik(value.bik)) {
      ctx.addIssue({ code: 'custom', path: ['bik'], message: PARTNER_MESSAGES.invalidBik });
      return;
    }
    if (!isValidSettlementAccount(value.account, value.bik)) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: PARTNER_MESSAGES.invalidSettlementAccount });
    }
    if (value.correspondentAccount && !isValidCorrespondentAccount(value.correspondentAccount, value.bik)) {
      ctx.addIssue({
        code: 'custom',
        path: ['correspondentAccount'],
        message: PARTNER_MESSAGES.invalidCorrespondentAccount,
      });
    }
  });
export type PaymentDetailsRequest = z.input<typeof PaymentDetailsRequestSchema>;
export type PaymentDetails = z.output<typeof PaymentDetailsRequestSchema>;

export const PaymentDetailsSchema = z.object({
  payeeType: PayeeTypeSchema,
  payeeName: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  bik: z.string(),
  account: z.string(),
  correspondentAccount: z.string().nullable(),
  bankName: z.string().nullable(),
});

export const PaymentDetailsResponseSchema = z.object({
  /** What payouts use now (null: none yet). */
  current: PaymentDetailsSchema.extend({ confirmedAt: z.string() }).nullable(),
  /** A change waiting for the e-mailed link («ожидает подтверждения»). */
  pending: PaymentDetailsSchema.extend({ requestedAt: z.string(), expiresAt: z.string() }).nullable(),
});
export type PaymentDetailsResponse = z.infer<typeof PaymentDetailsResponseSchema>;

export const PaymentDetailsConfirmRequestSchema = z.object({
  token: z.string().trim().min(1, { message: PARTNER_MESSAGES.paymentDetailsLinkInvalid }).max(200),
});
export type PaymentDetailsConfirmRequest = z.infer<typeof PaymentDetailsConfirmRequestSchema>;
