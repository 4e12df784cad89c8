import { formatRub } from '@app/contracts';
import { cabinetOrderUrl } from './format.ts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type OrderRefundedParams = {
  order: { id: string; number: number; name: string };
  amount: number;
  reason: string;
  /** Refunded in all, this refund included, and what was paid (decision 046). */
  refundedTotal: number;
  paid: number;
  /** Online refunds go back to the card the order was paid with; a manual one the way staff paid it out. */
  online: boolean;
  publicUrl: string;
};

/** To the customer once a refund has gone through (decision 046): how much, why, and where the money goes. */
export function orderRefunded(
  { order, amount, reason, refundedTotal, paid, online, publicUrl }: OrderRefundedParams,
  context: MailContext,
): RenderedMail {
  const subject = `Заказ №${order.number}: возврат ${formatRub(amount)}`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text:
          `Здравствуйте, ${order.name}!\n` + `Мы вернули ${formatRub(amount)} по заказу №${order.number}.`,
      },
      { kind: 'text', text: `Причина: ${reason}` },
      {
        kind: 'text',
        text: online
          ? 'Деньги вернутся на карту или счёт, с которых был оплачен заказ; банку на зачисление может понадобиться несколько дней.'
          : 'Деньги возвращены вне сайта — так, как мы договорились с вами.',
      },
      { kind: 'text', text: `Всего возвращено ${formatRub(refundedTotal)} из ${formatRub(paid)}.` },
      { kind: 'link', href: cabinetOrderUrl(publicUrl, order.id), label: 'Заказ в личном кабинете' },
    ],
  });
  return { subject, text, html };
}
