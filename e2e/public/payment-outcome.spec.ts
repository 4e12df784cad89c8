import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from '../support/api';
import { signInCustomer } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { placeOrder, type CreatedOrder } from '../support/orders';

/**
 * Back from the payment page the payer sees what the server knows of the payment (decision 035): paid with its
 * reference, not paid with a way to try again, or pending until it settles. On a phone.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

async function paymentLink(request: APIRequestContext, order: CreatedOrder, email: string) {
  const link = await request.post(`/api/order/${order.id}/create-payment-link`, { data: { email } });
  expect(link.status()).toBe(200);
  return (await link.json()) as { paymentId: string; confirmationUrl: string };
}

test.describe('payment outcome', () => {
  test('declined: not paid with «try again»; paid on the second go, with the payment reference', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('declined');
    const order = await placeOrder(request, email);
    const first = await paymentLink(request, order, email);

    await page.goto(new URL(first.confirmationUrl).pathname);
    await page.getByRole('button', { name: 'Отказаться' }).click();
    await expect(page).toHaveURL(`/order/${order.id}/success?payment=${first.paymentId}`);
    const notPaid = page.getByTestId('payment-outcome-not-paid');
    await expect(notPaid).toContainText('Оплата не прошла');
    await expect(notPaid).toContainText('Деньги не списаны');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ №${order.number} не оплачен`);
    await expect(page.getByText('Спасибо!')).toHaveCount(0);
    await expect(page.getByText(/оформлен/)).toHaveCount(0);
    await expect(notPaid.getByRole('link', { name: 'Счёт для организации' })).toHaveAttribute(
      'href',
      `/cabinet/orders/${order.id}`,
    );
    await expectNoSidewaysScroll(page);

    await notPaid.getByRole('button', { name: 'Попробовать ещё раз' }).click();
    await expect(page).toHaveURL(/\/payment\/test\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(first.paymentId);
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${order.id}/success\\?payment=[0-9a-f-]{36}$`));
    const paid = page.getByTestId('payment-outcome-paid');
    await expect(paid).toContainText('Оплата прошла');
    await expect(page.getByTestId('payment-outcome-reference')).toContainText(/Номер платежа: [0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ №${order.number} оплачен`);
    await expect(page.getByRole('button', { name: /^Оплатить/ })).toHaveCount(0);
  });

  test('pending: the page asks again by itself and shows the payment once it settles', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('pending');
    const order = await placeOrder(request, email);
    const link = await paymentLink(request, order, email);

    // A made-up outcome in the address changes nothing: the server's view is what shows.
    await page.goto(`/order/${order.id}/success?payment=${link.paymentId}&status=succeeded`);
    await expect(page.getByTestId('payment-outcome-pending')).toContainText('Проверяем оплату');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Заказ №${order.number}: проверяем оплату`,
    );

    expect((await request.post(`/api/payments/test/${link.paymentId}/confirm`)).status()).toBe(200);
    await expect(page.getByTestId('payment-outcome-paid')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ №${order.number} оплачен`);
  });

  test('an unknown order is «Заказ не найден», with a way on', async ({ page }) => {
    await page.goto(`/order/${randomUUID()}/success?payment=return`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Заказ не найден');
    await expect(page.getByText(/оформлен/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Оформить заказ' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Мои заказы' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('paying from the cabinet comes back to the order in the cabinet', async ({ page, request }) => {
    const email = uniqueEmail('cabinet-pay');
    const order = await placeOrder(request, email);
    await signInCustomer(page, request, email);

    await page.goto(`/cabinet/orders/${order.id}`);
    await page.getByRole('button', { name: /^Оплатить / }).click();
    await expect(page).toHaveURL(/\/payment\/test\//);
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/orders/${order.id}\\?payment=[0-9a-f-]{36}$`));
    await expect(page.getByTestId('payment-outcome-paid')).toContainText('Оплата прошла');
    await expect(page.getByTestId('order-paid')).toHaveText('Оплачен');
    await expect(page.getByRole('button', { name: /^Оплатить/ })).toHaveCount(0);
  });
});
