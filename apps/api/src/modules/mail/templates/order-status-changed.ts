import { cabinetOrderUrl } from './format.ts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type OrderStatusChangedParams = {
  order: { id: string; number: number; name: string };
  /** The new status's label (ORDER_STATUS_LABELS). */
  label: string;
  comment: string | null;
  publicUrl: string;
};

/** To the customer on every status change (the order status change, orders). */
export function orderStatusChanged(
  { order, label, comment, publicUrl }: OrderStatusChangedParams,
  context: MailContext,
): RenderedMail {
  const subject = `Заказ №${order.number}: ${label.toLowerCase()}`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text: `Здравствуйте, ${order.name}!\nСтатус заказа №${order.number} — «${label}».`,
      },
      ...(comment ? [{ kind: 'text', text: `Комментарий: ${comment}` } as const] : []),
      { kind: 'link', href: cabinetOrderUrl(publicUrl, order.id), label: 'Заказ в личном кабинете' },
    ],
  });
  return { subject, text, html };
}
