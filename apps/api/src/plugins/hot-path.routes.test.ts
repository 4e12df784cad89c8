import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';

/**
 * Decision 040: GET /api/order/form-params (the order form's hot path) pays for no per-request work that does not
 * apply to it — no pino child when it logs nothing, no `preValidation` phase — and every line still logged carries
 * the request's id as before.
 */
describe('the request hot path (decision 040)', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  let children = 0;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
    // Count the pino children made from the app's logger (pino's own method, wrapped; ours are not touched).
    const log = ctx.app.log as unknown as { child: (...args: unknown[]) => unknown };
    const child = log.child;
    log.child = function countedChild(this: unknown, ...args: unknown[]) {
      children += 1;
      return child.apply(this, args);
    };
  });
  afterAll(() => ctx.close());

  it('answers GET form-params without making a child logger when nothing is logged', async () => {
    children = 0;
    for (let i = 0; i < 3; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' });
      expect(response.statusCode).toBe(200);
    }
    expect(children).toBe(0);
  });

  it('a line that is logged still carries the request id and the same fields', async () => {
    lines.length = 0;
    ctx.app.log.level = 'info';
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/order/form-params?x=1' });
      expect(response.statusCode).toBe(200);
    } finally {
      ctx.app.log.level = 'warn';
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const incoming = entries.find((entry) => entry.msg === 'incoming request');
    const completed = entries.find((entry) => entry.msg === 'request completed');
    expect(incoming).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      req: { method: 'GET', path: '/api/order/form-params' },
    });
    expect(JSON.stringify(incoming)).not.toContain('x=1');
    expect(completed).toMatchObject({ level: 30, reqId: incoming?.reqId, res: { statusCode: 200 } });
    expect(completed?.responseTime).toEqual(expect.any(Number));
  });

  it('GET form-params has no preValidation hook; a POST route keeps the input guard there', () => {
    const lines = ctx.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
    // The hooks Fastify lists under a route's line ("• (phase) [names]"), up to the next route.
    const hooksOf = (pattern: RegExp) => {
      const start = lines.findIndex((line) => pattern.test(line));
      expect(start).toBeGreaterThanOrEqual(0);
      const hooks: string[] = [];
      for (const line of lines.slice(start + 1)) {
        if (!/^[\s│]*• /.test(line)) break;
        hooks.push(line.trim());
      }
      return hooks.join('\n');
    };
    const formParams = hooksOf(/\/form-params \(GET\b/);
    expect(formParams).not.toContain('preValidation');
    // After the one global hook (security headers), the access check is the route's own first hook (no
    // request.routeOptions per call), the guard its last.
    expect(formParams).toMatch(/\(onRequest\) \["anonymous\(\)", *"checkAccess\(\)", *"guardRequest\(\)"\]/);
    const createOrder = hooksOf(/\/order \(POST\b/);
    expect(createOrder).toMatch(/\(onRequest\) \["anonymous\(\)", *"checkAccess\(\)", *"[^"]+"\]/);
    expect(createOrder).toMatch(/preValidation.*guardRequest/);
  });
});
