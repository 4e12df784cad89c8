import { cabinetOrderUrl } from './format.ts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type OrderResultsReadyParams = {
  order: { id: string; number: number; name: string };
  /** Names of the files sent with this message. */
  files: string[];
  publicUrl: string;
};

/** To the customer when staff send the finished translation (or scans) to the cabinet (order-results, 038). */
export function orderResultsReady(
  { order, files, publicUrl }: OrderResultsReadyParams,
  context: MailContext,
): RenderedMail {
  const subject = `Заказ №${order.number}: перевод готов`;
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      {
        kind: 'text',
        text:
          `Здравствуйте, ${order.name}!\nПо заказу №${order.number} готовы файлы:\n` +
          files.map((name) => `— ${name}`).join('\n'),
      },
      { kind: 'button', href: cabinetOrderUrl(publicUrl, order.id), label: 'Скачать в личном кабинете' },
    ],
  });
  return { subject, text, html };
}
