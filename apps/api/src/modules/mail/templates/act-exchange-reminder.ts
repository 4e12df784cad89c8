import { formatRub } from '@app/contracts';
import { cabinetOrderUrl } from './format.ts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

type ActOrder = { id: string; number: number; amount: number; name: string; organizationName: string | null };

export type ActExchangeReminderParams = {
  /** The organization's completed orders without a signed act, by number (at least one). */
  orders: readonly [ActOrder, ...ActOrder[]];
  publicUrl: string;
};

/** One per organization address (`send-act-exchange-reminders` job, orders automation). */
export function actExchangeReminder(
  { orders, publicUrl }: ActExchangeReminderParams,
  context: MailContext,
): RenderedMail {
  const [first] = orders;
  const subject =
    orders.length === 1
      ? `Подпишите акт по заказу №${first.number}`
      : `Подпишите акты по выполненным заказам (${orders.length})`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    // A list of orders, not one: no single order summary.
    withOrder: false,
    blocks: [
      {
        kind: 'text',
        text:
          `Здравствуйте, ${first.name}!\n` +
          `По выполненным заказам ${first.organizationName ? `организации «${first.organizationName}» ` : ''}` +
          'мы ещё не получили подписанные акты выполненных работ:',
      },
      ...orders.map(
        (order) =>
          ({
            kind: 'link',
            href: cabinetOrderUrl(publicUrl, order.id),
            label: `Заказ №${order.number} на ${formatRub(order.amount)}`,
          }) as const,
      ),
      {
        kind: 'text',
        text:
          'Акт можно скачать на странице заказа в личном кабинете. Подпишите его и отправьте нам скан ' +
          'или оригинал — так мы закроем документы по заказу.',
      },
    ],
  });
  return { subject, text, html };
}
