import type { APIRequestContext } from '@playwright/test';

/** Test-side helpers that talk to the API directly (never to the database). */
export const DEMO = {
  admin: { email: 'admin@demo.local', password: 'admin-demo-pass' },
  manager: { email: 'manager@demo.local', password: 'manager-demo-pass' },
  partner: { email: 'partner@demo.local', password: 'partner-demo-pass' },
  affiliate: { email: 'affiliate@demo.local', password: 'affiliate-demo-pass' },
  payee: { email: 'payee@demo.local', password: 'payee-demo-pass' },
  integrator: { email: 'integrator@demo.local', password: 'integrator-demo-pass' },
  customer: { email: 'customer@demo.local' },
} as const;

type OutboxItem = { to: string; subject: string; text: string; createdAt: string };

export async function staffToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { login: email, password } });
  if (!response.ok()) throw new Error(`login ${email}: ${response.status()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Newest message to this address, read from the recorded outbox as ADMIN. `match`: the newest one whose text
 * matches (specs run side by side, and another may mail the same demo account meanwhile).
 */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  options: { after?: Date; timeoutMs?: number; match?: RegExp } = {},
): Promise<OutboxItem> {
  const token = await staffToken(request, DEMO.admin.email, DEMO.admin.password);
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const limit = options.match ? 20 : 1;
  for (;;) {
    const response = await request.get(`/api/admin/mail-outbox?to=${encodeURIComponent(to)}&limit=${limit}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const item = ((await response.json()) as { items: OutboxItem[] }).items.find(
      (candidate) => !options.match || options.match.test(candidate.text),
    );
    if (item && (!options.after || new Date(item.createdAt) >= options.after)) return item;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function latestCode(request: APIRequestContext, to: string, after?: Date): Promise<string> {
  const mail = await latestMail(request, to, { after });
  const code = /(\d{6})/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

export async function latestSignInLink(request: APIRequestContext, to: string, after?: Date): Promise<URL> {
  const mail = await latestMail(request, to, { after });
  const href = /(https?:\/\/\S+hash=\S+)/.exec(mail.text)?.[1];
  if (!href) throw new Error('no sign-in link in the mail');
  return new URL(href);
}

/** A unique customer address per test, so parallel tests never share codes. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;
}
