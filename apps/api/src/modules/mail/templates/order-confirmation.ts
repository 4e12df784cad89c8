import { formatMessage, formatPriceLine, formatRub } from '@app/contracts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type OrderConfirmationParams = {
  order: {
    name: string;
    number: number;
    amount: number;
    priceBreakdown: { lines: ReadonlyArray<{ name: string; quantity: number; total: number }> };
  };
  /** Signs the customer in and opens the order (single use). */
  signInLink: string;
};

/** To the customer once the order is created (orders, customer side). */
export function orderConfirmation(
  { order, signInLink }: OrderConfirmationParams,
  context: MailContext,
): RenderedMail {
  const subject = formatMessage('Заказ №{number} принят', { number: order.number });
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text: `Здравствуйте, ${order.name}!\nМы приняли ваш заказ №${order.number} на перевод документов.`,
      },
      {
        kind: 'rows',
        rows: order.priceBreakdown.lines.map(
          (line) =>
            [
              `${line.name}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`,
              formatPriceLine(line.total),
            ] as const,
        ),
        total: ['Итого', formatRub(order.amount)],
      },
      {
        kind: 'text',
        text: 'Что дальше: оплатите заказ — переводчик начнёт работу сразу после оплаты. Статус заказа можно отслеживать по ссылке ниже или в личном кабинете.',
      },
      { kind: 'link', href: signInLink, label: 'Войти в личный кабинет (ссылка одноразовая)' },
    ],
  });
  return { subject, text, html };
}
