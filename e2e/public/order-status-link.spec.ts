import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { latestMail, uniqueEmail } from '../support/api';
import { placeOrder } from '../support/orders';

const require = createRequire(import.meta.url);

/** axe-core's serious and critical findings on the page (WCAG 2 A/AA rules). */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  // Evaluated through the debugger protocol: the page's Content-Security-Policy refuses injected script tags.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
    ).axe;
    type AxeResult = { violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => (node as { html: string }).html))}`,
      );
  });
}

test.describe('the order-status link of the e-mails', () => {
  test('a guest opens the status from the confirmation e-mail, pays, and sees the order paid', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('status-link');
    const order = await placeOrder(request, email);
    const mail = await latestMail(request, email);
    const href = /Статус заказа без входа в кабинет: (\S+)/.exec(mail.text)?.[1];
    expect(href, mail.text).toBeDefined();
    const link = new URL(href!);
    expect(link.pathname).toMatch(/^\/order-status\/[0-9a-f]{64}$/);

    await page.goto(link.pathname);
    await expect(page.getByRole('heading', { name: `Заказ №${order.number}` })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Новый');
    await expect(page.getByTestId('order-paid')).toHaveText('Не оплачен');
    await expect(page.getByTestId('order-status-documents')).toContainText('Паспорт × 2');
    await expect(page.getByTestId('order-status-delivery')).toContainText('Часы работы');
    await expect(page.getByTestId('order-status-amount')).toHaveText(/^[\d\u00a0]+\u00a0₽$/);
    // No personal data on a page anyone with the link may open.
    await expect(page.getByText(email)).toHaveCount(0);
    await expect(page.getByText('Ирина Кабинетова')).toHaveCount(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await expect(page.getByRole('link', { name: 'Войти в кабинет' })).toHaveAttribute(
      'href',
      '/cabinet-login',
    );

    await page.getByRole('button', { name: /^Оплатить / }).click();
    await expect(page).toHaveURL(/\/payment\/test\//);
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await expect(page).toHaveURL(/payment=return/);

    await page.goto(link.pathname);
    await expect(page.getByTestId('order-paid')).toHaveText('Оплачен');
    await expect(page.getByRole('button', { name: /^Оплатить / })).toHaveCount(0);
  });

  test('a broken link says the order was not found and offers the cabinet', async ({ page }) => {
    await page.goto(`/order-status/${'0'.repeat(64)}`);
    await expect(page.getByTestId('order-status-error')).toContainText('Заказ не найден');
    await expect(page.getByRole('link', { name: 'Войти в кабинет' })).toBeVisible();
  });
});
