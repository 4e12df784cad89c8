import { formatRub } from '@app/contracts';
import { cabinetOrderUrl } from './format.ts';
import type { RenderedMail } from './types.ts';

export type PaymentReceivedParams = {
  order: { id: string; number: number; name: string; amount: number };
  publicUrl: string;
};

/** To the customer when the order's payment is settled (payments). */
export function paymentReceived({ order, publicUrl }: PaymentReceivedParams): RenderedMail {
  return {
    subject: `Оплата заказа №${order.number} получена`,
    text:
      `Здравствуйте, ${order.name}!\n\nМы получили оплату заказа №${order.number} на сумму ${formatRub(order.amount)}.\n` +
      `Переводчик приступает к работе. Мы сообщим, когда перевод будет готов.\n\n` +
      `Заказ в личном кабинете: ${cabinetOrderUrl(publicUrl, order.id)}`,
    html: null,
  };
}
