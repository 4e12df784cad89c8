import { cabinetOrderUrl } from './format.ts';
import type { RenderedMail } from './types.ts';

export type OrderResultsReadyParams = {
  order: { id: string; number: number; name: string };
  /** Names of the files sent with this message. */
  files: string[];
  publicUrl: string;
};

/** To the customer when staff send the finished translation (or scans) to the cabinet (order-results, 038). */
export function orderResultsReady({ order, files, publicUrl }: OrderResultsReadyParams): RenderedMail {
  return {
    subject: `Заказ №${order.number}: перевод готов`,
    text:
      `Здравствуйте, ${order.name}!\n\nПо заказу №${order.number} готовы файлы:\n` +
      files.map((name) => `— ${name}`).join('\n') +
      `\n\nСкачать их можно в личном кабинете: ${cabinetOrderUrl(publicUrl, order.id)}`,
    html: null,
  };
}
