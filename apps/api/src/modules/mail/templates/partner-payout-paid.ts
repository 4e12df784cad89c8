import { formatDate, formatRub } from '@app/contracts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PartnerPayoutPaidParams = {
  name: string;
  /** Rubles. */
  amount: number;
  periodFrom: string;
  periodTo: string;
};

/** To a partner when staff mark their payout paid (commissions, decision 062). */
export function partnerPayoutPaid(params: PartnerPayoutPaidParams, context: MailContext): RenderedMail {
  const subject = `Партнёрское вознаграждение выплачено: ${formatRub(params.amount)}`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      { kind: 'text', text: `${params.name}, здравствуйте!` },
      {
        kind: 'text',
        text: `Мы перечислили ${formatRub(params.amount)} — партнёрское вознаграждение за период с ${formatDate(params.periodFrom)} по ${formatDate(params.periodTo)}. Деньги поступят на счёт из ваших реквизитов в срок, который установил ваш банк.`,
      },
      {
        kind: 'button',
        href: `${context.brand.publicUrl}/partner/history/payouts`,
        label: 'История выплат',
      },
    ],
  });
  return { subject, text, html };
}
