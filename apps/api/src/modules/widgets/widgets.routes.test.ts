import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calculatePrice,
  type FormParamsResponse,
  PARTNER_MESSAGES,
  REFERRAL_COOKIE,
  type Widget,
  type WidgetListResponse,
  type WidgetPublicConfig,
  type WidgetQuoteResponse,
} from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { createPortalPartner, orderBody, rows, setPartnerStatus } from '#test/portal-partners.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const PARTNER_SITE = 'https://visa.partner-site.ru';

describe('integrator widgets (decision 072)', () => {
  let ctx: TestContext;
  let integrator: { id: string; headers: { authorization: string } };
  let params: FormParamsResponse;

  beforeAll(async () => {
    ctx = await createTestContext();
    integrator = await createPortalPartner(ctx, 'widgets@integrator.example.ru', 'ACTIVE', 'INTEGRATOR');
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
  });
  afterAll(() => ctx.close());

  async function createWidget(payload: Record<string, unknown>, headers = integrator.headers) {
    return ctx.app.inject({ method: 'POST', url: '/api/partner/integrator/widgets', headers, payload });
  }
  const validWidget = {
    name: 'Калькулятор на сайте',
    allowedDomains: ['visa.partner-site.ru', '*.partner-site.org'],
    theme: { accentColor: '#0B7285' },
  };
  const publicGet = (url: string, origin?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: origin ? { origin } : {} });

  it('creates a widget with its own referral link and lists it; colours default and are normalised', async () => {
    const response = await createWidget(validWidget);
    expect(response.statusCode, response.body).toBe(201);
    const widget = response.json<Widget>();
    expect(widget).toMatchObject({
      name: 'Калькулятор на сайте',
      allowedDomains: ['visa.partner-site.ru', '*.partner-site.org'],
      theme: { accentColor: '#0b7285', textColor: '#212529', backgroundColor: '#ffffff' },
      archived: false,
      clicks: 0,
      orders: 0,
    });
    const [link] = await rows<{ name: string; target_path: string; partner_account_id: string }>(
      ctx,
      'select name, target_path, partner_account_id from partner_links where code = $1',
      [widget.linkCode],
    );
    expect(link).toEqual({
      name: 'Виджет «Калькулятор на сайте»',
      target_path: '/order',
      partner_account_id: integrator.id,
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/integrator/widgets',
      headers: integrator.headers,
    });
    expect(list.json<WidgetListResponse>().items.map((item) => item.id)).toContain(widget.id);
  });

  it('refuses bad domains and colours in Russian and stores nothing', async () => {
    const before = (await rows<{ n: number }>(ctx, 'select count(*)::int as n from partner_widgets'))[0]!.n;
    for (const [payload, message] of [
      [{ ...validWidget, allowedDomains: ['https://site.ru/page'] }, PARTNER_MESSAGES.widgetDomainInvalid],
      [{ ...validWidget, allowedDomains: [] }, PARTNER_MESSAGES.widgetDomainsRequired],
      [{ ...validWidget, theme: { accentColor: 'red' } }, PARTNER_MESSAGES.widgetColorInvalid],
      [{ ...validWidget, name: '  ' }, PARTNER_MESSAGES.widgetNameRequired],
    ] as const) {
      const response = await createWidget(payload);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const after = (await rows<{ n: number }>(ctx, 'select count(*)::int as n from partner_widgets'))[0]!.n;
    expect(after).toBe(before);
  });

  it('answers pages of its allowed domains (CORS) and refuses other sites', async () => {
    const widget = (await createWidget(validWidget)).json<Widget>();
    const allowed = await publicGet(`/api/widget/${widget.id}/config`, PARTNER_SITE);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER_SITE);
    expect(allowed.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const config = allowed.json<WidgetPublicConfig>();
    expect(config.theme.accentColor).toBe('#0b7285');
    expect(config.documents.map((document) => document.id)).toEqual(params.documents.map((d) => d.id));

    // *.partner-site.org: any subdomain, not the bare domain.
    expect(
      (await publicGet(`/api/widget/${widget.id}/config`, 'https://a.b.partner-site.org')).statusCode,
    ).toBe(200);
    for (const origin of [
      'https://partner-site.org',
      'https://evil.example',
      'https://visa.partner-site.ru.evil.io',
    ]) {
      const refused = await publicGet(`/api/widget/${widget.id}/config`, origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.widgetDomainNotAllowed);
      // The refusal is readable by the page (the widget shows it), nothing else is sent.
      expect(refused.headers['access-control-allow-origin']).toBe(origin);
    }
    // Our own site (the partner's preview) may always use it.
    expect((await publicGet(`/api/widget/${widget.id}/config`, 'http://localhost:3000')).statusCode).toBe(
      200,
    );
  });

  it('quotes with the order form’s price engine and links to the hand-over', async () => {
    const widget = (await createWidget(validWidget)).json<Widget>();
    const [first, second] = params.documents;
    const docs = `${first!.id}:2,${second!.id}:1`;
    const response = await publicGet(
      `/api/widget/${widget.id}/quote?docs=${docs}&from=ru&to=en`,
      PARTNER_SITE,
    );
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json<WidgetQuoteResponse>();
    const expected = calculatePrice(params, {
      documentsWithQuantity: [
        { documentId: first!.id, quantity: 2 },
        { documentId: second!.id, quantity: 1 },
      ],
      documentsAssurances: [],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryPrice: 0,
      discountPercent: 0,
    });
    expect(quote.total).toBe(expected.total);
    expect(quote.lines).toHaveLength(2);
    expect(quote.orderUrl).toBe(
      `http://localhost:3000/w/${widget.id}?docs=${encodeURIComponent(docs)}&from=ru&to=en`,
    );

    for (const bad of ['', 'x:1', `${first!.id}:0`, `${first!.id}:100`, `${first!.id}:1,${first!.id}:2`]) {
      const refused = await publicGet(`/api/widget/${widget.id}/quote?docs=${bad}`, PARTNER_SITE);
      expect(refused.statusCode, bad).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(PARTNER_MESSAGES.widgetSelectionInvalid);
    }
  });

  it('hands the visitor over to the order form; the order is attributed to the integrator as WIDGET', async () => {
    const widget = (await createWidget(validWidget)).json<Widget>();
    const document = params.documents[0]!;
    const handOver = await ctx.app.inject({
      method: 'GET',
      url: `/w/${widget.id}?docs=${document.id}:3&from=ru&to=en`,
      headers: { 'user-agent': BROWSER, referer: `${PARTNER_SITE}/prices` },
    });
    expect(handOver.statusCode).toBe(302);
    expect(handOver.headers.location).toBe(
      `/order?reset=true&docs=${encodeURIComponent(`${document.id}:3`)}&from=ru&to=en`,
    );
    const cookie = new RegExp(`${REFERRAL_COOKIE}=([^;]+)`).exec(String(handOver.headers['set-cookie']))?.[1];
    expect(cookie).toBeTruthy();

    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'user-agent': BROWSER, cookie: `${REFERRAL_COOKIE}=${cookie}` },
      payload: await orderBody(ctx, { email: 'widget-visitor@example.ru' }),
    });
    expect(order.statusCode, order.body).toBe(201);
    const [attribution] = await rows<{ partner_account_id: string; source: string; sub_id: string }>(
      ctx,
      'select partner_account_id, source, sub_id from order_attributions where order_id = $1',
      [order.json<{ id: string }>().id],
    );
    expect(attribution).toEqual({ partner_account_id: integrator.id, source: 'WIDGET', sub_id: 'widget' });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/integrator/widgets',
      headers: integrator.headers,
    });
    const listed = list.json<WidgetListResponse>().items.find((item) => item.id === widget.id)!;
    expect(listed).toMatchObject({ clicks: 1, orders: 1 });
  });

  it('a bot or a broken selection is handed over without a click; an archived widget stops answering', async () => {
    const widget = (await createWidget(validWidget)).json<Widget>();
    const bot = await ctx.app.inject({
      method: 'GET',
      url: `/w/${widget.id}?docs=nonsense`,
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    });
    expect(bot.statusCode).toBe(302);
    expect(bot.headers.location).toBe('/order');
    expect(bot.headers['set-cookie']).toBeUndefined();

    const archived = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/integrator/widgets/${widget.id}/archive`,
      headers: integrator.headers,
    });
    expect(archived.json<Widget>().archived).toBe(true);
    expect((await publicGet(`/api/widget/${widget.id}/config`, PARTNER_SITE)).statusCode).toBe(404);
    const handOver = await ctx.app.inject({
      method: 'GET',
      url: `/w/${widget.id}`,
      headers: { 'user-agent': BROWSER },
    });
    expect(handOver.headers.location).toBe('/order');
    expect(handOver.headers['set-cookie']).toBeUndefined();
    // Archived is read-only.
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/partner/integrator/widgets/${widget.id}`,
      headers: integrator.headers,
      payload: validWidget,
    });
    expect(edit.statusCode).toBe(404);
  });

  it('a suspended partner’s widget stops; another partner cannot see or change it; affiliates get 403', async () => {
    const other = await createPortalPartner(ctx, 'other@integrator.example.ru', 'ACTIVE', 'INTEGRATOR');
    const widget = (await createWidget(validWidget, other.headers)).json<Widget>();
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/partner/integrator/widgets/${widget.id}`,
      headers: integrator.headers,
      payload: { ...validWidget, name: 'Чужой' },
    });
    expect(edit.statusCode).toBe(404);
    const affiliate = await createPortalPartner(ctx, 'aff@widgets.example.ru');
    const forbidden = await createWidget(validWidget, affiliate.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.partnerTypeForbidden);

    await setPartnerStatus(ctx, other.id, 'SUSPENDED');
    expect((await publicGet(`/api/widget/${widget.id}/config`, PARTNER_SITE)).statusCode).toBe(404);
  });

  it('updates the domains and colours of a live widget', async () => {
    const widget = (await createWidget(validWidget)).json<Widget>();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/partner/integrator/widgets/${widget.id}`,
      headers: integrator.headers,
      payload: { name: 'Новый', allowedDomains: ['NEW-SITE.ru'], theme: { accentColor: '#5F3DC4' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Widget>()).toMatchObject({
      name: 'Новый',
      allowedDomains: ['new-site.ru'],
      theme: { accentColor: '#5f3dc4' },
    });
    expect((await publicGet(`/api/widget/${widget.id}/config`, PARTNER_SITE)).statusCode).toBe(403);
    expect((await publicGet(`/api/widget/${widget.id}/config`, 'https://new-site.ru')).statusCode).toBe(200);
  });
});
