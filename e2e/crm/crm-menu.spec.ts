import { expect, test, type Page } from '@playwright/test';
import { bearer, signInStaff, STAFF_ACCOUNTS, type CrmRole } from '../support/fixtures';

/** Spec 2 "CRM side menu": accessible names of the icon links per role, then the personal cabinet link. */
const STAFF_ITEMS = ['Заявки', 'Маркетинг', 'Мониторинг', 'Push-уведомления'];
const ADMIN_ONLY_ITEMS = [
  'Статистика',
  'Фрод-мониторинг',
  'Пользователи',
  'Партнёры',
  'Партнёрская программа',
  'Аналитика партнёров',
  'Выплаты партнёрам',
  'Корректировки',
  'Тарифы',
  'Офисы',
  'Праздничные дни',
  'Настройки формы',
];
const CABINET_ITEM = 'Личный кабинет';

const MENU_BY_ROLE: Record<CrmRole, { home: string; items: string[] }> = {
  ADMIN: { home: '/crm/home', items: [...STAFF_ITEMS, ...ADMIN_ONLY_ITEMS, CABINET_ITEM] },
  MANAGER: { home: '/crm/home', items: [...STAFF_ITEMS, CABINET_ITEM] },
  PARTNER: { home: '/crm/orders', items: ['Заказы', CABINET_ITEM] },
};

function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Меню CRM' });
}

async function expectExactMenu(page: Page, names: string[]): Promise<void> {
  const menu = sideMenu(page);
  for (const name of names) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(menu.getByRole('link')).toHaveCount(names.length);
}

test.describe('CRM side menu per role', () => {
  for (const role of ['ADMIN', 'MANAGER', 'PARTNER'] as const) {
    test(`${role} sees exactly its items`, async ({ page, request }) => {
      const { home, items } = MENU_BY_ROLE[role];
      await signInStaff(page, request, role);
      await page.goto(home);
      await expectExactMenu(page, items);
    });
  }

  test('ADMIN: menu items navigate to their pages', async ({ page, request }) => {
    await signInStaff(page, request, 'ADMIN');
    await page.goto('/crm/home');
    const menu = sideMenu(page);

    await menu.getByRole('link', { name: 'Пользователи', exact: true }).click();
    await expect(page).toHaveURL('/crm/users');
    await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();

    await menu.getByRole('link', { name: 'Корректировки', exact: true }).click();
    await expect(page).toHaveURL('/crm/commission-adjustments');
    await expect(page.getByRole('heading', { name: 'Корректировки комиссий' })).toBeVisible();

    await menu.getByRole('link', { name: 'Праздничные дни', exact: true }).click();
    await expect(page).toHaveURL('/crm/holidays');
  });

  test('MANAGER: Monitoring navigates; the cabinet link opens the cabinet', async ({ page, request }) => {
    await signInStaff(page, request, 'MANAGER');
    await page.goto('/crm/home');

    await sideMenu(page).getByRole('link', { name: 'Мониторинг', exact: true }).click();
    await expect(page).toHaveURL('/crm/monitoring');
    await expect(page.getByRole('heading', { name: 'Мониторинг' })).toBeVisible();

    await sideMenu(page).getByRole('link', { name: CABINET_ITEM, exact: true }).click();
    await expect(page).toHaveURL('/cabinet/orders');
    await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
  });

  test('PARTNER: Orders navigates back to /crm/orders', async ({ page, request }) => {
    await signInStaff(page, request, 'PARTNER');
    await page.goto('/crm/orders');
    await sideMenu(page).getByRole('link', { name: CABINET_ITEM, exact: true }).click();
    await expect(page).toHaveURL('/cabinet/orders');
    await page.goto('/crm/orders/123');
    await sideMenu(page).getByRole('link', { name: 'Заказы', exact: true }).click();
    await expect(page).toHaveURL('/crm/orders');
  });
});

test.describe('CRM header', () => {
  test('shows the e-mail; logout goes to /login and the old token is refused', async ({ page, request }) => {
    const token = await signInStaff(page, request, 'ADMIN');
    await page.goto('/crm/home');
    await expect(page.getByRole('banner').getByText(STAFF_ACCOUNTS.ADMIN.email)).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL('/login');
    const profile = await request.get('/api/profile', { headers: bearer(token) });
    expect(profile.status()).toBe(401);

    // Signed out for real: the CRM asks for a sign-in again.
    await page.goto('/crm/home');
    await expect(page).toHaveURL('/login?redirect=%2Fcrm%2Fhome');
  });
});
