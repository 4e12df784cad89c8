import { cabinetOrderUrl } from './format.ts';
import type { RenderedMail } from './types.ts';

export type OrderStatusChangedParams = {
  order: { id: string; number: number; name: string };
  /** The new status's label (ORDER_STATUS_LABELS). */
  label: string;
  comment: string | null;
  publicUrl: string;
};

/** To the customer on every status change (the order status change, orders). */
export function orderStatusChanged({
  order,
  label,
  comment,
  publicUrl,
}: OrderStatusChangedParams): RenderedMail {
  return {
    subject: `Заказ №${order.number}: ${label.toLowerCase()}`,
    text:
      `Здравствуйте, ${order.name}!\n\nСтатус заказа №${order.number} — «${label}».` +
      (comment ? `\nКомментарий: ${comment}` : '') +
      `\n\nЗаказ в личном кабинете: ${cabinetOrderUrl(publicUrl, order.id)}`,
    html: null,
  };
}
