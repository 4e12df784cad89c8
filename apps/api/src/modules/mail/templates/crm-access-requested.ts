import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type CrmAccessRequestedParams = {
  /** Who asks: their e-mail, and their name when the account has one. */
  applicant: { email: string | null; name: string | null };
  comment: string | null;
  /** The back-office page where requests are decided. */
  requestsUrl: string;
};

/** To every ADMIN when someone asks for back-office access (crm-access, decision 048). */
export function crmAccessRequested(
  { applicant, comment, requestsUrl }: CrmAccessRequestedParams,
  context: MailContext,
): RenderedMail {
  const who = [applicant.name, applicant.email].filter(Boolean).join(', ') || 'Пользователь без e-mail';
  const { html, text } = renderMailLayout(context, {
    title: 'Новая заявка на доступ к CRM',
    blocks: [
      { kind: 'text', text: `${who} просит доступ к CRM.` },
      ...(comment ? [{ kind: 'text', text: `Комментарий: ${comment}` } as const] : []),
      { kind: 'button', href: requestsUrl, label: 'Рассмотреть заявку' },
    ],
  });
  return { subject: `Заявка на доступ к CRM: ${applicant.email ?? who}`, text, html };
}
