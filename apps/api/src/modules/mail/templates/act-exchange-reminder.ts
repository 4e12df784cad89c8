import { formatRub } from '@app/contracts';
import { cabinetOrderUrl } from './format.ts';
import type { RenderedMail } from './types.ts';

type ActOrder = { id: string; number: number; amount: number; name: string; organizationName: string | null };

export type ActExchangeReminderParams = {
  /** The organization's completed orders without a signed act, by number (at least one). */
  orders: readonly [ActOrder, ...ActOrder[]];
  publicUrl: string;
};

/** One per organization address (`send-act-exchange-reminders` job, orders automation). */
export function actExchangeReminder({ orders, publicUrl }: ActExchangeReminderParams): RenderedMail {
  const [first] = orders;
  const list = orders.map(
    (order) =>
      `• заказ №${order.number} на ${formatRub(order.amount)}: ${cabinetOrderUrl(publicUrl, order.id)}`,
  );
  return {
    subject:
      orders.length === 1
        ? `Подпишите акт по заказу №${first.number}`
        : `Подпишите акты по выполненным заказам (${orders.length})`,
    text:
      `Здравствуйте, ${first.name}!\n\n` +
      `По выполненным заказам ${first.organizationName ? `организации «${first.organizationName}» ` : ''}` +
      'мы ещё не получили подписанные акты выполненных работ:\n' +
      `${list.join('\n')}\n\n` +
      'Акт можно скачать на странице заказа в личном кабинете. Подпишите его и отправьте нам скан ' +
      'или оригинал — так мы закроем документы по заказу.',
    html: null,
  };
}
