import { expect, test } from '@playwright/test';
import { readStorage, seedStorage, signInCustomer, signInStaff, STORAGE, bearer } from '../support/fixtures';

test.describe('redirect pages', () => {
  test('/cabinet-redirect opens the orders of a signed-in customer', async ({ page, request }) => {
    await signInCustomer(page, request);
    await page.goto('/cabinet-redirect');
    await expect(page).toHaveURL('/cabinet/orders');
    await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
  });

  test('/admin-redirect sends an anonymous visitor to /login', async ({ page }) => {
    await page.goto('/admin-redirect');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Вход для сотрудников' })).toBeVisible();
  });

  test('/admin-redirect takes ADMIN to /crm/home', async ({ page, request }) => {
    await signInStaff(page, request, 'ADMIN');
    await page.goto('/admin-redirect');
    await expect(page).toHaveURL('/crm/home');
    await expect(page.getByRole('heading', { name: 'Заявки' })).toBeVisible();
  });

  test('/admin-redirect files a CRM access request for a plain user and shows it pending', async ({
    page,
    request,
  }) => {
    const { token } = await signInCustomer(page, request);
    await page.goto('/admin-redirect');

    await expect(page).toHaveURL('/crm-access-request');
    await expect(page.getByRole('heading', { name: 'Доступ к CRM' })).toBeVisible();
    const panel = page.getByTestId('crm-access-request');
    await expect(panel.getByText('На рассмотрении')).toBeVisible();
    await expect(panel.getByText(/Заявка отправлена/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Запросить доступ к CRM' })).toHaveCount(0);
    expect(await readStorage(page, STORAGE.crmToken)).toBeNull();

    const mine = await request.get('/api/crm-access-request/my', { headers: bearer(token) });
    expect(mine.status()).toBe(200);
    expect(((await mine.json()) as { status: string }).status).toBe('PENDING');

    // Opening it again files no second request: the page still shows the same pending one.
    await page.goto('/admin-redirect');
    await expect(page).toHaveURL('/crm-access-request');
    await expect(page.getByTestId('crm-access-request').getByText('На рассмотрении')).toBeVisible();
  });

  test('/cabinet-login with a cabinet token goes to /cabinet/orders', async ({ page, request }) => {
    await signInCustomer(page, request);
    await page.goto('/cabinet-login');
    await expect(page).toHaveURL('/cabinet/orders');
  });

  test('/login with a CRM token goes to /crm/home', async ({ page, request }) => {
    await signInStaff(page, request, 'MANAGER');
    await page.goto('/login');
    await expect(page).toHaveURL('/crm/home');
  });

  test('/login with a PARTNER CRM token goes to its orders page', async ({ page, request }) => {
    await signInStaff(page, request, 'PARTNER');
    await page.goto('/login');
    await expect(page).toHaveURL('/crm/orders');
  });
});

test.describe('order entry', () => {
  test('/order redirects to step 1', async ({ page }) => {
    await page.goto('/order');
    await expect(page).toHaveURL('/order/step-1');
    // The route title, not the form's markup: the order form has its own tests.
    await expect(page).toHaveTitle(/^Шаг 1\./);
  });

  test('/order?reset=true starts a fresh order: the stored draft is gone', async ({ page }) => {
    const marker = `e2e-draft-${Date.now()}`;
    await seedStorage(page, { [STORAGE.orderDraft]: JSON.stringify({ marker }) });
    await page.goto('/order?reset=true');
    await expect(page).toHaveURL('/order/step-1');
    await expect(page).toHaveTitle(/^Шаг 1\./);
    // Gone, or replaced by the fresh draft the order form writes for itself.
    expect((await readStorage(page, STORAGE.orderDraft)) ?? '').not.toContain(marker);
  });
});

/**
 * The order pages are an app of their own (decision 018): crossing to or from the rest of the site loads the
 * other app as a document, and the browser's back button crosses back.
 */
test.describe('between the order pages and the rest of the site', () => {
  test('the cabinet opens a fresh order form, and back returns to the cabinet', async ({ page, request }) => {
    await signInCustomer(page, request);
    await page.goto('/cabinet/orders');
    await expect(page.getByTestId('orders-empty')).toBeVisible();
    // A draft left from earlier must not come back into a new order.
    await page.evaluate(
      ([key]) => window.localStorage.setItem(key!, JSON.stringify({ marker: 'old-draft' })),
      [STORAGE.orderDraft],
    );
    await page.getByTestId('orders-empty').getByRole('link', { name: 'Оформить заказ' }).click();
    await expect(page).toHaveURL('/order/step-1');
    await expect(page.getByRole('combobox', { name: 'Документ', exact: true })).toBeVisible();
    expect((await readStorage(page, STORAGE.orderDraft)) ?? '').not.toContain('old-draft');

    await page.goBack();
    await expect(page).toHaveURL('/cabinet/orders');
    await expect(page.getByTestId('orders-empty')).toBeVisible();
  });

  test('an unknown order page says so and leads to the sign-in page', async ({ page }) => {
    await page.goto('/order/no-such-step');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page).toHaveTitle(/Страница не найдена/);
    await page.getByRole('link', { name: 'Войти' }).click();
    await expect(page).toHaveURL('/cabinet-login');
    await expect(page).toHaveTitle(/^Вход в личный кабинет/);
  });
});
