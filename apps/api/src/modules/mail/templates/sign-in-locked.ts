import { formatDayMonthTime } from '@app/contracts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type SignInLockedParams = {
  /** The account's address (the recipient). */
  email: string;
  realm: 'staff' | 'partner';
  failures: number;
  lockedUntil: Date;
};

/** To the account's owner when repeated wrong passwords lock its sign-in (auth, decision 020). */
export function signInLocked(
  { email, realm, failures, lockedUntil }: SignInLockedParams,
  context: MailContext,
): RenderedMail {
  const until = formatDayMonthTime(lockedUntil);
  const where = realm === 'partner' ? 'кабинет партнёра' : 'CRM';
  const { html, text } = renderMailLayout(context, {
    title: 'Вход временно заблокирован',
    blocks: [
      {
        kind: 'text',
        text:
          `Вход в ${where} для ${email} временно заблокирован: подряд неверных паролей — ${failures}.\n` +
          `Войти снова можно после ${until} (МСК).`,
      },
      {
        kind: 'text',
        text:
          'Если это были вы, просто подождите. Если нет, кто-то подбирает ваш пароль: ' +
          'сообщите администратору и смените пароль.',
      },
    ],
  });
  return { subject: 'Вход временно заблокирован после неудачных попыток', text, html };
}
