/** What a template renders; the envelope (recipient, order, secrets) is the caller's. */
export type RenderedMail = { subject: string; text: string; html: string | null };
