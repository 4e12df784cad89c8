import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_WINDOW_MS,
  shouldRenewToken,
  startTokenRenewal,
  TOKEN_RENEWAL_INTERVAL_MS,
} from './token-renewal';

const MINUTE = 60_000;

describe('token renewal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews only when the user was active within 15 minutes', () => {
    const now = Date.now();
    expect(shouldRenewToken(now, now - 14 * MINUTE)).toBe(true);
    expect(shouldRenewToken(now, now - ACTIVITY_WINDOW_MS)).toBe(true);
    expect(shouldRenewToken(now, now - 16 * MINUTE)).toBe(false);
    expect(shouldRenewToken(now, null)).toBe(false);
  });

  it('checks every 4 hours and skips the renewal after inactivity', () => {
    const renew = vi.fn(() => Promise.resolve());
    const target = new EventTarget();
    const renewal = startTokenRenewal({ renew, target });

    vi.advanceTimersByTime(TOKEN_RENEWAL_INTERVAL_MS - 1);
    expect(renew).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // No activity during the last 4 hours.
    expect(renew).not.toHaveBeenCalled();

    vi.advanceTimersByTime(TOKEN_RENEWAL_INTERVAL_MS - 10 * MINUTE);
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(10 * MINUTE);
    expect(renew).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(TOKEN_RENEWAL_INTERVAL_MS - 20 * MINUTE);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(20 * MINUTE);
    // Active 20 minutes before the check: too long ago.
    expect(renew).toHaveBeenCalledTimes(1);
    renewal.stop();
  });

  it('stops checking and listening after stop()', () => {
    const renew = vi.fn(() => Promise.resolve());
    const target = new EventTarget();
    const renewal = startTokenRenewal({ renew, target });
    renewal.stop();
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(TOKEN_RENEWAL_INTERVAL_MS * 2);
    expect(renew).not.toHaveBeenCalled();
  });
});
