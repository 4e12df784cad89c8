import type { RenderedMail } from './types.ts';

export type EmailChangeCodeParams = { code: string };

/** The code that confirms a new e-mail address, sent to that address (auth). */
export function emailChangeCode({ code }: EmailChangeCodeParams): RenderedMail {
  return {
    subject: `Код подтверждения e-mail: ${code}`,
    text: `Код для подтверждения нового адреса в личном кабинете: ${code}\nКод действует 10 минут.`,
    html: null,
  };
}
