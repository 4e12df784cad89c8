import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/api';
import { bearer, customerToken, seedStorage, STORAGE } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';
import { placeOrder } from '../support/orders';
import { chooseInOrderForm } from '../support/ui';

/**
 * Issue 16 on a 375×812 phone: nothing covers the open price summary, the courier box and the payer toggle fit,
 * the cabinet's download buttons are whole, /api-docs fits, and the pickup map stays inside its frame (under the
 * bottom bar and the header, its taps its own). Tiles come from a stand-in on the test's side: no real tile
 * server is reached.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** An opaque 1×1 PNG (pale green) for every map tile: drawn 256 px wide, as a real tile covers what is below. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4c/cMAATuAnZHRCEGAAAAAElFTkSuQmCC',
  'base64',
);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element box').not.toBeNull();
  return found ?? { x: 0, y: 0, width: 0, height: 0 };
}

/** Every button's label is drawn whole and the button lies inside the screen's width. */
async function expectWholeButtons(scope: Locator, width: number): Promise<void> {
  const buttons = await scope.locator('button:visible, a.mantine-Button-root:visible').evaluateAll((nodes) =>
    nodes.map((node) => {
      const label = node.querySelector('.mantine-Button-label') ?? node;
      const rect = node.getBoundingClientRect();
      return {
        text: (node.textContent ?? '').trim(),
        scroll: label.scrollWidth,
        client: label.clientWidth,
        left: rect.left,
        right: rect.right,
      };
    }),
  );
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    expect(button.scroll, `label of "${button.text}" is cut`).toBeLessThanOrEqual(button.client);
    expect(button.right, `"${button.text}" sticks out`).toBeLessThanOrEqual(width);
    expect(button.left, `"${button.text}" sticks out`).toBeGreaterThanOrEqual(0);
  }
}

/** Nothing paints over the element: a tap anywhere on it (a grid of points) lands on the element itself. */
async function expectNothingOver(page: Page, target: Locator): Promise<void> {
  const handle = await target.elementHandle();
  const covered = await page.evaluate((element) => {
    if (!element) return ['(gone)'];
    const rect = element.getBoundingClientRect();
    const found: string[] = [];
    for (let column = 1; column < 12; column += 1) {
      for (let row = 1; row < 4; row += 1) {
        const x = rect.left + (rect.width * column) / 12;
        const y = rect.top + (rect.height * row) / 4;
        const hit = document.elementFromPoint(x, y);
        if (hit && !element.contains(hit)) {
          found.push(`${Math.round(x)},${Math.round(y)}: ${hit.tagName} ${hit.className}`.slice(0, 80));
        }
      }
    }
    return found;
  }, handle);
  expect(covered, 'painted over (a tap there lands elsewhere)').toEqual([]);
}

async function fillSteps1And2(page: Page): Promise<void> {
  await page.goto('/order?reset=true');
  await chooseInOrderForm(page, 'Документ', 'Паспорт');
  await chooseInOrderForm(page, 'Язык перевода', 'Английский');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/\/order\/step-2$/);
  await page.getByRole('textbox', { name: 'Имя' }).fill('Анна Смирнова');
  await page.getByRole('textbox', { name: 'Телефон' }).fill('9161234567');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('phone'));
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/\/order\/step-3$/);
}

test('the support button never covers the open summary, its discount and total', async ({ page }) => {
  await page.goto('/order?reset=true');
  await chooseInOrderForm(page, 'Документ', 'Паспорт');
  await chooseInOrderForm(page, 'Язык перевода', 'Английский');
  await page.getByRole('textbox', { name: 'Промокод' }).fill('WELCOME10');
  await expect(page.getByTestId('promo-status')).toHaveText('Промокод применён: скидка 10%');
  const support = page.getByRole('button', { name: 'Написать в поддержку' });
  await expect(support).toBeVisible();

  await page.getByRole('button', { name: /^Итого/ }).tap();
  const details = page.locator('#order-summary-details');
  await expect(details).toBeVisible();
  await expect(details).toContainText('Скидка');
  await page.waitForTimeout(300); // the collapse animation
  const bar = await box(page.getByTestId('order-bottom-bar'));
  if (await support.isVisible()) {
    const button = await box(support);
    expect(button.y + button.height, 'the support button lies on the open summary').toBeLessThanOrEqual(
      bar.y,
    );
  }
  await page.getByRole('button', { name: /^Итого/ }).tap();
  await expect(details).toBeHidden();
  await expect(support).toBeVisible();
});

test('step 2 payer toggle and step 3 courier box fit the phone', async ({ page }) => {
  await page.goto('/order?reset=true');
  await chooseInOrderForm(page, 'Документ', 'Паспорт');
  await chooseInOrderForm(page, 'Язык перевода', 'Английский');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/\/order\/step-2$/);
  const payer = page.getByRole('radiogroup', { name: 'Плательщик' });
  // 375 px, and the narrowest phones still in use.
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 812 });
    const labels = await payer
      .locator('label')
      .evaluateAll((nodes) =>
        nodes.map((node) => ({ text: node.textContent, scroll: node.scrollWidth, client: node.clientWidth })),
      );
    expect(labels.map((label) => label.text)).toEqual(['Физическое лицо', 'Организация']);
    for (const label of labels) {
      expect(label.scroll, `${label.text} is cut at ${width} px`).toBeLessThanOrEqual(label.client);
    }
    await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize({ width: 375, height: 812 });

  await page.getByRole('textbox', { name: 'Имя' }).fill('Анна Смирнова');
  await page.getByRole('textbox', { name: 'Телефон' }).fill('9161234567');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('phone'));
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/\/order\/step-3$/);
  await page.getByRole('radio', { name: /^Курьер по Москве/ }).click();
  const courier = page.getByRole('region', { name: 'Адрес доставки' });
  await expect(courier).toBeVisible();
  await expectNoSidewaysScroll(page);
  const overflowing = await courier.evaluate((section) =>
    Array.from(section.querySelectorAll('*'))
      .filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((node) => `${node.tagName} ${(node.textContent ?? '').slice(0, 30)}`),
  );
  expect(overflowing, 'sticks out of the courier box').toEqual([]);
  await expectWholeButtons(courier, 375);
});

