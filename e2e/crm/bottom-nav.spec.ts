import { expect, test, type Page } from '@playwright/test';
import { signInStaff, type CrmRole } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 812 } });

/** Spec 2 "Mobile bottom navigation", CRM area, with the short labels of the bar. */
const BAR_BY_ROLE: Record<CrmRole, { home: string; items: string[] }> = {
  ADMIN: {
    home: '/crm/home',
    items: ['Заявки', 'Статистика', 'Маркетинг', 'Пользователи', 'Партнёры', 'Тарифы', 'Праздники'],
  },
  MANAGER: { home: '/crm/home', items: ['Заявки', 'Маркетинг'] },
  PARTNER: { home: '/crm/orders', items: ['Заказы'] },
};

function bottomNav(page: Page) {
  return page.getByRole('navigation', { name: 'Навигация CRM' });
}

test.describe('CRM bottom navigation on a phone', () => {
  for (const role of ['ADMIN', 'MANAGER', 'PARTNER'] as const) {
    test(`${role} sees exactly its items`, async ({ page, request }) => {
      const { home, items } = BAR_BY_ROLE[role];
      await signInStaff(page, request, role);
      await page.goto(home);
      const nav = bottomNav(page);
      await expect(nav).toBeVisible();
      for (const name of items) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(nav.getByRole('link')).toHaveCount(items.length);
    });
  }

  test('ADMIN: items navigate; the bar is hidden on a wide screen', async ({ page, request }) => {
    await signInStaff(page, request, 'ADMIN');
    await page.goto('/crm/home');
    await bottomNav(page).getByRole('link', { name: 'Праздники', exact: true }).click();
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
