import { MESSAGES } from '@app/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { STORAGE_KEYS } from '@/lib/storage';
import { getSessionState, resetSessionForTests, restoreSession, sessionActions } from './session-store';

const TOKEN = 'aaa.bbb.ccc';
const user = (role: string) => ({ id: 'u1', email: 'a@b.ru', phoneNumber: null, role, name: null });
const profile = (role: string) => ({
  id: 'u1',
  email: 'a@b.ru',
  phoneNumber: null,
  telegramId: null,
  firstName: null,
  lastName: null,
  username: null,
  photoUrl: null,
  role,
  organization: null,
});

function json(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe('session store', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    resetSessionForTests();
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  });

  it('signs in with an e-mail code and stores the cabinet token', async () => {
    fetchMock.mockImplementation((url) =>
      String(url).endsWith('/request-code')
        ? json(200, { success: true, retryAfterSeconds: 60 })
        : json(200, { token: TOKEN, expiresAt: '2030-01-01T00:00:00Z', user: user('USER') }),
    );
    const request = sessionActions.requestCode('a@b.ru');
    expect(getSessionState().status).toBe('pending');
    await request;
    expect(getSessionState()).toMatchObject({
      status: 'codeWaiting',
      pendingEmail: 'a@b.ru',
      retryAfterSeconds: 60,
    });

    const verify = sessionActions.verifyCode('123456');
    expect(getSessionState().status).toBe('enteredCode');
    await verify;
    expect(getSessionState().status).toBe('authorized');
    expect(localStorage.getItem(STORAGE_KEYS.cabinetToken)).toBe(TOKEN);
    expect(localStorage.getItem(STORAGE_KEYS.crmToken)).toBeNull();
  });

  it('goes back to codeWaiting on a wrong code and to new when the code request fails', async () => {
    fetchMock.mockImplementation((url) =>
      String(url).endsWith('/request-code')
        ? json(200, { success: true, retryAfterSeconds: 60 })
        : json(400, { statusCode: 400, code: 'BAD_REQUEST', message: MESSAGES.invalidCode }),
    );
    await sessionActions.requestCode('a@b.ru');
    await expect(sessionActions.verifyCode('000000')).rejects.toThrow(MESSAGES.invalidCode);
    expect(getSessionState().status).toBe('codeWaiting');

    resetSessionForTests();
    fetchMock.mockImplementation(() =>
      json(429, { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: MESSAGES.codeRequestTooSoon }),
    );
    await expect(sessionActions.requestCode('a@b.ru')).rejects.toThrow(MESSAGES.codeRequestTooSoon);
    expect(getSessionState().status).toBe('new');
  });

  it('refuses to verify without a stored e-mail', async () => {
    await expect(sessionActions.verifyCode('123456')).rejects.toThrow(MESSAGES.verifyEmailMissing);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores a staff sign-in for the CRM as well and signs out to /login', async () => {
    fetchMock.mockImplementation(() =>
      json(200, { token: TOKEN, expiresAt: '2030-01-01T00:00:00Z', user: user('MANAGER') }),
    );
    await sessionActions.login({ login: 'manager@demo.local', password: 'x' });
    expect(localStorage.getItem(STORAGE_KEYS.crmToken)).toBe(TOKEN);
    expect(localStorage.getItem(STORAGE_KEYS.crmRole)).toBe('MANAGER');

    fetchMock.mockImplementation(() => json(200, { success: true }));
    await restoreSession('crm');
    await expect(sessionActions.logout()).resolves.toBe('/login');
    expect(getSessionState().status).toBe('new');
    expect(localStorage.getItem(STORAGE_KEYS.crmToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cabinetToken)).toBeNull();
  });

  it('restores a CRM session, loads the profile and drops a non-CRM role', async () => {
    localStorage.setItem(STORAGE_KEYS.crmToken, TOKEN);
    localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
    fetchMock.mockImplementation(() => json(200, profile('ADMIN')));
    await restoreSession('crm');
    expect(getSessionState()).toMatchObject({ status: 'authorized', area: 'crm', role: 'ADMIN' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/profile');

    resetSessionForTests();
    localStorage.setItem(STORAGE_KEYS.crmRole, 'USER');
    await restoreSession('crm');
    expect(getSessionState().status).toBe('new');
    expect(localStorage.getItem(STORAGE_KEYS.crmToken)).toBeNull();
  });

  it('restores a partner session from the partner profile', async () => {
    localStorage.setItem(STORAGE_KEYS.partnerToken, TOKEN);
    const partner = {
      id: 'p1',
      name: 'Партнёр',
      email: 'affiliate@demo.local',
      phone: null,
      company: null,
      website: null,
      description: null,
      type: 'AFFILIATE',
      status: 'ACTIVE',
      commission: 10,
    };
    fetchMock.mockImplementation(() => json(200, { success: true, data: partner }));
    await restoreSession('partner');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/partner/profile');
    expect(getSessionState()).toMatchObject({ status: 'authorized', area: 'partner', partner });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.partnerData) ?? 'null')).toEqual(partner);
  });
});
