import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { sendCsv } from '../lib/csv.ts';
import { clientErrorHandler, errorHandlerPlugin, requestSerializer } from './error-handler.ts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

const MARKER = 'zzsecretmarker';
const CYRILLIC = /[а-яё]/i;

describe('error log (decision 021)', () => {
  it('logs method, route, error class, code and stack frames — never the message, the query or the body', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        serializers: { req: requestSerializer },
        stream: { write: (line) => void lines.push(line) },
      },
    });
    await app.register(errorHandlerPlugin);
    app.post('/boom/:id', async () => {
      // What drizzle throws when PostgreSQL refuses a row: the message lists the query's parameters.
      throw new Error(`Failed query: insert into "orders" ("name") values ($1)\nparams: ${MARKER}@mail.ru`, {
        cause: Object.assign(new Error(`invalid byte sequence: ${MARKER}`), { code: '22021' }),
      });
    });
    const response = await app.inject({
      method: 'POST',
      url: `/boom/1?search=${MARKER}`,
      payload: { name: MARKER },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: MESSAGES.internalError,
    });
    const text = lines.join('\n');
    expect(text).not.toContain(MARKER);
    const entry = lines.map((line) => JSON.parse(line)).find((item) => item.msg === 'unhandled error');
    expect(entry.error).toMatchObject({
      method: 'POST',
      route: '/boom/:id',
      errorClass: 'Error',
      cause: { errorClass: 'Error', code: '22021' },
    });
    expect(entry.error.stack).toMatch(/^\s+at /);
    await app.close();
  });
});

describe('a CSV export that fails before its first byte', () => {
  it('answers the shared JSON error body, not a file named export.csv holding an English Fastify error', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/export.csv', async (_request, reply) =>
      sendCsv(
        reply,
        'export.csv',
        (async function* rows() {
          yield* [];
          throw new Error('the report query failed');
        })(),
      ),
    );
    const response = await app.inject({ method: 'GET', url: '/export.csv' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: MESSAGES.internalError,
    });
    await app.close();
  });
});

describe('framework errors answer in the shared body, in Russian, without echoing the request', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { BODY_LIMIT_BYTES: '4096' } });
  });
  afterAll(() => ctx.close());

  const expectBody = (
    response: { statusCode: number; body: string; json: () => unknown },
    status: number,
    code: string,
    message: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ statusCode: status, code, message });
    expect(message).toMatch(CYRILLIC);
    expect(response.body).not.toContain(MARKER);
  };

  it('a URL that does not decode: 400', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/${MARKER}/%zz` });
    expectBody(response, 400, 'BAD_REQUEST', MESSAGES.badUrl);
  });

  it('a path parameter over the limit: 414', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/point/${MARKER}${'a'.repeat(200)}` });
    expectBody(response, 414, 'URI_TOO_LONG', MESSAGES.urlTooLong);
  });

  it('a body of an unsupported type: 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: `<login>${MARKER}</login>`,
    });
    expectBody(response, 415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType);
  });

  it('a body over the limit: 413; malformed JSON: 400', async () => {
    const large = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: MARKER.repeat(1000), password: 'x' },
    });
    expectBody(large, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"login": "${MARKER}`,
    });
    expectBody(json, 400, 'BAD_REQUEST', MESSAGES.malformedJson);
  });

  it('an unknown route: 404; a known address with another method: 405 with Allow', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/${MARKER}` });
    expectBody(unknown, 404, 'NOT_FOUND', MESSAGES.routeNotFound);
    const method = await ctx.app.inject({ method: 'PATCH', url: `/api/health?x=${MARKER}` });
    expectBody(method, 405, 'METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
    expect(method.headers.allow).toBe('GET');
    const withParam = await ctx.app.inject({
      method: 'PUT',
      url: '/api/order/00000000-0000-4000-8000-000000000000',
    });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('GET');
  });
});

describe('requests the HTTP parser refuses', () => {
  it('an overlong URL gets 431 in the shared body, not an English page', async () => {
    const app = Fastify({ clientErrorHandler });
    await app.register(errorHandlerPlugin);
    app.get('/api/x', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `/api/x?q=${MARKER}${'a'.repeat(20_000)}` },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    await app.close();
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 431,
      code: 'HEADERS_TOO_LARGE',
      message: MESSAGES.headersTooLarge,
    });
  });
});
