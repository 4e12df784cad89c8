import { formatDate, formatMessage, formatRub } from '@app/contracts';
import { escapeHtml } from '#src/lib/html.ts';
import type { RenderedMail } from './types.ts';

export type OrderConfirmationParams = {
  order: {
    name: string;
    number: number;
    amount: number;
    estimatedReadyDate: string | null;
    priceBreakdown: { lines: ReadonlyArray<{ name: string; quantity: number; total: number }> };
  };
  /** Signs the customer in and opens the order. */
  signInLink: string;
};

/** To the customer once the order is created (orders, customer side). */
export function orderConfirmation({ order, signInLink }: OrderConfirmationParams): RenderedMail {
  const lines = order.priceBreakdown.lines.map(
    (line) => `${line.name}${line.quantity > 1 ? ` × ${line.quantity}` : ''}: ${formatRub(line.total)}`,
  );
  const ready = order.estimatedReadyDate ? formatDate(order.estimatedReadyDate) : null;
  const subject = formatMessage('Заказ №{number} принят', { number: order.number });
  const text = [
    `Здравствуйте, ${order.name}!`,
    '',
    `Мы приняли ваш заказ №${order.number} на перевод документов.`,
    '',
    ...lines,
    `Итого: ${formatRub(order.amount)}`,
    ...(ready ? ['', `Ориентировочная дата готовности: ${ready}`] : []),
    '',
    'Что дальше: оплатите заказ — переводчик начнёт работу сразу после оплаты. Статус заказа можно отслеживать в личном кабинете:',
    signInLink,
  ].join('\n');
  const html = [
    `<p>Здравствуйте, ${escapeHtml(order.name)}!</p>`,
    `<p>Мы приняли ваш заказ <b>№${order.number}</b> на перевод документов.</p>`,
    '<table cellpadding="4">',
    ...order.priceBreakdown.lines.map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td><td align="right">${formatRub(line.total)}</td></tr>`,
    ),
    `<tr><td><b>Итого</b></td><td align="right"><b>${formatRub(order.amount)}</b></td></tr>`,
    '</table>',
    ...(ready ? [`<p>Ориентировочная дата готовности: ${ready}</p>`] : []),
    '<p>Оплатите заказ — переводчик начнёт работу сразу после оплаты.</p>',
    `<p><a href="${escapeHtml(signInLink)}">Открыть заказ в личном кабинете</a></p>`,
  ].join('\n');
  return { subject, text, html };
}
