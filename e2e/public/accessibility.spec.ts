import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/api';
import { expectAccessible } from '../support/axe';
import { bearer, signInCustomer } from '../support/fixtures';
import { chooseInOrderForm } from '../support/ui';

/**
 * WCAG AA on every page a customer sees (issue 16): axe finds nothing serious or critical on the public pages —
 * the order steps with and without errors, the success and payment pages, 404, the sign-in pages — and on every
 * cabinet page of the demo customer, on a desktop and on a phone; the API docs once (below).
 */

/** The page has drawn its heading and finished loading (axe must not see a half-faded transition). */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
  await expectAccessible(page, path);
}

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone 375×812', viewport: { width: 375, height: 812 } },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`accessibility on ${name}`, () => {
    test.use({ viewport });

    test('every public page: the sign-in pages, no access and 404', async ({ page }) => {
      test.setTimeout(120_000);
      // (`/` itself sends a visitor to the marketing site.)
      for (const path of ['/login', '/cabinet-login', '/partner/login', '/no-access', '/no-such-page']) {
        await visit(page, path);
      }
    });

    test('the order steps with their errors, the success page and the payment page', async ({ page }) => {
      test.setTimeout(180_000); // axe over 10 page states on a shared machine
      await visit(page, '/order?reset=true');
      // A «Далее» with nothing chosen: the errors are shown and must be readable.
      await page.getByRole('button', { name: 'Далее' }).click();
      await expect(page.getByRole('combobox', { name: 'Документ', exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectAccessible(page, 'step 1 with errors');
      await chooseInOrderForm(page, 'Документ', 'Паспорт');
      await chooseInOrderForm(page, 'Язык перевода', 'Английский');
      await expectAccessible(page, 'step 1 filled');
      await page.getByRole('button', { name: 'Далее' }).click();

      await expect(page).toHaveURL(/\/order\/step-2$/);
      await settle(page);
      await expectAccessible(page, 'step 2');
      await page.getByRole('button', { name: 'Далее' }).click();
      await expect(page.getByRole('textbox', { name: 'Имя' })).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'step 2 with errors');
      await page.getByText('Организация', { exact: true }).click();
      await expectAccessible(page, 'step 2, organization');
      await page.getByText('Физическое лицо', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Имя' }).fill('Анна Смирнова');
      await page.getByRole('textbox', { name: 'Телефон' }).fill('9161234567');
      await page.getByRole('textbox', { name: 'Email' }).fill(`a11y-${Date.now()}@example.ru`);
      await page.getByRole('button', { name: 'Далее' }).click();

      await expect(page).toHaveURL(/\/order\/step-3$/);
      await settle(page);
      await expectAccessible(page, 'step 3');
      await page.getByRole('radio', { name: /^Пункт выдачи/ }).click();
      await expectAccessible(page, 'step 3, pickup points');
      await page.getByRole('radio', { name: /ПВЗ «Таганская»/ }).click();
      await page.getByRole('button', { name: 'Оформить заказ' }).click();

      await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/success$/);
      await settle(page);
      await expectAccessible(page, 'order success');
      await page.getByRole('button', { name: /^Оплатить / }).click();
      await expect(page).toHaveURL(/\/payment\/test\//);
      await settle(page);
      await expectAccessible(page, 'test payment');
    });

    test('every cabinet page of the demo customer', async ({ page, request }) => {
      test.setTimeout(120_000);
      const { token } = await signInCustomer(page, request, DEMO.customer.email);
      const mine = (await (await request.get('/api/order/my', { headers: bearer(token) })).json()) as {
        items: Array<{ id: string }>;
      };
      expect(mine.items.length, 'demo orders').toBeGreaterThan(0);
      // An order card's link is read with its amount, status and payment, not just its number.
      await visit(page, '/cabinet/orders');
      const card = page.getByTestId('order-card').first();
      for (const id of ['order-amount', 'order-status', 'order-paid']) {
        const text = ((await card.getByTestId(id).textContent()) ?? '')
          .trim()
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\s+/g, '\\s+');
        await expect(card, `the card link reads its ${id}`).toHaveAccessibleName(new RegExp(text, 'i'));
      }

      for (const path of [
        `/cabinet/orders/${mine.items[0]?.id}`,
        '/cabinet/notifications',
        '/cabinet/profile',
        '/cabinet/organization',
        '/cabinet/invoices',
        '/cabinet/no-such-page',
      ]) {
        await visit(page, path);
      }
    });
  });
}

// The API docs are one page of the same markup and colours at every width, and axe over its ~200 operations takes
// 20 s and more on this machine: checked once, at the phone width (where overflow and scrolling regions differ).
test.describe('accessibility of the API docs', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('/api-docs on a phone', async ({ page }) => {
    test.setTimeout(120_000);
    await visit(page, '/api-docs');
  });
});
