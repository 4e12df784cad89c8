import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type EmailChangeCodeParams = { code: string };

/** The code that confirms a new e-mail address, sent to that address (auth). */
export function emailChangeCode({ code }: EmailChangeCodeParams, context: MailContext): RenderedMail {
  const { html, text } = renderMailLayout(context, {
    title: 'Подтверждение e-mail',
    blocks: [
      { kind: 'text', text: 'Код для подтверждения нового адреса в личном кабинете:' },
      { kind: 'code', text: code },
      { kind: 'text', text: 'Код действует 10 минут.' },
    ],
  });
  return { subject: `Код подтверждения e-mail: ${code}`, text, html };
}
