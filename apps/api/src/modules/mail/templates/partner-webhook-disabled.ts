import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PartnerWebhookDisabledParams = {
  name: string;
  url: string;
  /** Deliveries failed in a row (each after all its retries). */
  failures: number;
  pageUrl: string;
};

/** To an integrator when their webhook endpoint is disabled after repeated failed deliveries (decision 071). */
export function partnerWebhookDisabled(
  params: PartnerWebhookDisabledParams,
  context: MailContext,
): RenderedMail {
  const subject = 'Вебхук отключён: адрес не принимает события';
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      { kind: 'text', text: `${params.name}, здравствуйте!` },
      {
        kind: 'text',
        text: `Мы отключили адрес вебхука ${params.url}: ${params.failures} отправок подряд не были доставлены — на каждую сервер не ответил кодом 2xx после всех повторных попыток. Новые события на этот адрес не отправляются.`,
      },
      {
        kind: 'text',
        text: 'Проверьте, что сервер доступен и отвечает 2xx в течение 10 секунд, затем включите адрес на странице вебхуков и при необходимости отправьте пропущенные события повторно из журнала.',
      },
      { kind: 'button', href: params.pageUrl, label: 'Открыть вебхуки' },
    ],
  });
  return { subject, text, html };
}
