import { formatRub } from '@app/contracts';
import { cabinetOrderUrl } from './format.ts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type OrderAmountChangedParams = {
  order: { id: string; number: number; name: string };
  from: number;
  to: number;
  reason: string;
  publicUrl: string;
};

/**
 * To the customer when staff correct the amount of an unpaid order (issue 16/17): old → new and why. Queued with
 * the order, so the layout adds the summary with the new amount, the pay button and the status link.
 */
export function orderAmountChanged(
  { order, from, to, reason, publicUrl }: OrderAmountChangedParams,
  context: MailContext,
): RenderedMail {
  const subject = `Заказ №${order.number}: сумма изменена`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text:
          `Здравствуйте, ${order.name}!\n` +
          `Мы изменили сумму заказа №${order.number}: было ${formatRub(from)}, стало ${formatRub(to)}.`,
      },
      { kind: 'text', text: `Причина: ${reason}` },
      {
        kind: 'text',
        text: 'Оплатите новую сумму по кнопке в этом письме: прежние ссылки на оплату больше не подходят.',
      },
      { kind: 'link', href: cabinetOrderUrl(publicUrl, order.id), label: 'Заказ в личном кабинете' },
    ],
  });
  return { subject, text, html };
}
