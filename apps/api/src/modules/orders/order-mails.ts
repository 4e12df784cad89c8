import { formatMessage } from '@app/contracts';
import { escapeHtml } from '../../lib/html.ts';
import type { OrderRow } from './orders.repository.ts';

// Intl formatters are expensive to build: made once (building one per call cost ~6 % of order creation).
const WHOLE_RUBLES = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const WITH_KOPECKS = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** RUB with a non-breaking space between groups and before the sign: 1 500 ₽. */
export function formatRub(value: number): string {
  const formatted = (Number.isInteger(value) ? WHOLE_RUBLES : WITH_KOPECKS).format(value);
  return `${formatted.replace(/\s/g, '\u00a0')}\u00a0₽`;
}

const formatDate = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
};

export function orderConfirmationMail(order: OrderRow, signInLink: string) {
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
  return { to: order.email, subject, text, html };
}
