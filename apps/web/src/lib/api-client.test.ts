import { ErrorBodySchema, MESSAGES } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureApiClient, isErrorBody } from './api-client';
import { STORAGE_KEYS } from './storage';

const JWT = 'aaa.bbb.ccc';
const CRM_JWT = 'ddd.eee.fff';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn<(to: string) => void>();

  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    navigate.mockReset();
    configureApiClient({ fetch: fetchMock, navigate });
    window.history.replaceState(null, '', '/cabinet/orders');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the token of the area chosen by the current path, with credentials', async () => {
    localStorage.setItem(STORAGE_KEYS.cabinetToken, JWT);
    localStorage.setItem(STORAGE_KEYS.crmToken, CRM_JWT);
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));

    await api.get('/profile');
    window.history.replaceState(null, '', '/crm/home');
    await api.get('/profile', { query: { search: 'a b', empty: '' } });

    const [firstUrl, firstInit] = fetchMock.mock.calls[0]!;
    expect(firstUrl).toBe('/api/profile');
    expect(firstInit?.credentials).toBe('include');
    expect((firstInit?.headers as Record<string, string>).Authorization).toBe(`Bearer ${JWT}`);
    const [secondUrl, secondInit] = fetchMock.mock.calls[1]!;
    expect(secondUrl).toBe('/api/profile?search=a+b');
    expect((secondInit?.headers as Record<string, string>).Authorization).toBe(`Bearer ${CRM_JWT}`);
  });

  it('cancels an authorised call locally when the area has no token', async () => {
    await expect(api.get('/profile')).rejects.toMatchObject({
      message: MESSAGES.authRequired,
      kind: 'unauthorized',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends calls without auth even when there is no token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, retryAfterSeconds: 60 }));
    await expect(
      api.post('/auth/email/request-code', { email: 'a@b.ru' }, { auth: 'none' }),
    ).resolves.toEqual({
      success: true,
      retryAfterSeconds: 60,
    });
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.ru' }));
  });

  it('passes the server message and validation details on', async () => {
    localStorage.setItem(STORAGE_KEYS.cabinetToken, JWT);
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: MESSAGES.validationFailed,
        details: [{ path: 'email', message: MESSAGES.invalidEmail }],
      }),
    );
    const error = await api.post('/profile', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: MESSAGES.validationFailed,
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'email', message: MESSAGES.invalidEmail }],
    });
  });

  it('uses a generic message when the error body is not the contract one', async () => {
    localStorage.setItem(STORAGE_KEYS.cabinetToken, JWT);
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    await expect(api.get('/profile')).rejects.toThrow('Запрос завершился с ошибкой (код 502)');
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/health', { auth: 'none' })).rejects.toMatchObject({
      message: MESSAGES.networkError,
      kind: 'network',
    });
  });

  it('reports a timeout and an abort', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(api.get('/health', { auth: 'none', timeoutMs: 5 })).rejects.toMatchObject({
      message: MESSAGES.requestTimeout,
      kind: 'timeout',
    });
    const controller = new AbortController();
    const pending = api.get('/health', { auth: 'none', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ message: MESSAGES.requestAborted, kind: 'aborted' });
  });

  it('on 401 clears the area credentials and redirects after 0.3 s with a redirect query', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/crm/stats?tab=1');
    localStorage.setItem(STORAGE_KEYS.crmToken, CRM_JWT);
    localStorage.setItem(STORAGE_KEYS.crmRole, 'ADMIN');
    localStorage.setItem(STORAGE_KEYS.cabinetToken, JWT);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { statusCode: 401, code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired }),
    );

    await expect(api.get('/admin/stats')).rejects.toThrow(MESSAGES.sessionExpired);
    expect(localStorage.getItem(STORAGE_KEYS.crmToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.crmRole)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cabinetToken)).toBe(JWT);
    vi.advanceTimersByTime(299);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/crm/stats?tab=1')}`);
  });

  it('sends partner and cabinet areas to their own login pages', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/partner/profile');
    localStorage.setItem(STORAGE_KEYS.partnerToken, JWT);
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' })),
    );
    await expect(api.get('/partner/profile')).rejects.toThrow('x');
    vi.advanceTimersByTime(300);
    expect(navigate).toHaveBeenLastCalledWith(
      `/partner/login?redirect=${encodeURIComponent('/partner/profile')}`,
    );

    window.history.replaceState(null, '', '/cabinet/orders');
    localStorage.setItem(STORAGE_KEYS.cabinetToken, JWT);
    await expect(api.get('/order/my')).rejects.toThrow('x');
    vi.advanceTimersByTime(300);
    expect(navigate).toHaveBeenLastCalledWith(
      `/cabinet-login?redirect=${encodeURIComponent('/cabinet/orders')}`,
    );
  });

  it("on a CRM page a cabinet 401 only clears the cabinet token; the CRM's own 401 decides the sign-in page", async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/crm/marketing');
    localStorage.setItem(STORAGE_KEYS.crmToken, JWT);
    localStorage.setItem(STORAGE_KEYS.cabinetToken, JWT);
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' })),
    );

    // The staff member's cabinet profile answers first (the same revoked token).
    await expect(api.get('/profile', { area: 'cabinet' })).rejects.toThrow('x');
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(STORAGE_KEYS.cabinetToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.crmToken)).toBe(JWT);
    expect(navigate).not.toHaveBeenCalled();

    await expect(api.get('/admin/stats')).rejects.toThrow('x');
    vi.advanceTimersByTime(300);
    expect(localStorage.getItem(STORAGE_KEYS.crmToken)).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/crm/marketing')}`);
  });

  it('stays on a sign-in page: a cabinet 401 on /login does not send a staff user to /cabinet-login', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/login?redirect=%2Fcrm%2Fhome');
    localStorage.setItem(STORAGE_KEYS.cabinetToken, JWT);
    fetchMock.mockResolvedValue(jsonResponse(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }));
    await expect(api.get('/profile')).rejects.toThrow('x');
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(STORAGE_KEYS.cabinetToken)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not clear or redirect on a 401 from logout', async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.cabinetToken, JWT);
    fetchMock.mockResolvedValue(jsonResponse(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }));
    await expect(api.post('/auth/logout')).rejects.toThrow('x');
    vi.advanceTimersByTime(1000);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.cabinetToken)).toBe(JWT);
  });

  it('does not redirect on a 401 from a call made without auth (wrong password)', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { statusCode: 401, code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials }),
    );
    await expect(api.post('/auth/login', { login: 'a', password: 'b' }, { auth: 'none' })).rejects.toThrow(
      MESSAGES.invalidCredentials,
    );
    vi.advanceTimersByTime(1000);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('error body check', () => {
  // isErrorBody replaces ErrorBodySchema on every page (zod stays out of the first load): both must agree.
  const samples: unknown[] = [
    { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Ошибка' },
    { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Ошибка', details: [{ path: 'a', message: 'b' }] },
    { statusCode: 404, code: 'NOT_FOUND', message: 'Нет', details: [] },
    { statusCode: 400.5, code: 'VALIDATION_ERROR', message: 'Ошибка' },
    { statusCode: '400', code: 'VALIDATION_ERROR', message: 'Ошибка' },
    { statusCode: 400, code: 'NO_SUCH_CODE', message: 'Ошибка' },
    { statusCode: 400, code: 'VALIDATION_ERROR' },
    { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Ошибка', details: [{ path: 1, message: 'b' }] },
    { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Ошибка', details: 'bad' },
    null,
    'Internal Server Error',
    [],
  ];

  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the schema: %s',
    (_, sample) => {
      expect(isErrorBody(sample)).toBe(ErrorBodySchema.safeParse(sample).success);
    },
  );
});
