import { formatDayMonthTime } from '@app/contracts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PartnerPaymentDetailsConfirmParams = {
  /** The one-time confirmation link (the token is in it). */
  link: string;
  payeeName: string;
  /** The settlement account with all but its last 4 digits hidden. */
  accountMasked: string;
  bankName: string;
  expiresAt: Date;
};

/** To a partner who changed their payment details: the change applies only from this link (decision 063). */
export function partnerPaymentDetailsConfirm(
  params: PartnerPaymentDetailsConfirmParams,
  context: MailContext,
): RenderedMail {
  const subject = 'Подтвердите новые платёжные реквизиты';
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text:
          `В кабинете партнёра изменены реквизиты для выплат: ${params.payeeName}, ` +
          `счёт ${params.accountMasked}, ${params.bankName}.`,
      },
      { kind: 'button', href: params.link, label: 'Подтвердить реквизиты' },
      {
        kind: 'text',
        text:
          `Ссылка одноразовая и действует до ${formatDayMonthTime(params.expiresAt)} (МСК). До подтверждения ` +
          'выплаты идут по прежним реквизитам. Если вы ничего не меняли, не открывайте ссылку и смените пароль.',
      },
    ],
  });
  return { subject, text, html };
}
