import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';

describe('analytics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
  });
  afterAll(() => ctx.close());

  it('stores a funnel stage with the signed-in user taken from the session, not the body', async () => {
    const customer = await ctx.customerAuth('funnel@example.ru');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/funnel-stage',
      headers: { authorization: customer.authorization },
      payload: {
        sessionId: 'session-12345',
        stage: 'calculator_used',
        source: 'cabinet_bottom_nav',
        userId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.database.sql.executeSql(
      `select stage, source, user_id from funnel_stages where session_id = 'session-12345'`,
      [],
    );
    expect(rows.rows).toEqual([
      { stage: 'calculator_used', source: 'cabinet_bottom_nav', user_id: customer.body.user.id },
    ]);
  });

  it('drops secret-looking form fields and cuts long strings (spec 5)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      payload: {
        sessionId: 'session-67890',
        eventType: 'form_submit',
        formData: {
          name: 'Иван',
          password: 'secret',
          cardNumber: '4111',
          accessToken: 'x',
          comment: 'я'.repeat(300),
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.database.sql.executeSql(
      `select form_data from analytics_events where session_id = 'session-67890'`,
      [],
    );
    const formData = (rows.rows[0] as { form_data: Record<string, string> }).form_data;
    expect(Object.keys(formData).sort()).toEqual(['comment', 'name']);
    expect(formData.comment).toHaveLength(100);
  });

  it('refuses an event without a type and stores nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      payload: { sessionId: 'session-empty1' },
    });
    expect(response.statusCode).toBe(400);
    const rows = await ctx.database.sql.executeSql(
      `select count(*)::int as n from analytics_events where session_id = 'session-empty1'`,
      [],
    );
    expect(rows.rows).toEqual([{ n: 0 }]);
  });
});
