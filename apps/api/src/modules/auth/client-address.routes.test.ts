import { afterEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

/** The client address behind the per-IP sign-in limit and sessions.ip: X-Forwarded-For only from trusted proxies. */
describe('client address', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  const failedLogin = (forwardedFor: string) =>
    ctx!.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { login: `nobody-${forwardedFor}@example.ru`, password: 'wrong-password' },
    });

  async function signIn(forwardedFor: string): Promise<string | null> {
    const response = await ctx!.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { login: DEMO.manager[0], password: DEMO.manager[1] },
    });
    expect(response.statusCode).toBe(200);
    const token = response.json<AuthResponse>().token;
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    const rows = await ctx!.database.sql.executeSql('select ip from sessions where id = $1', [sid]);
    return (rows.rows[0] as { ip: string | null }).ip;
  }

  it('by default ignores X-Forwarded-For: a new header value neither escapes the per-IP limit nor lands in sessions.ip', async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '3' } });
    expect(await signIn('1.2.3.4')).toBe('10.9.8.7');
    const statuses = [];
    for (const forwardedFor of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      statuses.push((await failedLogin(forwardedFor)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('with TRUST_PROXY=1 takes the address the proxy appended', async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '3', TRUST_PROXY: '1' } });
    expect(await signIn('1.2.3.4')).toBe('1.2.3.4');
    // Each forwarded client has its own limit; one that goes over it is limited.
    const statuses = [];
    for (const forwardedFor of ['1.1.1.1', '2.2.2.2', '3.3.3.3', '3.3.3.3', '3.3.3.3', '3.3.3.3'])
      statuses.push((await failedLogin(forwardedFor)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('with a TRUST_PROXY list takes the header only from a listed proxy', async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: '10.9.8.0/24' } });
    expect(await signIn('1.2.3.4')).toBe('1.2.3.4');
    await ctx.close();
    ctx = await createTestContext({ env: { TRUST_PROXY: '192.168.0.1' } });
    expect(await signIn('1.2.3.4')).toBe('10.9.8.7');
  });
});
