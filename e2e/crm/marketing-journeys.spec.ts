import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/api';
import { signInStaff } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { payThroughApi, placeOrder } from '../support/orders';

/**
 * Issue 19 (decision 068): a visitor from a Yandex ad orders and pays; staff find that order in the funnel, the
 * touchpoints list and all six attribution models.
 */
test('a visitor from a tagged ad orders and pays; staff see it in the funnel, touchpoints and attribution', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const campaign = `e2e-${randomUUID().slice(0, 8)}`;
  const email = uniqueEmail('journey');

  // The visitor lands on the order form from the ad.
  await page.goto(`/order/step-1?utm_source=yandex&utm_medium=cpc&utm_campaign=${campaign}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sessionId =
    (await page.evaluate(() => window.sessionStorage.getItem('analytics_session_id'))) ?? randomUUID();
  const visitorId =
    (await page.evaluate(() => window.localStorage.getItem('analytics_visitor_id'))) ?? randomUUID();

  // What the tracker records for this visit, through the public API (the tracker loads when the browser is idle:
  // this spec does not wait for it). The server records order_created and paid itself (decision 066).
  await request.post('/api/analytics/session', {
    data: {
      sessionId,
      landingPage: `/order/step-1?utm_campaign=${campaign}`,
      deviceType: 'desktop',
      utmSource: 'yandex',
      utmMedium: 'cpc',
      utmCampaign: campaign,
    },
  });
  for (const stage of ['step_1', 'step_2', 'step_3'])
    await request.post('/api/analytics/funnel-stage', { data: { sessionId, stage } });

  const order = await placeOrder(request, email, {
    extra: {
      utmSource: 'yandex',
      utmMedium: 'cpc',
      utmCampaign: campaign,
      analyticsSessionId: sessionId,
      analyticsVisitorId: visitorId,
    },
  });
  await payThroughApi(request, order, email);

  await signInStaff(page, request, 'MANAGER');

  // The funnel of that campaign: one session all the way to paid.
  await page.goto(`/crm/marketing/funnel?campaign=${campaign}`);
  const stages = page.getByTestId('funnel-stages');
  await expect(
    stages
      .getByRole('row', { name: /Оплачен/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await expect(
    stages
      .getByRole('row', { name: /Заказ создан/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await expect(page.getByTestId('funnel-by-channel').getByRole('row', { name: /paid/ })).toBeVisible();

  // The touchpoints: the order with its path (the ad's session).
  await page.goto(`/crm/marketing/touchpoints?campaign=${campaign}`);
  const path = page.getByTestId('touchpoint-order').filter({ hasText: `Заказ №${order.number}` });
  await expect(path).toBeVisible();
  await expect(path).toContainText('1 касание');
  await expect(path.getByRole('listitem')).toContainText([`paid · ${campaign}`]);

  // Attribution: every one of the six models credits the paid channel and the campaign with the order.
  await page.goto(`/crm/marketing/attribution?campaign=${campaign}&metric=orders`);
  const channelRow = page.getByTestId('attribution-table').getByRole('row', { name: /^paid/ });
  await expect(channelRow.getByRole('cell')).toHaveText(['paid', '1', '1', '1', '1', '1', '1']);
  await page.getByText('Кампании', { exact: true }).click();
  await expect(page).toHaveURL(/groupBy=campaign/);
  const campaignRow = page
    .getByTestId('attribution-table')
    .getByRole('row', { name: new RegExp(`^${campaign}`) });
  await expect(campaignRow.getByRole('cell')).toHaveText([campaign, '1', '1', '1', '1', '1', '1']);
  await expect(page.getByTestId('attribution-chart')).toBeVisible();

  // A phone: the report fits the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
});
