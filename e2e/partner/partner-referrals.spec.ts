import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { bearer, signInPartnerPortal } from '../support/fixtures';
import { expectChartLegendsStyled, expectNoSidewaysScroll } from '../support/layout';
import { payThroughApi, placeOrder } from '../support/orders';

/** Decision 061: a referral link from its creation to a paid order the partner sees. */
test.describe('partner referrals', () => {
  test('a partner creates a link; a visitor follows it and orders; the partner sees the click and the order', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000); // two browsers (partner and visitor), an order and the partner's pages: 30 s when quiet
    const token = await signInPartnerPortal(page, request);
    const name = `Блог ${Date.now()}`;
    await page.goto('/partner/affiliate/links');
    await page.getByLabel('Название').fill(name);
    await page.getByRole('button', { name: 'Создать ссылку' }).click();
    const row = page.getByTestId('links-table').getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expectAccessible(page, '/partner/affiliate/links');
    const links = (await (
      await request.get('/api/partner/affiliate/links', { headers: bearer(token) })
    ).json()) as { items: Array<{ id: string; name: string; code: string }> };
    const link = links.items.find((item) => item.name === name)!;
    await expect(row).toContainText(`/r/${link.code}`);

    // A visitor in a browser of their own: the redirect sets the cookie, the order carries it.
    const visitor = await browser.newContext();
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/r/${link.code}?sub=e2e`);
      await expect(visitorPage).toHaveURL(/\/$/);
      const email = `referral.${Date.now()}@example.ru`;
      const order = await placeOrder(visitor.request, email);
      await payThroughApi(visitor.request, order, email);
    } finally {
      await visitor.close();
    }

    await page.goto('/partner/affiliate/analytics');
    const byLink = page.getByTestId('analytics-links').getByRole('row', { name: new RegExp(name) });
    await expect(byLink).toContainText(/1\s*1\s*1/);
    await expect(page.getByTestId('analytics-sub-ids')).toContainText('e2e');
    await expectChartLegendsStyled(page);
    await expectAccessible(page, '/partner/affiliate/analytics');

    await page.goto('/partner/affiliate/click-logs');
    await expect(
      page.getByTestId('click-logs-table').getByRole('row', { name: new RegExp(name) }),
    ).toContainText('да');
    await expectAccessible(page, '/partner/affiliate/click-logs');

    await page.goto('/partner/dashboard');
    await expect(page.getByTestId('dashboard-clicks')).not.toHaveText('0');
    await expect(page.getByTestId('dashboard-orders')).not.toHaveText('0');
    await expectChartLegendsStyled(page);
    await expectAccessible(page, '/partner/dashboard');
  });

  test('the referral pages fit a 375 px phone and pass axe (promo codes with a new code)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInPartnerPortal(page, request);
    await page.goto('/partner/affiliate/promocodes');
    const code = `E2E${Date.now().toString().slice(-8)}`;
    await page.getByRole('textbox', { name: 'Промокод' }).fill(code);
    await page.getByRole('button', { name: 'Создать промокод' }).click();
    await expect(page.getByTestId('promocodes-table')).toContainText(code);
    await expectAccessible(page, '/partner/affiliate/promocodes');
    for (const path of [
      '/partner/affiliate/promocodes',
      '/partner/affiliate/links',
      '/partner/affiliate/click-logs',
      '/partner/affiliate/analytics',
      '/partner/dashboard',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });
});
