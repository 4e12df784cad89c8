import { formatRub } from '@app/contracts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PaymentLinkParams = {
  order: { number: number; name: string; amount: number };
  /** The provider's payment page for the unpaid amount (decision 035: made as the pay button makes it). */
  paymentUrl: string;
};

/**
 * Staff send the customer a payment link from the CRM order page («Отправить ссылку на оплату», decision 057).
 * The provider's page may expire; the layout's summary adds the status page's pay button, which always works.
 */
export function paymentLink({ order, paymentUrl }: PaymentLinkParams, context: MailContext): RenderedMail {
  const subject = `Ссылка на оплату заказа №${order.number}`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text:
          `Здравствуйте, ${order.name}!\nОтправляем ссылку на оплату заказа №${order.number} на сумму ` +
          `${formatRub(order.amount)}. Переводчик начнёт работу сразу после оплаты.`,
      },
      { kind: 'button', href: paymentUrl, label: `Перейти к оплате ${formatRub(order.amount)}` },
      {
        kind: 'text',
        text: 'Если ссылка устарела, оплатите заказ со страницы статуса заказа (ссылка ниже). Если вы уже оплатили заказ, просто не обращайте внимания на это письмо.',
      },
    ],
  });
  return { subject, text, html };
}
