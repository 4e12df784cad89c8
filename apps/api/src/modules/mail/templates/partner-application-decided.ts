import { renderMailLayout, type MailContext } from './layout.ts';
import type { RenderedMail } from './types.ts';

export type PartnerApplicationDecidedParams =
  | {
      decision: 'approved';
      name: string;
      /** The single-use link that sets the portal password (/partner/set-password?token=…). */
      setPasswordLink: string;
      ttlHours: number;
    }
  | { decision: 'refused'; name: string; reason: string };

/** To the applicant when an ADMIN decides their application (partner-portal, decision 060). */
export function partnerApplicationDecided(
  params: PartnerApplicationDecidedParams,
  context: MailContext,
): RenderedMail {
  if (params.decision === 'approved') {
    const subject = 'Вы — партнёр: установите пароль';
    const { html, text } = renderMailLayout(context, {
      title: 'Заявка в партнёрскую программу одобрена',
      blocks: [
        { kind: 'text', text: `${params.name}, добро пожаловать в партнёрскую программу!` },
        { kind: 'text', text: 'Чтобы войти в кабинет партнёра, установите пароль по ссылке:' },
        { kind: 'button', href: params.setPasswordLink, label: 'Установить пароль' },
        {
          kind: 'text',
          text: `Ссылка одноразовая и действует ${params.ttlHours} часа. Если она устарела, нажмите «Забыли пароль?» на странице входа.`,
        },
      ],
    });
    return { subject, text, html };
  }
  const subject = 'Заявка в партнёрскую программу отклонена';
  const { html, text } = renderMailLayout(context, {
    title: subject,
    blocks: [
      { kind: 'text', text: `${params.name}, к сожалению, мы не можем принять вашу заявку.` },
      { kind: 'text', text: `Причина: ${params.reason}` },
    ],
  });
  return { subject, text, html };
}
