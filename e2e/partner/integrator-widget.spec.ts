import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/api';
import { expectAccessible } from '../support/axe';
import { bearer, signInPartnerPortal } from '../support/fixtures';
import { placeOrder } from '../support/orders';

/** A partner's site on another origin (localhost vs the app's 127.0.0.1) with the widget's embed code. */
async function partnerSite(embedCode: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="ru"><head><title>Визовый центр</title></head><body><main><h1>Перевод документов</h1>${embedCode}</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, server };
}

/** Decision 072: an integrator's widget from its creation to an attributed order placed from another site. */
test('an integrator embeds the widget on its site; a visitor gets a price and is handed over to the form', async ({
  page,
  request,
  browser,
}) => {
  const script = await request.get('/widget.js');
  expect(script.ok()).toBe(true);
  expect(script.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  const body = await script.body();
  expect(gzipSync(body).length, 'widget.js gzip size').toBeLessThanOrEqual(30 * 1024);
  expect(body.toString()).not.toMatch(/react-dom|__SECRET_INTERNALS/);

  const token = await signInPartnerPortal(page, request, DEMO.integrator);
  const name = `Калькулятор ${Date.now()}`;
  await page.goto('/partner/integrator/widgets');
  await page.getByRole('button', { name: 'Новый виджет' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название').fill(name);
  const domains = dialog.getByRole('combobox', { name: 'Домены сайтов' });
  await domains.fill('localhost');
  await domains.press('Enter');
  await dialog.getByRole('button', { name: 'Создать виджет' }).click();
  const card = page.getByRole('region', { name });
  await expect(card).toBeVisible();
  // The preview is the real script on our own site.
  await expect(card.getByText(/Итого: \d/)).toBeVisible();
  await expectAccessible(page, '/partner/integrator/widgets');
  const embedCode = (await card.getByTestId('embed-code').textContent())!;
  const widgets = (await (
    await request.get('/api/partner/integrator/widgets', { headers: bearer(token) })
  ).json()) as { items: Array<{ id: string; name: string }> };
  const widget = widgets.items.find((item) => item.name === name)!;
  expect(embedCode).toContain(`data-widget-id="${widget.id}"`);

  const site = await partnerSite(embedCode);
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(site.url);
    await expect(visitorPage.getByText(/Итого: \d/)).toBeVisible();
    await visitorPage.getByLabel('Копий').fill('2');
    await visitorPage.getByLabel('Копий').blur();
    const orderLink = visitorPage.getByRole('link', { name: 'Оформить заказ' });
    await expect(orderLink).toHaveAttribute('href', new RegExp(`/w/${widget.id}\\?docs=[^&]+%3A2`));
    const [form] = await Promise.all([visitor.waitForEvent('page'), orderLink.click()]);
    await expect(form).toHaveURL(/\/order\/step-1$/);
    await expect(form.getByRole('heading', { level: 1 })).toBeVisible();
    const draft = await form.evaluate(() => window.localStorage.getItem('order_draft'));
    expect(JSON.parse(draft!).step1.documentsWithQuantity[0].quantity).toBe(2);

    // The hand-over set the referral cookie of the widget's link: the order is the integrator's.
    await placeOrder(visitor.request, `widget.${Date.now()}@example.ru`);
  } finally {
    await visitor.close();
    site.server.close();
  }

  await page.reload();
  await expect(page.getByRole('region', { name })).toContainText('Заказов: 1');
  // Another site is refused: the widget says so instead of prices.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const refused = await partnerSite(embedCode);
    await otherPage.goto(refused.url.replace('localhost', '127.0.0.1'));
    await expect(otherPage.getByRole('alert')).toContainText('Виджет не разрешён на этом сайте');
    refused.server.close();
  } finally {
    await other.close();
  }
});
