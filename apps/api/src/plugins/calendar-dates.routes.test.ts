import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

type Parameter = { in: string; name: string; schema?: { format?: string; enum?: string[] } };
type OpenApi = { paths: Record<string, { get?: { parameters?: Parameter[] } }> };

/**
 * Every report and list that takes a date in its query refuses one outside the product's calendar (2000–2100) with
 * the Russian message, before it runs: year 0001 was a 500 (PostgreSQL's day arithmetic), and from 9999-12-31 a
 * partner's analytics built days for ever until the API ran out of memory. Found by route from the OpenAPI
 * document, so a new report with a date filter is checked without being listed here.
 */
describe('dates outside the calendar in report queries (decision 099)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let affiliate: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    affiliate = await ctx.partnerAuth(...DEMO.affiliate);
  });
  afterAll(() => ctx.close());

  it('answers 400 «Дата — от 2000 до 2100 года» for years 0001 and 9999 in every date of every GET query', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    const targets = Object.entries(spec.paths).flatMap(([path, item]) => {
      const parameters = item.get?.parameters ?? [];
      const dates = parameters.filter((p) => p.in === 'query' && p.schema?.format === 'date');
      if (dates.length === 0) return [];
      // A path parameter takes the first value its contract allows (a report's name).
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = parameters.find((p) => p.in === 'path' && p.name === name)?.schema?.enum?.[0];
        if (!value) throw new Error(`${path}: no value for {${name}}`);
        return value;
      });
      return dates.map((p) => ({ url, param: p.name }));
    });
    expect(targets.length).toBeGreaterThan(30);
    expect(targets).toContainEqual({ url: '/api/partner/affiliate/analytics', param: 'to' });

    for (const { url, param } of targets) {
      for (const day of ['0001-01-01', '9999-12-31']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `${url}?${param}=${day}`,
          headers: url.startsWith('/api/partner/') ? affiliate : admin,
        });
        expect(response.statusCode, `${url}?${param}=${day}`).toBe(400);
        expect(response.json().details, `${url}?${param}=${day}`).toContainEqual({
          path: `querystring.${param}`,
          message: MESSAGES.dateOutOfCalendar,
        });
      }
    }
  });
});
