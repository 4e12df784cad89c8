import { isCabinetPath } from '@/lib/area';
import { showErrorToast } from '@/lib/notify';
import { sessionActions } from './session-store';

const attempts = new Map<string, Promise<string | null>>();

/**
 * Sign-in links carry `email` and `hash` on /, a /cabinet page (spec 4) or /admin-redirect. The login is attempted before
 * any navigation; the answer is where to continue: the same cabinet page without the two parameters,
 * or /cabinet/orders from the landing (/cabinet-login if the link did not work). Null: nothing to do.
 */
export function runAutoLogin(url: URL): Promise<string | null> {
  const email = url.searchParams.get('email');
  const hash = url.searchParams.get('hash');
  // /admin-redirect: the link in the mail that grants back-office access opens the CRM (decision 048).
  const isEligiblePath =
    url.pathname === '/' || url.pathname === '/admin-redirect' || isCabinetPath(url.pathname);
  if (!email || !hash || !isEligiblePath) return Promise.resolve(null);

  const key = `${url.pathname}|${email}|${hash}`;
  const existing = attempts.get(key);
  if (existing) return existing;

  const clean = new URL(url);
  clean.searchParams.delete('email');
  clean.searchParams.delete('hash');
  const cleanPath = `${clean.pathname}${clean.search}${clean.hash}`;
  const isLanding = url.pathname === '/';

  const attempt = sessionActions.loginWithHash({ email, hash }).then(
    () => (isLanding ? '/cabinet/orders' : cleanPath),
    (error: unknown) => {
      showErrorToast(error);
      return isLanding ? '/cabinet-login' : cleanPath;
    },
  );
  attempts.set(key, attempt);
  return attempt;
}
