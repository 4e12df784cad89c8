import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type SignInCodeParams = {
  code: string;
  /** A one-time sign-in link to the cabinet, the code's alternative. */
  link: string;
};

/** The customer's sign-in code (auth). */
export function signInCode({ code, link }: SignInCodeParams, context: MailContext): RenderedMail {
  const { html, text } = renderMailLayout(context, {
    title: 'Вход в личный кабинет',
    blocks: [
      { kind: 'text', text: 'Ваш код для входа в личный кабинет:' },
      { kind: 'code', text: code },
      {
        kind: 'text',
        text: 'Код действует 10 минут. Если вы не запрашивали код, просто проигнорируйте это письмо.',
      },
      { kind: 'button', href: link, label: 'Войти в личный кабинет' },
    ],
  });
  return { subject: `Код для входа: ${code}`, text, html };
}
