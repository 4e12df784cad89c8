/**
 * Session status machine (spec 4). Events not listed for a status are ignored (the status stays).
 * - request e-mail code: new → pending → codeWaiting (back to new on failure)
 * - verify code: codeWaiting → enteredCode → authorized (back to codeWaiting on failure)
 * - login (password, link, Telegram): new → pending → authorized (back to new on failure)
 * - logout: any → new; a stored token restored at startup: new → authorized
 */
export const SESSION_STATUSES = ['new', 'pending', 'authorized', 'codeWaiting', 'enteredCode'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export type SessionEvent =
  | 'REQUEST_CODE'
  | 'CODE_SENT'
  | 'REQUEST_CODE_FAILED'
  | 'VERIFY_CODE'
  | 'CODE_ACCEPTED'
  | 'CODE_REJECTED'
  | 'LOGIN'
  | 'LOGIN_SUCCEEDED'
  | 'LOGIN_FAILED'
  | 'RESTORE'
  | 'LOGOUT';

const TRANSITIONS: Record<SessionStatus, Partial<Record<SessionEvent, SessionStatus>>> = {
  new: { REQUEST_CODE: 'pending', LOGIN: 'pending', RESTORE: 'authorized' },
  pending: {
    CODE_SENT: 'codeWaiting',
    REQUEST_CODE_FAILED: 'new',
    LOGIN_SUCCEEDED: 'authorized',
    LOGIN_FAILED: 'new',
  },
  // A new code may be asked for while waiting (resend); that runs the request-code path again.
  codeWaiting: { VERIFY_CODE: 'enteredCode', REQUEST_CODE: 'pending' },
  enteredCode: { CODE_ACCEPTED: 'authorized', CODE_REJECTED: 'codeWaiting' },
  authorized: {},
};

export function transitionSession(status: SessionStatus, event: SessionEvent): SessionStatus {
  if (event === 'LOGOUT') return 'new';
  return TRANSITIONS[status][event] ?? status;
}

export function canTransition(status: SessionStatus, event: SessionEvent): boolean {
  return event === 'LOGOUT' || TRANSITIONS[status][event] !== undefined;
}
