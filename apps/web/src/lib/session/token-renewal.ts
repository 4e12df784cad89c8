/** Spec 9: the token is renewed every 4 hours, only if the user was active in the last 15 minutes. */
export const TOKEN_RENEWAL_INTERVAL_MS = 4 * 60 * 60 * 1000;
export const ACTIVITY_WINDOW_MS = 15 * 60 * 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

export function shouldRenewToken(now: number, lastActivityAt: number | null): boolean {
  return lastActivityAt !== null && now - lastActivityAt <= ACTIVITY_WINDOW_MS;
}

export type TokenRenewal = { stop: () => void; markActivity: () => void };

export function startTokenRenewal(options: {
  renew: () => Promise<unknown>;
  now?: () => number;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}): TokenRenewal {
  const now = options.now ?? (() => Date.now());
  const target = options.target ?? window;
  // Starting the session counts as activity: the user has just signed in or opened the app.
  let lastActivityAt: number | null = now();
  const markActivity = () => {
    lastActivityAt = now();
  };
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, markActivity, { passive: true });

  const timer = setInterval(() => {
    if (shouldRenewToken(now(), lastActivityAt)) {
      // A failed renewal is not fatal: the token is still valid until it expires, and a 401 signs out.
      options.renew().catch(() => undefined);
    }
  }, TOKEN_RENEWAL_INTERVAL_MS);

  return {
    markActivity,
    stop: () => {
      clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, markActivity);
    },
  };
}
