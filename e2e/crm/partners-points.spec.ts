import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInStaff } from '../support/fixtures';

/** Back office (ADMIN): partners, their pickup points with photos, offices (issue 5). */

const unique = () => Math.random().toString(36).slice(2, 8);

async function activePointNames(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/point/active');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: Array<{ name: string }> }).items.map((point) => point.name);
}

test('ADMIN creates a partner, adds a point with a photo, then takes the point out of the order form', async ({
  page,
  request,
}) => {
  // Two forms, an upload and a few lists: under the full parallel run on two cores this takes 20–30 s.
  test.setTimeout(60_000);
  await signInStaff(page, request, 'ADMIN');
  const partnerName = `ПВЗ Тест ${unique()}`;
  const pointName = `Пункт на Соколе ${unique()}`;

  await page.goto('/crm/partner');
  await page.getByRole('button', { name: 'Добавить партнёра' }).click();
  const partnerForm = page.getByRole('form', { name: 'Новый партнёр' });
  await partnerForm.getByRole('textbox', { name: 'Название', exact: true }).fill(partnerName);
  await partnerForm.getByRole('textbox', { name: 'Комиссия, %', exact: true }).fill('150');
  await partnerForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(partnerForm.getByText('Комиссия — от 0 до 100 %')).toBeVisible();
  await partnerForm.getByRole('textbox', { name: 'Комиссия, %', exact: true }).fill('12,5');
  await partnerForm.getByRole('button', { name: 'Сохранить' }).click();
  const partnerRow = page.getByTestId('partners-table').getByRole('row').filter({ hasText: partnerName });
  await expect(partnerRow).toContainText('12,5 %');
  await expect(partnerRow).toContainText('0 пунктов');

  await partnerRow.getByRole('link', { name: 'Пункты' }).click();
  await expect(page.getByRole('heading', { name: 'Пункты выдачи' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить пункт' }).click();
  const pointForm = page.getByRole('form', { name: 'Новый пункт выдачи' });
  await pointForm.getByRole('textbox', { name: 'Название', exact: true }).fill(pointName);
  await pointForm.getByRole('textbox', { name: 'Адрес', exact: true }).fill('Москва, Ленинградский пр-т, 75');
  await pointForm.getByRole('textbox', { name: 'Широта', exact: true }).fill('55.805');
  await pointForm.getByRole('textbox', { name: 'Долгота', exact: true }).fill('37.515');
  await pointForm.getByRole('textbox', { name: 'Метро', exact: true }).fill('Сокол');
  await pointForm.getByRole('textbox', { name: 'Цвет линии метро', exact: true }).fill('#2DBE2C');
  await pointForm.getByRole('button', { name: 'Сохранить' }).click();

  // Saved: the same window now edits the point and offers photos.
  await expect(page.getByRole('form', { name: 'Изменить пункт выдачи' })).toBeVisible();
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  await page
    .getByTestId('point-photo-dropzone')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'vhod.png', mimeType: 'image/png', buffer: png });
  const photo = page.getByTestId('point-photos').getByRole('img', { name: `Фото 1 пункта «${pointName}»` });
  await expect(photo).toBeVisible();
  // The stored photo really loads (a WebP served by the API), not just an <img> tag. The tile is lazy-loaded,
  // so bring it into view first, as a user scrolling the window would.
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  const pointRow = page.getByTestId('point-row').filter({ hasText: pointName });
  await expect(pointRow.locator('img')).toBeVisible();
  expect(await activePointNames(page)).toContain(pointName);

  await pointRow.getByRole('switch', { name: `Пункт «${pointName}» активен` }).click({ force: true });
  await expect(page.getByText('Пункт скрыт из формы заказа')).toBeVisible();
  await expect(pointRow.getByRole('switch')).not.toBeChecked();
  expect(await activePointNames(page)).not.toContain(pointName);

  await page.getByRole('main').getByRole('link', { name: 'Партнёры' }).click();
  await expect(
    page.getByTestId('partners-table').getByRole('row').filter({ hasText: partnerName }),
  ).toContainText('1 пункт');
});

test('ADMIN creates an office and deletes it after confirming', async ({ page, request }) => {
  await signInStaff(page, request, 'ADMIN');
  const officeName = `Офис ${unique()}`;

  await page.goto('/crm/offices');
  await page.getByRole('button', { name: 'Добавить офис' }).click();
  const form = page.getByRole('form', { name: 'Новый офис' });
  await form.getByRole('textbox', { name: 'Название', exact: true }).fill(officeName);
  await form.getByRole('textbox', { name: 'Адрес', exact: true }).fill('Москва, ул. Арбат, 10');
  await form.getByRole('textbox', { name: 'Телефон', exact: true }).fill('123');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByText('Введите телефон в формате +7XXXXXXXXXX')).toBeVisible();
  await form.getByRole('textbox', { name: 'Телефон', exact: true }).fill('8 (495) 111-22-33');
  await form.getByRole('textbox', { name: 'График работы', exact: true }).fill('Пн–Пт 10:00–19:00');
  await form.getByRole('button', { name: 'Сохранить' }).click();

  const row = page.getByTestId('office-row').filter({ hasText: officeName });
  await expect(row).toContainText('+74951112233');
  await expect(row).toContainText('Активен');

  await row.getByRole('button', { name: 'Удалить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить офис?' });
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  // As a person would: the question is gone before the row is used again (a click into a closing dialog may be lost).
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Удалить' }).click();
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Офис удалён')).toBeVisible();
  await expect(row).toHaveCount(0);
});
