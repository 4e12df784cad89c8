import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type CrmAccessDecidedParams =
  | {
      decision: 'granted';
      /** The granted role as the back office names it (ROLE_LABELS). */
      roleLabel: string;
      /** Into the back office: a one-time sign-in link, or the address when the account signs in with a password. */
      signInLink: string;
    }
  | { decision: 'refused'; reason: string | null };

/** To the person who asked for back-office access, when an ADMIN decides (crm-access, decision 048). */
export function crmAccessDecided(params: CrmAccessDecidedParams, context: MailContext): RenderedMail {
  if (params.decision === 'granted') {
    const subject = 'Доступ к CRM открыт';
    const { html, text } = renderMailLayout(context, {
      title: subject,
      blocks: [
        { kind: 'text', text: `Ваша заявка на доступ к CRM одобрена. Ваша роль — «${params.roleLabel}».` },
        { kind: 'button', href: params.signInLink, label: 'Войти в CRM' },
        {
          kind: 'text',
          text: 'Ссылка для входа одноразовая и действует ограниченное время. Если она устарела, войдите в личный кабинет по коду из письма и откройте CRM.',
        },
      ],
    });
    return { subject, text, html };
  }
  const subject = 'Заявка на доступ к CRM отклонена';
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      { kind: 'text', text: 'Администратор отклонил вашу заявку на доступ к CRM.' },
      ...(params.reason ? [{ kind: 'text', text: `Причина: ${params.reason}` } as const] : []),
      {
        kind: 'text',
        text: 'Если доступ всё же нужен, отправьте новую заявку с пояснением на странице «Доступ к CRM».',
      },
    ],
  });
  return { subject, text, html };
}
