import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, staffToken, uniqueEmail } from '../support/api';
import { chooseInOrderForm } from '../support/ui';

/**
 * The public order journey on a phone and on a desktop: documents, languages, upload, promo codes, an
 * organization payer, a pickup point, one order for a double click, the success page, the test payment and
 * the two e-mails in the outbox.
 */

type OutboxItem = { to: string; subject: string };

async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxItem[]> {
  const token = await staffToken(request, DEMO.admin.email, DEMO.admin.password);
  const response = await request.get(`/api/admin/mail-outbox?to=${encodeURIComponent(to)}&limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: OutboxItem[] }).items;
}

/** A small but real-looking PDF (the server checks the magic bytes), large enough to show progress. */
function pdfBuffer(): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(512 * 1024, 32), Buffer.from('\n%%EOF\n')]);
}

const VIEWPORTS = [
  { name: 'phone 375×812', viewport: { width: 375, height: 812 }, isPhone: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, isPhone: false },
] as const;

for (const { name, viewport, isPhone } of VIEWPORTS) {
  test.describe(`order journey on ${name}`, () => {
    test.use({ viewport });

    test('orders two documents, survives a reload, creates one order on a double click and pays', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail('order');

      // Step 1: documents, quantities, an assurance, languages, a file, promo codes
      await page.goto('/order?reset=true');
      await expect(page).toHaveURL(/\/order\/step-1$/);
      await chooseInOrderForm(page, 'Документ', 'Паспорт');
      await chooseInOrderForm(page, 'Добавить ещё документ', 'Диплом');
      const passport = page.getByRole('region', { name: 'Паспорт', exact: true });
      const diploma = page.getByRole('region', { name: 'Диплом', exact: true });
      await passport.getByRole('button', { name: 'Увеличить количество: Паспорт' }).click();
      await expect(passport.getByRole('textbox', { name: 'Количество: Паспорт' })).toHaveValue('2');
      await diploma.getByRole('textbox', { name: 'Количество: Диплом' }).fill('3');
      await passport.getByRole('checkbox', { name: /Нотариальное заверение/ }).check();
      await expect(
        page.getByRole('combobox', { name: 'Язык оригинала', exact: true }).locator('option:checked'),
      ).toHaveText('Русский');
      await chooseInOrderForm(page, 'Язык перевода', 'Английский');

      // Hold the upload answer a moment so the bar is seen while the file is in flight.
      await page.route('**/api/upload/public', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await page.getByTestId('file-input').setInputFiles({
        name: 'passport-scan.pdf',
        mimeType: 'application/pdf',
        buffer: pdfBuffer(),
      });
      const inFlight = page.getByTestId('pending-file');
      await expect(inFlight).toBeVisible();
      await expect(inFlight).toContainText(/\d+%/);
      await expect(inFlight.getByRole('progressbar', { name: 'Загрузка passport-scan.pdf' })).toBeAttached();
      await expect(page.getByTestId('uploaded-file')).toContainText('passport-scan.pdf');
      await page.getByTestId('file-input').setInputFiles({
        name: 'virus.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('MZ'),
      });
      await expect(page.getByTestId('pending-file')).toContainText('Можно загрузить только PDF');
      await page.getByRole('button', { name: 'Убрать virus.exe' }).click();

      const promo = page.getByRole('textbox', { name: 'Промокод' });
      await promo.fill('NOPE');
      await expect(page.getByTestId('promo-status')).toHaveText('Промокод не найден или больше не действует');
      await promo.fill('WELCOME10');
      await expect(page.getByTestId('promo-status')).toHaveText('Промокод применён: скидка 10%');

      // 1500 × 2 + 1200 × 2 (notarisation) + 2500 × 3 = 12 900, minus 10 % = 11 610
      const total = isPhone ? page.getByTestId('bottom-bar-total') : page.getByTestId('summary-total');
      await expect(total).toHaveText('11\u00A0610\u00A0₽');
      if (isPhone) await expect(page.getByTestId('add-document-strip')).toBeVisible();
      await page.getByRole('button', { name: 'Далее' }).click();

      // Step 2: contact; the draft survives a reload; organization with a wrong, then a right INN
      await expect(page).toHaveURL(/\/order\/step-2$/);
      await page.getByRole('textbox', { name: 'Имя' }).fill('Анна Смирнова');
      await page.getByRole('textbox', { name: 'Телефон' }).fill('9161234567');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Имя' })).toHaveValue('Анна Смирнова');
      await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue('+7 (916) 123-45-67');
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
      await expect(total).toHaveText('11\u00A0610\u00A0₽');

      await page.getByText('Организация', { exact: true }).click();
      const inn = page.getByRole('textbox', { name: 'ИНН' });
      await inn.fill('7707083894');
      await page.getByRole('textbox', { name: 'КПП' }).fill('773601001');
      await page.getByRole('textbox', { name: 'Название организации' }).fill('ООО «Ромашка»');
      await page.getByRole('textbox', { name: 'Юридический адрес' }).fill('Москва, ул. Вавилова, д. 19');
      await page.getByRole('button', { name: 'Далее' }).click();
      await expect(inn).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Некорректный ИНН')).toBeVisible();
      await expect(page).toHaveURL(/\/order\/step-2$/);
      await inn.fill('7707083893');
      await expect(page.getByText('Некорректный ИНН')).toBeHidden();
      await page.getByRole('button', { name: 'Далее' }).click();

      // Step 3: a pickup point from the searchable list
      await expect(page).toHaveURL(/\/order\/step-3$/);
      await page.getByRole('radio', { name: /^Пункт выдачи/ }).click();
      await page.getByRole('searchbox', { name: 'Найти пункт выдачи' }).fill('Таган');
      // The list filters as one types: choose once it has (a click while it re-renders can land elsewhere).
      await expect(page.getByRole('radio', { name: /ПВЗ «Белорусская»/ })).toBeHidden();
      const taganskaya = page.getByRole('radio', { name: /ПВЗ «Таганская»/ });
      await taganskaya.click();
      await expect(taganskaya).toBeChecked();

      // A double click sends one order (the button locks, and the Idempotency-Key would catch a retry)
      const orderRequests: string[] = [];
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/order') {
          orderRequests.push(sent.headers()['idempotency-key'] ?? '');
        }
      });
      await page.getByRole('button', { name: 'Оформить заказ' }).dblclick();

      await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/success$/);
      const success = page.getByTestId('order-success');
      await expect(success.getByRole('heading', { level: 1 })).toHaveText(/Заказ №\d+ оформлен/);
      const number = /№(\d+)/.exec(
        (await success.getByRole('heading', { level: 1 }).textContent()) ?? '',
      )?.[1];
      await expect(success).toContainText(email);
      await expect(page.getByTestId('success-total')).toHaveText('11\u00A0610\u00A0₽');
      expect(new Set(orderRequests).size).toBe(1);
      expect(await page.evaluate(() => window.localStorage.getItem('order_draft'))).toBeNull();

      // Pay on the built-in test payment page
      await page.getByRole('button', { name: 'Оплатить 11\u00A0610\u00A0₽' }).click();
      await expect(page).toHaveURL(/\/payment\/test\//);
      await expect(page.getByTestId('test-payment-number')).toHaveText(number ?? '');
      await expect(page.getByTestId('test-payment-amount')).toHaveText('11\u00A0610\u00A0₽');
      await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
      await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/success\?payment=[0-9a-f-]{36}$/);
      await expect(page.getByTestId('payment-outcome-paid')).toBeVisible();

      // The outbox: exactly one confirmation (one order) and the payment e-mail (the order is paid)
      await expect
        .poll(async () => (await mailsTo(request, email)).map((mail) => mail.subject).sort(), {
          timeout: 15_000,
        })
        .toEqual([`Заказ №${number} принят`, `Оплата заказа №${number} получена`].sort());
    });
  });
}
