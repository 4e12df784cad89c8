import { expect, test, type Page } from '@playwright/test';
import { signInCustomer, signInStaff } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const CUSTOMER_ITEMS = ['Заказы', 'Новый', 'Уведомления', 'Профиль'];

function bottomNav(page: Page) {
  return page.getByRole('navigation', { name: 'Навигация кабинета' });
}

async function expectExactItems(page: Page, names: string[]): Promise<void> {
  const nav = bottomNav(page);
  await expect(nav).toBeVisible();
  for (const name of names) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveCount(names.length);
}

test.describe('cabinet bottom navigation on a phone', () => {
  test('a customer sees Orders, New, Notifications, Profile; it hides from 640 px on', async ({
    page,
    request,
  }) => {
    await signInCustomer(page, request);
    await page.goto('/cabinet/orders');
    await expectExactItems(page, CUSTOMER_ITEMS);

    await bottomNav(page).getByRole('link', { name: 'Уведомления', exact: true }).click();
    await expect(page).toHaveURL('/cabinet/notifications');
    await expect(bottomNav(page).getByRole('link', { name: 'Уведомления' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.setViewportSize({ width: 639, height: 812 });
    await expect(bottomNav(page)).toBeVisible();
    await page.setViewportSize({ width: 640, height: 812 });
    await expect(bottomNav(page)).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bottomNav(page)).toBeHidden();
  });

  test('"New" opens a fresh order at step 1, where the bar is not shown', async ({ page, request }) => {
    await signInCustomer(page, request);
    await page.goto('/cabinet/orders');
    await bottomNav(page).getByRole('link', { name: 'Новый', exact: true }).click();

    await expect(page).toHaveURL('/order/step-1');
    // The route title, not the form's markup: the order form has its own tests.
    await expect(page).toHaveTitle(/^Шаг 1\./);
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
  });

  test('a staff user in the cabinet also gets the CRM entry', async ({ page, request }) => {
    await signInStaff(page, request, 'ADMIN');
    await page.goto('/cabinet/orders');
    await expectExactItems(page, [...CUSTOMER_ITEMS, 'CRM']);

    await bottomNav(page).getByRole('link', { name: 'CRM', exact: true }).click();
    await expect(page).toHaveURL('/crm/home');
  });

  test('order pages show no bottom navigation', async ({ page, request }) => {
    await signInCustomer(page, request);
    // Signed in, so a cabinet page shows the bar; the order pages of the same session do not.
    await page.goto('/cabinet/orders');
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    for (const path of ['/order/step-1', '/order/success']) {
      await page.goto(path);
      await expect(page).toHaveTitle(/^(Шаг 1\.|Заказ оформлен)/);
      await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    }
  });
});
