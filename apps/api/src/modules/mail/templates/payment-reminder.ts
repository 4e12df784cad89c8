import { formatRub } from '@app/contracts';
import { cabinetOrderUrl } from './format.ts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PaymentReminderParams = {
  order: { id: string; number: number; name: string; amount: number };
  publicUrl: string;
};

/** Once per NEW unpaid order after a day (`send-payment-reminders` job, orders automation). */
export function paymentReminder(
  { order, publicUrl }: PaymentReminderParams,
  context: MailContext,
): RenderedMail {
  const subject = `Заказ №${order.number} ждёт оплаты`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text:
          `Здравствуйте, ${order.name}!\nВаш заказ №${order.number} на перевод документов на сумму ` +
          `${formatRub(order.amount)} ещё не оплачен. Переводчик начнёт работу сразу после оплаты.`,
      },
      { kind: 'link', href: cabinetOrderUrl(publicUrl, order.id), label: 'Заказ в личном кабинете' },
      {
        kind: 'text',
        text: 'Если вы уже оплатили заказ или передумали, просто не обращайте внимания на это письмо.',
      },
    ],
  });
  return { subject, text, html };
}
