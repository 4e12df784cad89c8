import { expect, test, type Page } from '@playwright/test';
import { DEMO, staffToken, uniqueEmail } from '../support/api';
import { bearer } from '../support/fixtures';
import { chooseInOrderForm } from '../support/ui';

/** Step 3 of the order form with the two deliveries the main journey does not take: an office and a courier. */

type OrderDetail = {
  delivery: {
    type: string;
    name: string;
    office: { name: string } | null;
    address: string | null;
    apartment: string | null;
    floor: string | null;
    intercom: string | null;
    addressComment: string | null;
  };
};

/** Steps 1 and 2 with the fewest fields: one passport into English, then the contact. */
async function fillStepsOneAndTwo(page: Page, email: string): Promise<void> {
  await page.goto('/order?reset=true');
  await chooseInOrderForm(page, 'Документ', 'Паспорт');
  await chooseInOrderForm(page, 'Язык перевода', 'Английский');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/\/order\/step-2$/);
  await page.getByRole('textbox', { name: 'Имя' }).fill('Денис Доставкин');
  await page.getByRole('textbox', { name: 'Телефон' }).fill('9167654321');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/\/order\/step-3$/);
}

async function submitAndReadOrder(
  page: Page,
  request: Parameters<typeof staffToken>[0],
): Promise<OrderDetail> {
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/success$/);
  await expect(page.getByTestId('order-success').getByRole('heading', { level: 1 })).toHaveText(
    /Заказ №\d+ оформлен/,
  );
  const orderId = /\/order\/([0-9a-f-]{36})\/success/.exec(page.url())![1]!;
  const token = await staffToken(request, DEMO.manager.email, DEMO.manager.password);
  const response = await request.get(`/api/order/${orderId}`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as OrderDetail;
}

test('step 3: pickup from an office creates an order bound to that office', async ({ page, request }) => {
  await fillStepsOneAndTwo(page, uniqueEmail('office'));
  await page.getByRole('radio', { name: /^Самовывоз из офиса/ }).click();
  // Without a chosen office the order is not sent.
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/step-3$/);
  await page.getByRole('radio', { name: /^Офис у Курского вокзала/ }).click();

  const order = await submitAndReadOrder(page, request);
  expect(order.delivery).toMatchObject({ type: 'OFFICE', office: { name: 'Офис у Курского вокзала' } });
});

test('step 3: a courier to an address creates an order with the address parts', async ({ page, request }) => {
  await fillStepsOneAndTwo(page, uniqueEmail('courier'));
  await page.getByRole('radio', { name: /^Курьер по Москве/ }).click();
  // The address is required for a courier.
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/step-3$/);
  await expect(page.getByRole('textbox', { name: 'Адрес' })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'Адрес' }).fill('Москва, ул. Большая Ордынка, д. 40');
  await page.getByRole('textbox', { name: 'Квартира / офис' }).fill('12');
  await page.getByRole('textbox', { name: 'Этаж' }).fill('3');
  await page.getByRole('textbox', { name: 'Домофон' }).fill('12К');
  await page.getByRole('textbox', { name: 'Комментарий для курьера' }).fill('Позвонить за час');

  const order = await submitAndReadOrder(page, request);
  expect(order.delivery).toMatchObject({
    type: 'COURIER',
    address: 'Москва, ул. Большая Ордынка, д. 40',
    apartment: '12',
    floor: '3',
    intercom: '12К',
    addressComment: 'Позвонить за час',
  });
});
