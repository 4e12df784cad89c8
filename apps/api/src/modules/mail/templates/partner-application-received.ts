import { PARTNER_TYPE_LABELS } from '@app/contracts';
import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PartnerApplicationReceivedParams = {
  applicant: { name: string; email: string; company: string | null; type: keyof typeof PARTNER_TYPE_LABELS };
  /** The CRM page where applications are decided. */
  applicationsUrl: string;
};

/** To every ADMIN when someone applies to the partner programme (partner-portal, decision 060). */
export function partnerApplicationReceived(
  { applicant, applicationsUrl }: PartnerApplicationReceivedParams,
  context: MailContext,
): RenderedMail {
  const who = [applicant.name, applicant.company, applicant.email].filter(Boolean).join(', ');
  const { html, text } = renderMailLayout(context, {
    title: 'Новая заявка в партнёрскую программу',
    blocks: [
      { kind: 'text', text: `${who} хочет стать партнёром.` },
      { kind: 'text', text: `Тип партнёрства: ${PARTNER_TYPE_LABELS[applicant.type]}.` },
      { kind: 'button', href: applicationsUrl, label: 'Рассмотреть заявку' },
    ],
  });
  return { subject: `Заявка в партнёрскую программу: ${applicant.email}`, text, html };
}
