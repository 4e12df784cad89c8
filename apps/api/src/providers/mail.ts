import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null };

/**
 * Where mail goes. "outbox": the recorded outbox row is the delivery (embedded default, nothing leaves the machine).
 * "smtp": nodemailer over SMTP_URL.
 */
export type MailTransport = {
  kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export const outboxTransport: MailTransport = {
  kind: 'outbox',
  async send() {},
  close() {},
};

export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url, { from });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}
