import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { latestCode, uniqueEmail } from '../support/api';
import { bearer, readStorage, signInCustomer, STORAGE } from '../support/fixtures';
import { payThroughApi, placeOrder } from '../support/orders';
import { enterCodeInForm, requestCodeInForm } from '../support/ui';

/**
 * The customer cabinet end to end: a new customer who ordered through the API signs in by code, follows,
 * pays, cancels and documents their orders, reads the notifications, fills in the organization and turns
 * push notifications on.
 */

function orderCard(page: Page, number: number) {
  return page.getByRole('link', { name: `Заказ №${number}` });
}

test.describe('customer cabinet', () => {
  test('sign in, follow, pay, cancel, invoice, notifications and organization', async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('cabinet');
    const first = await placeOrder(request, email);

    // Sign in by code as the new customer
    await page.goto('/cabinet-login');
    const after = await requestCodeInForm(page, email);
    await enterCodeInForm(page, await latestCode(request, email, after));
    await expect(page).toHaveURL('/cabinet/orders');

    // The order in the list: status label, unpaid, amount in rubles
    const card = orderCard(page, first.number);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-status')).toHaveText('Новый');
    await expect(card.getByTestId('order-paid')).toHaveText('Не оплачен');
    await expect(card.getByTestId('order-documents')).toHaveText('Паспорт × 2, Диплом');
    await expect(card.getByTestId('order-amount')).toHaveText(/^[\d\u00A0]+(,\d\d)?\u00A0₽$/);

    // Open it and pay on the test payment page
    await card.click();
    await expect(page).toHaveURL(`/cabinet/orders/${first.id}`);
    await expect(page.getByRole('heading', { name: `Заказ №${first.number}` })).toBeVisible();
    await expect(page.getByTestId('order-detail-documents')).toContainText('+ Нотариальное заверение');
    await expect(page.getByTestId('order-delivery-point')).toBeVisible();
    await page.getByRole('button', { name: /^Оплатить / }).click();
    await expect(page).toHaveURL(/\/payment\/test\//);
    await expect(page.getByTestId('test-payment-number')).toHaveText(String(first.number));
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/orders/${first.id}\\?payment=`));
    await expect(page.getByTestId('payment-outcome-paid')).toBeVisible();

    await page.goto(`/cabinet/orders/${first.id}`);
    await expect(page.getByTestId('order-paid')).toHaveText('Оплачен');
    await expect(page.getByTestId('order-status')).toHaveText('Оплачен');
    await expect(page.getByTestId('order-history')).toContainText('Оплачен');
    await expect(page.getByRole('button', { name: /^Оплатить/ })).toHaveCount(0);

    // Generate the invoice: it downloads at once, a PDF
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Сформировать счёт' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // (The text of the PDF — requisites, lines, the total in words — is checked by the API tests.)

    // It is listed on the invoices page and downloads again from there
    await page.goto('/cabinet/invoices');
    const documentCard = page.getByTestId('document-card').filter({ hasText: `заказу №${first.number}` });
    await expect(documentCard).toContainText('Счёт №');
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      documentCard.getByRole('button', { name: /Скачать счёт/ }).click(),
    ]);
    expect((await readFile(await again.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The payment notification: counted in the menu, unread in the list, opens its order and is read
    await page.goto('/cabinet/notifications');
    await expect(page.getByTestId('header-notifications-badge')).toHaveText('1');
    const note = page.getByTestId('notification-item').filter({ hasText: `Заказ №${first.number} оплачен` });
    await expect(note).toHaveAttribute('data-unread', 'true');
    await note.click();
    await expect(page).toHaveURL(`/cabinet/orders/${first.id}`);
    await expect(page.getByTestId('header-notifications-badge')).toHaveCount(0);

    // A second order placed meanwhile is cancelled in the UI after the confirmation
    const second = await placeOrder(request, email);
    await page.goto('/cabinet/orders');
    await orderCard(page, second.number).click();
    await page.getByRole('button', { name: 'Отменить заказ' }).click();
    const dialog = page.getByRole('dialog', { name: `Отменить заказ №${second.number}?` });
    await dialog.getByRole('textbox', { name: /Причина отмены/ }).fill('Нашёл перевод у себя');
    await dialog.getByRole('button', { name: 'Да, отменить' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status')).toHaveText('Отменён');
    await expect(page.getByTestId('order-history')).toContainText('Нашёл перевод у себя');
    await expect(page.getByRole('button', { name: 'Отменить заказ' })).toHaveCount(0);

    // A notification that arrives while the app is open shows as a toast, which hides by itself
    const third = await placeOrder(request, email);
    await payThroughApi(request, third, email);
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    const toast = page.getByTestId('toast-info').filter({ hasText: `Заказ №${third.number} оплачен` });
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 8_000 });

    // Organization: a wrong INN is refused next to the field, a right one is saved
    await page.goto('/cabinet/organization');
    const form = page.getByRole('form', { name: 'Реквизиты организации' });
    await form.getByRole('textbox', { name: 'ИНН' }).fill('7707083894');
    await form.getByRole('textbox', { name: 'КПП' }).fill('773601001');
    await form.getByRole('textbox', { name: 'Название' }).fill('ПАО Сбербанк');
    await form.getByRole('textbox', { name: 'Юридический адрес' }).fill('Москва, ул. Вавилова, д. 19');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(form.getByText('Некорректный ИНН')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'ИНН' })).toHaveAttribute('aria-invalid', 'true');

    await form.getByRole('textbox', { name: 'ИНН' }).fill('7707083893');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Реквизиты организации сохранены')).toBeVisible();
    await expect(form.getByText('Некорректный ИНН')).toHaveCount(0);
    const token = await readStorage(page, STORAGE.cabinetToken);
    const profile = (await (await request.get('/api/profile', { headers: bearer(token ?? '') })).json()) as {
      organization: unknown;
    };
    expect(profile.organization).toEqual({
      inn: '7707083893',
      kpp: '773601001',
      name: 'ПАО Сбербанк',
      address: 'Москва, ул. Вавилова, д. 19',
    });
  });

  test('another customer’s order is "Заказ не найден"', async ({ page, request }) => {
    const stranger = await placeOrder(request, uniqueEmail('stranger'));
    await signInCustomer(page, request);
    await page.goto(`/cabinet/orders/${stranger.id}`);
    await expect(page.getByTestId('order-not-found')).toContainText('Заказ не найден');
  });
});

test.describe('installed app offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the cached shell opens the cabinet without a network and says so', async ({
    page,
    context,
    request,
  }) => {
    await signInCustomer(page, request);
    await page.goto('/cabinet/orders');
    await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // The first visit installs the worker; the next load is served through it and caches the page chunks.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toContainText('Нет подключения к интернету');
    await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });
});

test.describe('push notifications in Chromium', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the switch subscribes through the service worker, or only logs when the browser cannot', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['notifications']);
    await signInCustomer(page, request);
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto('/cabinet/notifications');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

    const toggle = page.getByRole('switch', { name: 'Включить push-уведомления' });
    await toggle.click();
    // This machine has no route to Chromium's push service, so PushManager.subscribe may fail: spec 8 says a
    // browser that cannot subscribe is only logged; either way the server-side error message must not show.
    await expect
      .poll(async () => (await toggle.isChecked()) || logs.some((line) => line.startsWith('[push]')), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect(page.getByText('Ошибка отправки подписки на сервер')).toHaveCount(0);
    const isSubscribed = await toggle.isChecked();
    test.info().annotations.push({
      type: 'push',
      description: isSubscribed ? 'subscribed' : 'browser push service unreachable: logged only',
    });
    if (isSubscribed) {
      await expect(page.getByText('Push-уведомления включены')).toBeVisible();
    } else {
      expect(logs.some((line) => line.includes('[push] the browser could not subscribe'))).toBe(true);
    }
  });

  /** A browser subscription as PushManager answers it; the endpoint never receives anything in this test. */
  async function fakePushManager(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const subscription = {
        endpoint: 'https://push.example.test/send/e2e-subscription',
        expirationTime: null,
        toJSON: () => ({
          endpoint: 'https://push.example.test/send/e2e-subscription',
          expirationTime: null,
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        }),
        unsubscribe: () => Promise.resolve(true),
      };
      PushManager.prototype.subscribe = () => Promise.resolve(subscription as unknown as PushSubscription);
      PushManager.prototype.getSubscription = () => Promise.resolve(null);
    });
  }

  test('a subscription is posted to the server; a refusal shows "Ошибка отправки подписки на сервер"', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['notifications']);
    const { token } = await signInCustomer(page, request);
    await fakePushManager(page);

    const posted: unknown[] = [];
    await page.route('**/api/notifications/subscribe', async (route) => {
      posted.push(route.request().postDataJSON());
      if (posted.length === 1)
        await route.fulfill({
          status: 500,
          json: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'boom' },
        });
      else await route.continue();
    });
    await page.goto('/cabinet/profile');
    const toggle = page.getByRole('switch', { name: 'Включить push-уведомления' });

    await toggle.click();
    await expect(page.getByText('Ошибка отправки подписки на сервер')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    await toggle.click();
    await expect(page.getByText('Push-уведомления включены')).toBeVisible();
    await expect(toggle).toBeChecked();
    expect(posted[1]).toMatchObject({ endpoint: 'https://push.example.test/send/e2e-subscription' });
    // The real server took it (the second call went through).
    expect(token).toBeTruthy();
  });
});