/** The OpenStreetMap map, loaded (chosen in the map's switch if it is not the one shown). */
async function showOpenStreetMap(page: Page): Promise<Locator> {
  const map = page.getByTestId('pickup-map');
  await expect(map).toHaveAttribute('data-provider', /.+/);
  if ((await map.getAttribute('data-provider')) !== 'leaflet') {
    await page
      .locator('label')
      .filter({ hasText: /^OpenStreetMap$/ })
      .click();
  }
  await expect(map).toHaveAttribute('data-provider', 'leaflet');
  await expect(map).toHaveAttribute('data-status', 'loaded');
  return map;
}

test('without a Yandex key the pickup map is OpenStreetMap at once, beside a working list', async ({
  page,
}) => {
  await page.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  await fillSteps1And2(page);
  await page.getByRole('radio', { name: /^Пункт выдачи/ }).click();
  const map = page.getByTestId('pickup-map');
  await expect(map).toHaveAttribute('data-status', 'loaded');
  await expect(map).toHaveAttribute('data-provider', 'leaflet');
  await expect(page.getByText(/нет API-ключа/)).toHaveCount(0);
  // The list works, map or not.
  const taganskaya = page.getByRole('radio', { name: /ПВЗ «Таганская»/ });
  await taganskaya.click();
  await expect(taganskaya).toBeChecked();
});

test('the pickup map stays under the bottom bar: «Оформить заказ» takes its tap', async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  await fillSteps1And2(page);
  await page.getByRole('radio', { name: /^Пункт выдачи/ }).click();
  await showOpenStreetMap(page);

  // The map reaches down under the bottom bar (its lower part is below the bar's top).
  const bar = await box(page.getByTestId('order-bottom-bar'));
  const frame = await box(page.locator('.leaflet-container'));
  if (frame.y + frame.height < bar.y + bar.height)
    await page.mouse.wheel(0, frame.y + frame.height - bar.y - 40);
  await page.waitForTimeout(300);
  await expectNothingOver(page, page.getByTestId('order-bottom-bar'));
  await expect(page.getByRole('button', { name: 'Оформить заказ' })).toBeVisible();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 720 }, isMobile: false, hasTouch: false });

  test('the pickup map does not paint over the header', async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
    );
    await fillSteps1And2(page);
    await page.getByRole('radio', { name: /^Пункт выдачи/ }).click();
    const map = await showOpenStreetMap(page);
    // Scroll the map's middle up to the header's line.
    const header = page.locator('header').first();
    const headerBox = await box(header);
    const mapBox = await box(map);
    await page.mouse.wheel(0, mapBox.y + mapBox.height / 2 - headerBox.height / 2);
    await page.waitForTimeout(200);
    await expectNothingOver(page, header);
  });
});

test('the cabinet order files and invoices keep «Скачать» and «PDF» whole', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('phone-cabinet');
  const token = await customerToken(request, email);
  const upload = await request.post('/api/upload/public', {
    headers: bearer(token),
    multipart: {
      files: {
        name: 'очень-длинное-имя-файла-скана-паспорта-с-пропиской.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'),
      },
    },
  });
  expect(upload.status(), 'upload').toBe(200);
  const { items: files } = (await upload.json()) as { items: Array<{ id: string; token: string }> };
  const order = await placeOrder(request, email, { token, files });
  const invoice = await request.post(`/api/user/orders/${order.id}/generate-invoice`, {
    headers: bearer(token),
  });
  expect(invoice.ok(), 'invoice').toBe(true);
  await seedStorage(page, { [STORAGE.cabinetToken]: token });

  await page.goto(`/cabinet/orders/${order.id}`);
  await expect(page.getByRole('button', { name: /^Скачать очень-длинное/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectWholeButtons(page.locator('main'), 375);

  await page.goto('/cabinet/invoices');
  await expect(page.getByTestId('document-card')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectWholeButtons(page.getByTestId('documents-list'), 375);
});

test('/api-docs fits the phone: long paths wrap', async ({ page }) => {
  await page.goto('/api-docs');
  await expect(page.getByText('/api/auth/login', { exact: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Every path is drawn whole: inside the screen and not scrolled or clipped within its own box.
  const cut = await page
    .locator('main code')
    .evaluateAll((nodes) =>
      nodes
        .filter(
          (node) =>
            node.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 ||
            node.scrollWidth > node.clientWidth + 1,
        )
        .map((node) => node.textContent),
    );
  expect(cut, 'paths cut on a phone').toEqual([]);
});
