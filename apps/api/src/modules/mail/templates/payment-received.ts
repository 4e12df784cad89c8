import { formatRub } from '@app/contracts';
import { cabinetOrderUrl } from './format.ts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PaymentReceivedParams = {
  order: { id: string; number: number; name: string; amount: number };
  publicUrl: string;
};

/** To the customer when the order's payment is settled (payments). */
export function paymentReceived(
  { order, publicUrl }: PaymentReceivedParams,
  context: MailContext,
): RenderedMail {
  const subject = `Оплата заказа №${order.number} получена`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text:
          `Здравствуйте, ${order.name}!\nМы получили оплату заказа №${order.number} на сумму ${formatRub(order.amount)}.\n` +
          'Переводчик приступает к работе. Мы сообщим, когда перевод будет готов.',
      },
      { kind: 'link', href: cabinetOrderUrl(publicUrl, order.id), label: 'Заказ в личном кабинете' },
    ],
  });
  return { subject, text, html };
}
