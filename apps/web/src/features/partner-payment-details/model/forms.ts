import {
  PaymentDetailsRequestSchema,
  type PayeeType,
  type PaymentDetailsRequest,
  type PaymentDetailsResponse,
} from '@app/contracts';
import { validateWithSchema } from '@/lib/forms';

export type PaymentDetailsFormValues = {
  payeeType: PayeeType;
  payeeName: string;
  inn: string;
  kpp: string;
  bik: string;
  account: string;
  correspondentAccount: string;
  bankName: string;
};

/** The form starts from the pending change if there is one, else from the details in use. */
export function toPaymentDetailsFormValues(
  data: PaymentDetailsResponse | undefined,
): PaymentDetailsFormValues {
  const source = data?.pending ?? data?.current;
  return {
    payeeType: source?.payeeType ?? 'SELF_EMPLOYED',
    payeeName: source?.payeeName ?? '',
    inn: source?.inn ?? '',
    kpp: source?.kpp ?? '',
    bik: source?.bik ?? '',
    account: source?.account ?? '',
    correspondentAccount: source?.correspondentAccount ?? '',
    bankName: source?.bankName ?? '',
  };
}

/** Digits only where the field is a number (spaces from a copied requisites sheet are dropped). */
export function toPaymentDetailsRequest(values: PaymentDetailsFormValues): PaymentDetailsRequest {
  const digits = (value: string) => value.replace(/\s/g, '');
  return {
    payeeType: values.payeeType,
    payeeName: values.payeeName,
    inn: digits(values.inn),
    kpp: values.payeeType === 'COMPANY' ? digits(values.kpp) : null,
    bik: digits(values.bik),
    account: digits(values.account),
    correspondentAccount: digits(values.correspondentAccount) || null,
    bankName: values.bankName,
  };
}

export const validatePaymentDetailsForm = (values: PaymentDetailsFormValues) =>
  validateWithSchema(PaymentDetailsRequestSchema)(toPaymentDetailsRequest(values));
