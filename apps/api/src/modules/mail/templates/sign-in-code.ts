import { escapeHtml } from '#src/lib/html.ts';
import type { RenderedMail } from './types.ts';

export type SignInCodeParams = {
  code: string;
  /** A one-time sign-in link to the cabinet, the code's alternative. */
  link: string;
};

/** The customer's sign-in code (auth). */
export function signInCode({ code, link }: SignInCodeParams): RenderedMail {
  return {
    subject: `Код для входа: ${code}`,
    text:
      `Ваш код для входа в личный кабинет: ${code}\n` +
      `Код действует 10 минут. Если вы не запрашивали код, просто проигнорируйте это письмо.\n\n` +
      `Или войдите по ссылке: ${link}\n`,
    html:
      `<p>Ваш код для входа в личный кабинет:</p><p style="font-size:28px;letter-spacing:4px"><b>${code}</b></p>` +
      `<p>Код действует 10 минут. Если вы не запрашивали код, просто проигнорируйте это письмо.</p>` +
      `<p><a href="${escapeHtml(link)}">Войти в личный кабинет</a></p>`,
  };
}
