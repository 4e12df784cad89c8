import { describe, expect, it } from 'vitest';
import { canTransition, SESSION_STATUSES, transitionSession, type SessionEvent } from './session-machine';

function run(events: SessionEvent[]) {
  return events.reduce(transitionSession, 'new' as const as ReturnType<typeof transitionSession>);
}

describe('session state machine', () => {
  it('requests an e-mail code: new → pending → codeWaiting', () => {
    expect(transitionSession('new', 'REQUEST_CODE')).toBe('pending');
    expect(transitionSession('pending', 'CODE_SENT')).toBe('codeWaiting');
  });

  it('returns to new when requesting a code fails', () => {
    expect(run(['REQUEST_CODE', 'REQUEST_CODE_FAILED'])).toBe('new');
  });

  it('verifies a code: codeWaiting → enteredCode → authorized', () => {
    expect(run(['REQUEST_CODE', 'CODE_SENT', 'VERIFY_CODE'])).toBe('enteredCode');
    expect(run(['REQUEST_CODE', 'CODE_SENT', 'VERIFY_CODE', 'CODE_ACCEPTED'])).toBe('authorized');
  });

  it('returns to codeWaiting when the code is rejected', () => {
    expect(run(['REQUEST_CODE', 'CODE_SENT', 'VERIFY_CODE', 'CODE_REJECTED'])).toBe('codeWaiting');
  });

  it('logs in: pending → authorized, back to new on failure', () => {
    expect(run(['LOGIN', 'LOGIN_SUCCEEDED'])).toBe('authorized');
    expect(run(['LOGIN', 'LOGIN_FAILED'])).toBe('new');
  });

  it('logout returns to new from every status', () => {
    for (const status of SESSION_STATUSES) {
      expect(transitionSession(status, 'LOGOUT')).toBe('new');
    }
  });

  it('restores a stored session only from new', () => {
    expect(transitionSession('new', 'RESTORE')).toBe('authorized');
    expect(transitionSession('codeWaiting', 'RESTORE')).toBe('codeWaiting');
  });

  it('ignores events that do not apply', () => {
    expect(transitionSession('new', 'VERIFY_CODE')).toBe('new');
    expect(transitionSession('authorized', 'LOGIN')).toBe('authorized');
    expect(transitionSession('codeWaiting', 'CODE_ACCEPTED')).toBe('codeWaiting');
    expect(canTransition('new', 'CODE_ACCEPTED')).toBe(false);
    expect(canTransition('enteredCode', 'CODE_REJECTED')).toBe(true);
  });
});
