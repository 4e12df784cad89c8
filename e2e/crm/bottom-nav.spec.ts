import { expect, test, type Page } from '@playwright/test';
import { signInStaff, type CrmRole } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 812 } });

/**
 * Spec 2 "Mobile bottom navigation", CRM area, with the short labels of the bar. Five slots at most: ADMIN's
 * seven items are four on the bar and three under «Ещё» (issue 17: labels were cut at 375 px).
 */
const BAR_BY_ROLE: Record<CrmRole, { home: string; items: string[]; more: string[] }> = {
  ADMIN: {
    home: '/crm/home',
    items: ['Заявки', 'Статистика', 'Маркетинг', 'Люди'],
    more: ['Партнёры', 'Тарифы', 'Праздники'],
  },
  MANAGER: { home: '/crm/home', items: ['Заявки', 'Маркетинг'], more: [] },
  PARTNER: { home: '/crm/orders', items: ['Заказы'], more: [] },
};

function bottomNav(page: Page) {
  return page.getByRole('navigation', { name: 'Навигация CRM' });
}

test.describe('CRM bottom navigation on a phone', () => {
  for (const role of ['ADMIN', 'MANAGER', 'PARTNER'] as const) {
    test(`${role} sees exactly its items`, async ({ page, request }) => {
      const { home, items, more } = BAR_BY_ROLE[role];
      await signInStaff(page, request, role);
      await page.goto(home);
      const nav = bottomNav(page);
      await expect(nav).toBeVisible();
      for (const name of items) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(nav.getByRole('link')).toHaveCount(items.length);
      // Every label on the bar is whole (no ellipsis) at 375 px.
      const cut = await nav
        .locator('a span:last-child, button span:last-child')
        .evaluateAll((labels) =>
          labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
        );
      expect(cut).toEqual([]);
      if (more.length === 0) {
        await expect(nav.getByRole('button', { name: 'Ещё' })).toHaveCount(0);
        return;
      }
      await nav.getByRole('button', { name: 'Ещё' }).click();
      const menu = page.getByRole('menu');
      for (const name of more) await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
    });
  }

  test('ADMIN: items navigate; the bar is hidden on a wide screen', async ({ page, request }) => {
    await signInStaff(page, request, 'ADMIN');
    await page.goto('/crm/home');
    await bottomNav(page).getByRole('button', { name: 'Ещё' }).click();
    await page.getByRole('menuitem', { name: 'Праздники', exact: true }).click();
    await expect(page).toHaveURL('/crm/holidays');
    await expect(page.getByRole('heading', { name: 'Праздничные дни' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bottomNav(page)).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Меню CRM' })).toBeVisible();
  });

  test('the side menu opens from the burger on a phone', async ({ page, request }) => {
    await signInStaff(page, request, 'MANAGER');
    await page.goto('/crm/home');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('navigation', { name: 'Меню CRM' });
    await menu.getByRole('link', { name: 'Push-уведомления', exact: true }).click();
    await expect(page).toHaveURL('/crm/push-notifications');
  });
});

test('at 375 px the order list keeps status and amount, the user list the role, in view', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInStaff(page, request, 'ADMIN');
  const inView = async (locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    return !!box && box.x >= 0 && box.x + box.width <= 375;
  };
  await page.goto('/crm/orders');
  const row = page.getByTestId('order-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  expect(await inView(row.getByTestId('order-status'))).toBe(true);
  expect(await inView(row.getByRole('cell').nth(3))).toBe(true);
  await expect(row.getByRole('cell').nth(3)).toContainText('₽');

  await page.goto('/crm/users');
  const role = page
    .getByTestId('users-table')
    .getByRole('combobox', { name: /^Роль: / })
    .first();
  await expect(role).toBeVisible({ timeout: 30_000 });
  expect(await inView(role)).toBe(true);
});
