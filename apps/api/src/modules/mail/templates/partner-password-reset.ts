import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PartnerPasswordResetParams = { setPasswordLink: string; ttlHours: number };

/** «Забыли пароль?» in the partner portal: a single-use link that sets a new password (decision 060). */
export function partnerPasswordReset(
  { setPasswordLink, ttlHours }: PartnerPasswordResetParams,
  context: MailContext,
): RenderedMail {
  const subject = 'Восстановление пароля кабинета партнёра';
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      { kind: 'text', text: 'Вы запросили новый пароль для кабинета партнёра. Установите его по ссылке:' },
      { kind: 'button', href: setPasswordLink, label: 'Установить пароль' },
      {
        kind: 'text',
        text: `Ссылка одноразовая и действует ${ttlHours} часа. Если вы не запрашивали восстановление, просто не открывайте её — пароль останется прежним.`,
      },
    ],
  });
  return { subject, text, html };
}
