import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/layout';
import { chooseInOrderForm } from '../support/ui';

/**
 * The smallest phones still in use are 320 px wide (and many Androids 360 px). The order form must fit them:
 * nothing may push the page sideways (on a phone that is a page that wobbles under the thumb and a support
 * button half off the screen), and the bottom bar's buttons keep their whole labels.
 */
/** Every button label in the bottom bar is drawn whole (not cut by the button's width). */
async function expectWholeButtonLabels(page: Page, expected: string[]): Promise<void> {
  const labels = await page
    .getByTestId('order-bottom-bar')
    .locator('.mantine-Button-label')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ text: node.textContent, scroll: node.scrollWidth, client: node.clientWidth })),
    );
  expect(labels.map((label) => label.text)).toEqual(expected);
  for (const label of labels) expect(label.scroll, label.text ?? '').toBeLessThanOrEqual(label.client);
}

for (const width of [320, 360]) {
  test.describe(`order form on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 640 }, isMobile: true, hasTouch: true });

    test('fits the screen on every step; the step indicator names the current step and keeps the others for screen readers', async ({
      page,
    }) => {
      await page.goto('/order/step-1?reset=true');
      await expect(page.getByRole('combobox', { name: 'Документ', exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);

      const steps = page.getByRole('navigation', { name: 'Шаги оформления заказа' }).getByRole('listitem');
      await expect(steps).toHaveCount(3);
      await expect(steps.nth(0).getByText('Документы')).toBeVisible();
      // Only the number is drawn for the other steps; their names are still read out.
      await expect(steps.nth(1)).toHaveText('2Контакты');
      await expect(steps.nth(2)).toHaveText('3Доставка');
      for (const index of [0, 1, 2]) {
        const box = await steps.nth(index).boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      }

      await chooseInOrderForm(page, 'Документ', 'Паспорт');
      await chooseInOrderForm(page, 'Язык перевода', 'Английский');
      await expectNoSidewaysScroll(page);
      await expectWholeButtonLabels(page, ['+ Добавить ещё документ', 'Далее']);
      await page.getByRole('button', { name: 'Далее' }).click();

      await expect(page).toHaveURL(/\/order\/step-2$/);
      await expect(page.getByRole('textbox', { name: 'Имя' })).toBeVisible();
      await expect(steps.nth(1).getByText('Контакты')).toBeVisible();
      await page.getByRole('textbox', { name: 'Имя' }).fill('Анна Смирнова');
      await page.getByRole('textbox', { name: 'Телефон' }).fill('9161234567');
      await page.getByRole('textbox', { name: 'Email' }).fill('small-screen@example.com');
      await expectNoSidewaysScroll(page);
      await expectWholeButtonLabels(page, ['Назад', 'Далее']);
      await page.getByRole('button', { name: 'Далее' }).click();

      await expect(page).toHaveURL(/\/order\/step-3$/);
      await expect(page.getByRole('button', { name: 'Оформить заказ' })).toBeVisible();
      await expect(steps.nth(2).getByText('Доставка')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectWholeButtonLabels(page, ['Назад', 'Оформить заказ']);
    });
  });
}

test.describe('support button on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('hides while the document list is open and comes back once a document is chosen', async ({ page }) => {
    await page.goto('/order/step-1?reset=true');
    const support = page.getByRole('button', { name: 'Написать в поддержку' });
    await expect(support).toBeVisible();

    const picker = page.getByRole('combobox', { name: 'Документ', exact: true });
    await picker.tap();
    await expect(support).toBeHidden();
    // The choice closes the system list; the select keeps focus, the button is back for the next question.
    await picker.selectOption({ label: 'Паспорт' });
    await expect(page.getByRole('region', { name: 'Паспорт' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Добавить ещё документ' })).toBeFocused();
    await expect(support).toBeVisible();
  });
});
