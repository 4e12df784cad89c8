import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const MARKER = 'Zzsecretmarker';

const forbidden = (path: string) => ({
  statusCode: 400,
  code: 'VALIDATION_ERROR',
  message: MESSAGES.forbiddenCharacters,
  details: [{ path, message: MESSAGES.forbiddenCharacters }],
});

describe('control characters in input (decision 021)', () => {
  let ctx: TestContext;
  const log: string[] = [];
  let params: FormParamsResponse;
  let pointId: string;
  let admin: { authorization: string };

  const validOrder = (overrides: Record<string, unknown> = {}) => {
    const doc = params.documents[0]!;
    const delivery = params.deliveries.find((item) => item.type === 'PICKUP_POINT')!;
    return {
      name: 'Иван Петров',
      phoneNumber: '+79160001122',
      email: 'guard@example.ru',
      documentsWithQuantity: [{ documentId: doc.id, quantity: 1 }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: delivery.id,
      pickupPointId: pointId,
      payerType: 'INDIVIDUAL',
      ...overrides,
    };
  };
  const count = async (table: string) =>
    Number(
      (
        (await ctx.database.sql.executeSql(`select count(*)::int as n from ${table}`, [])).rows[0] as {
          n: number;
        }
      ).n,
    );

  beforeAll(async () => {
    ctx = await createTestContext({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void log.push(line) },
    });
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    const points = await ctx.app.inject({ method: 'GET', url: '/api/point/active' });
    pointId = points.json<{ items: Array<{ id: string }> }>().items[0]!.id;
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx.close());

  it.each([
    ['/api/auth/login', 'login'],
    ['/api/partner/auth/login', 'email'],
  ])('refuses NUL in the login of %s with 400 and the contract body', async (url, field) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { [field]: `admin\u0000${MARKER}@demo.local`, password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(forbidden(`body.${field}`));
  });

  it('refuses NUL in the promo code to validate', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/form-settings/promocode/validate?code=WELCOME%00${MARKER}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(forbidden('querystring.code'));
  });

  it('refuses NUL in the order name and stores nothing; the log holds none of the submitted values', async () => {
    const before = await count('orders');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ name: `Иван\u0000${MARKER}`, email: `${MARKER.toLowerCase()}@example.ru` }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(forbidden('body.name'));
    expect(await count('orders')).toBe(before);
    expect(log.join('\n')).not.toContain(MARKER);
    expect(log.join('\n').toLowerCase()).not.toContain(MARKER.toLowerCase());
  });

  it('refuses NUL in the CSV export search before a byte of the file is sent', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/export.csv?search=%00${MARKER}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual(forbidden('querystring.search'));
    expect(log.join('\n')).not.toContain(MARKER);
  });

  it('refuses DEL, C1 controls, other C0 controls and lone surrogates anywhere in the body', async () => {
    for (const name of ['Иван\u007F', 'Иван\u0085', 'Иван\u001B[31m', 'Иван\uD800', 'Иван\uDC00x']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: validOrder({ name }),
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
    // A proper surrogate pair (an emoji) is ordinary text.
    const emoji = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ name: 'Иван 🙂', email: 'emoji@example.ru' }),
    });
    expect(emoji.statusCode).toBe(201);
  });

  it('refuses line breaks in single-line fields but keeps them in multi-line ones', async () => {
    const single = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ name: 'Иван\nПетров' }),
    });
    expect(single.statusCode).toBe(400);
    expect(single.json()).toEqual(forbidden('body.name'));

    const multi = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ comment: 'Первая строка\r\nвторая\tстрока', email: 'multi@example.ru' }),
    });
    expect(multi.statusCode).toBe(201);
    const stored = await ctx.database.sql.executeSql('select comment from orders where id = $1', [
      multi.json<{ id: string }>().id,
    ]);
    expect(stored.rows).toEqual([{ comment: 'Первая строка\r\nвторая\tстрока' }]);

    const badComment = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ comment: 'a\u0000b' }),
    });
    expect(badComment.json()).toEqual(forbidden('body.comment'));
  });

  it('checks nested values, object keys and path parameters', async () => {
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ deliveryData: { optionId: 'x\u0000' } }),
    });
    expect(nested.json()).toEqual(forbidden('body.deliveryData.optionId'));
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      payload: { sessionId: 'session-123456', eventType: 'x', formData: { 'a\u0000b': 1 } },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json<{ details: Array<{ path: string }> }>().details[0]!.path).toBe('body.formData.a?b');
    const param = await ctx.app.inject({ method: 'GET', url: '/api/point/%00' });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual(forbidden('params.id'));
  });

  it('refuses a control character in an uploaded file name and stores nothing', async () => {
    const boundary = '----guard';
    const before = await count('uploads');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a\u0001b.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        ),
        Buffer.from('%PDF-1.7\n'),
        Buffer.alloc(200, 0x20),
        Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(forbidden('files.filename'));
    expect(await count('uploads')).toBe(before);
  });
});
