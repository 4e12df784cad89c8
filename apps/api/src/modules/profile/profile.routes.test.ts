import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

describe('profile and organization', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    headers = { authorization: (await ctx.customerAuth('profile@example.ru')).authorization };
  });
  afterAll(() => ctx.close());

  it('updates name and phone, normalising the phone', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers,
      payload: { firstName: 'Мария', lastName: 'Иванова', phoneNumber: '8 (916) 555-44-33' },
    });
    expect(response.json<Profile>()).toMatchObject({
      firstName: 'Мария',
      lastName: 'Иванова',
      phoneNumber: '+79165554433',
    });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers,
      payload: { phoneNumber: '555' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MESSAGES.invalidPhone });
  });

  it('stores the organization only with a valid INN and KPP', async () => {
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/organization',
      headers,
      payload: { inn: '7707083894', kpp: '773601001', name: 'ПАО Сбербанк', address: 'Москва' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: MESSAGES.invalidInn });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).json<Profile>().organization,
    ).toBeNull();

    const right = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/organization',
      headers,
      payload: {
        inn: '7707083893',
        kpp: '773601001',
        name: 'ПАО Сбербанк',
        address: 'Москва, ул. Вавилова, 19',
      },
    });
    expect(right.json<Profile>().organization).toEqual({
      inn: '7707083893',
      kpp: '773601001',
      name: 'ПАО Сбербанк',
      address: 'Москва, ул. Вавилова, 19',
    });
  });

  it('changes the e-mail only with the code sent to the new address', async () => {
    const requested = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/email/request-code',
      headers,
      payload: { email: 'new.profile@example.ru' },
    });
    expect(requested.statusCode).toBe(200);
    const [mail] = await ctx.outbox('new.profile@example.ru');
    const code = /(\d{6})/.exec(mail!.subject)![1]!;

    // The change code is not a sign-in code.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email: 'new.profile@example.ru', verificationCode: code },
    });
    expect(signIn.statusCode).toBe(400);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/email/confirm',
      headers,
      payload: { email: 'new.profile@example.ru', verificationCode: code === '123456' ? '654321' : '123456' },
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/email/confirm',
      headers,
      payload: { email: 'new.profile@example.ru', verificationCode: code },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<Profile>().email).toBe('new.profile@example.ru');
  });

  it('refuses an address that belongs to someone else', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/email/request-code',
      headers,
      payload: { email: 'admin@demo.local' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: MESSAGES.emailTaken });
  });
});
