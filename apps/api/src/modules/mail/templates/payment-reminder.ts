import { formatRub } from '@app/contracts';
import { cabinetOrderUrl } from './format.ts';
import type { RenderedMail } from './types.ts';

export type PaymentReminderParams = {
  order: { id: string; number: number; name: string; amount: number };
  publicUrl: string;
};

/** Once per NEW unpaid order after a day (`send-payment-reminders` job, orders automation). */
export function paymentReminder({ order, publicUrl }: PaymentReminderParams): RenderedMail {
  return {
    subject: `Заказ №${order.number} ждёт оплаты`,
    text:
      `Здравствуйте, ${order.name}!\n\nВаш заказ №${order.number} на перевод документов на сумму ` +
      `${formatRub(order.amount)} ещё не оплачен. Переводчик начнёт работу сразу после оплаты.\n\n` +
      `Оплатить заказ можно в личном кабинете: ${cabinetOrderUrl(publicUrl, order.id)}\n\n` +
      'Если вы уже оплатили заказ или передумали, просто не обращайте внимания на это письмо.',
    html: null,
  };
}
