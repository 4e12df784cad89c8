import { actExchangeReminder } from './act-exchange-reminder.ts';
import { crmAccessDecided } from './crm-access-decided.ts';
import { crmAccessRequested } from './crm-access-requested.ts';
import { emailChangeCode } from './email-change-code.ts';
import { orderAmountChanged } from './order-amount-changed.ts';
import { orderConfirmation } from './order-confirmation.ts';
import { orderRefunded } from './order-refunded.ts';
import { orderResultsReady } from './order-results-ready.ts';
import { orderStatusChanged } from './order-status-changed.ts';
import { partnerPaymentDetailsConfirm } from './partner-payment-details-confirm.ts';
import { partnerPayoutPaid } from './partner-payout-paid.ts';
import { partnerApplicationDecided } from './partner-application-decided.ts';
import { partnerApplicationReceived } from './partner-application-received.ts';
import { partnerPasswordReset } from './partner-password-reset.ts';
import { partnerWebhookDisabled } from './partner-webhook-disabled.ts';
import { paymentLink } from './payment-link.ts';
import { paymentReceived } from './payment-received.ts';
import { paymentReminder } from './payment-reminder.ts';
import { signInCode } from './sign-in-code.ts';
import { signInLocked } from './sign-in-locked.ts';
import type { MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type { RenderedMail } from './types.ts';
export type { MailBrand, MailContext, MailOrder } from './layout.ts';

/**
 * Every e-mail the product sends (decision 029): template name → render(params, context) → { subject, text, html },
 * laid out by `layout.ts` (decision 036: brand, order summary, footer; a new template uses it too). One file
 * per template; `mail.queue(tx, { to, template, params })` is the only way to send one.
 */
export const MAIL_TEMPLATES = {
  'order-confirmation': orderConfirmation,
  'order-status-changed': orderStatusChanged,
  'order-amount-changed': orderAmountChanged,
  'order-refunded': orderRefunded,
  'order-results-ready': orderResultsReady,
  'payment-received': paymentReceived,
  'payment-reminder': paymentReminder,
  'payment-link': paymentLink,
  'act-exchange-reminder': actExchangeReminder,
  'sign-in-code': signInCode,
  'email-change-code': emailChangeCode,
  'sign-in-locked': signInLocked,
  'crm-access-requested': crmAccessRequested,
  'crm-access-decided': crmAccessDecided,
  'partner-payment-details-confirm': partnerPaymentDetailsConfirm,
  'partner-payout-paid': partnerPayoutPaid,
  'partner-application-received': partnerApplicationReceived,
  'partner-application-decided': partnerApplicationDecided,
  'partner-password-reset': partnerPasswordReset,
  'partner-webhook-disabled': partnerWebhookDisabled,
} as const satisfies Record<string, (params: never, context: MailContext) => RenderedMail>;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailTemplateParams<N extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[N]>[0];
/** A template and its parameters: what a caller asks to send. */
export type MailMessage = {
  [N in MailTemplateName]: { template: N; params: MailTemplateParams<N> };
}[MailTemplateName];

export function renderMail(message: MailMessage, context: MailContext): RenderedMail {
  const render = MAIL_TEMPLATES[message.template] as (
    params: MailMessage['params'],
    context: MailContext,
  ) => RenderedMail;
  return render(message.params, context);
}
